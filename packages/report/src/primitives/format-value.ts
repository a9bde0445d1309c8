import { finiteOr } from './finite-or.js';

const missing = '—';

/** A mean score: three decimals on a 0–1 scale, two on larger scales, a dash when unknown. */
export function formatScore(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return missing;
  return Math.abs(value) <= 1 ? value.toFixed(3) : value.toFixed(2);
}

/** A whole count with thousands separators (no locale, so output is the same everywhere). */
export function formatCount(value: number): string {
  const rounded = Math.round(finiteOr(value, 0));
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/** A large count in short form: 950, 12.3k, 4.5M. */
export function formatCompact(value: number): string {
  const safe = finiteOr(value, 0);
  const magnitude = Math.abs(safe);
  if (magnitude >= 1e9) return `${(safe / 1e9).toFixed(1)}B`;
  if (magnitude >= 1e6) return `${(safe / 1e6).toFixed(1)}M`;
  if (magnitude >= 1e3) return `${(safe / 1e3).toFixed(1)}k`;
  return formatCount(safe);
}

/** US dollars: cents normally, four decimals for sub-cent amounts so small runs do not read $0.00. */
export function formatUsd(value: number): string {
  const safe = finiteOr(value, 0);
  if (safe !== 0 && Math.abs(safe) < 0.01) return `$${safe.toFixed(4)}`;
  return `$${safe.toFixed(2)}`;
}

/** A share in [0, 1] as a percentage with two significant digits below 10%. */
export function formatPercent(share: number): string {
  if (!Number.isFinite(share)) return missing;
  const percent = share * 100;
  if (percent === 0) return '0%';
  if (Math.abs(percent) >= 10) return `${Math.round(percent)}%`;
  return `${Number(percent.toPrecision(2))}%`;
}

/** `admitted/attempts (rate)`, the label of a synthesis-accounting bar. */
export function formatAdmissionRate(admitted: number, attempts: number): string {
  const safeAttempts = finiteOr(attempts, 0);
  const safeAdmitted = finiteOr(admitted, 0);
  const rate = safeAttempts > 0 ? formatPercent(safeAdmitted / safeAttempts) : missing;
  return `${formatCount(safeAdmitted)}/${formatCount(safeAttempts)} (${rate})`;
}

/** `1 candidate`, `3 candidates`: a count with its noun in the right number. */
export function formatQuantity(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${Math.round(finiteOr(count, 0)) === 1 ? singular : plural}`;
}

/** A wall time: `0.8 s`, `42 s`, `3 min 04 s`, `2 h 05 min`; a dash when unknown. */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return missing;
  if (milliseconds < 10_000) return `${(milliseconds / 1000).toFixed(1)} s`;
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return `${seconds} s`;
  const two = (value: number) => String(value).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${two(seconds % 60)} s`;
  const minutes = Math.round(seconds / 60);
  return `${formatCount(Math.floor(minutes / 60))} h ${two(minutes % 60)} min`;
}
