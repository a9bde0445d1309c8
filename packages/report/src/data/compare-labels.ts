import type { RunReportData } from './run-report-data.js';

/**
 * One fact that may tell compared runs apart, with how it reads in a label. A fact that belongs
 * to a method (`perMethod`) is named only when runs of one method differ in it: a GEPA cell's
 * `paper` profile beside a Forge run's none is already said by the method's name.
 */
interface Facet {
  readonly value: (data: RunReportData) => string;
  readonly label: (value: string) => string;
  readonly perMethod?: true;
}

const methodOf = (data: RunReportData): string => data.run.variant ?? 'forge';

const facets: readonly Facet[] = [
  { value: methodOf, label: (value) => value },
  {
    value: (data) => data.run.profile ?? '',
    label: (value) => `profile ${value || 'none'}`,
    perMethod: true,
  },
  { value: (data) => data.run.benchmark, label: (value) => value },
  { value: (data) => data.run.taskModel, label: (value) => `task ${value}` },
  { value: (data) => data.run.optimizerModel, label: (value) => `optimizer ${value}` },
  { value: (data) => String(data.run.seed), label: (value) => `seed ${value}` },
  { value: (data) => runArm(data), label: (value) => value },
];

function pathParts(runDir: string): string[] {
  return runDir.split(/[\\/]/).filter((part) => part !== '' && part !== '.');
}

/**
 * A suite cell's arm: the one it records, else (a run from before cells recorded it) its
 * directory's — a cell's directory ends in `augmented` for the augmented arm.
 */
export function runArm(data: RunReportData): string {
  if (data.run.suiteCell !== undefined) return data.run.suiteCell.arm;
  return pathParts(data.run.runDir).at(-1) === 'augmented' ? 'augmented' : 'original';
}

/**
 * Where the run lives, as short as still tells it apart: the fewest trailing parts of a suite
 * cell's id (the path after `cells/`) or of the run directory that differ between the runs.
 */
function locations(runs: readonly RunReportData[]): string[] {
  const parts = runs.map((data) => {
    const all = pathParts(data.run.runDir);
    const cells = all.lastIndexOf('cells');
    return cells >= 0 && cells < all.length - 1 ? all.slice(cells + 1) : all;
  });
  const longest = Math.max(1, ...parts.map((list) => list.length));
  for (let length = 1; length <= longest; length++) {
    const names = parts.map((list) => list.slice(-length).join('/'));
    if (new Set(names).size === names.length) return names;
  }
  return parts.map((list) => list.join('/'));
}

function differs(facet: Facet, runs: readonly RunReportData[]): boolean {
  if (facet.perMethod === undefined) return new Set(runs.map(facet.value)).size > 1;
  const byMethod = new Map<string, Set<string>>();
  for (const data of runs) {
    const values = byMethod.get(methodOf(data)) ?? new Set<string>();
    values.add(facet.value(data));
    byMethod.set(methodOf(data), values);
  }
  return [...byMethod.values()].some((values) => values.size > 1);
}

/**
 * The labels of compared runs, by what differs between them: method, its profile, benchmark,
 * models, seed and suite arm, in that order, naming only the facts that are not the same for every
 * run (the profile only when runs of one method differ in it). Runs
 * that no such fact tells apart (or a single run) are named by where they live: the trailing part
 * of the suite cell id or run directory that differs.
 */
export function compareLabels(runs: readonly RunReportData[]): string[] {
  const differing = facets.filter((facet) => differs(facet, runs));
  const labels = runs.map((data) =>
    differing.map((facet) => facet.label(facet.value(data))).join(' · '),
  );
  if (differing.length > 0 && new Set(labels).size === labels.length) return labels;
  const places = locations(runs);
  return labels.map((label, index) =>
    label === '' ? (places[index] ?? '') : `${label} · ${places[index] ?? ''}`,
  );
}
