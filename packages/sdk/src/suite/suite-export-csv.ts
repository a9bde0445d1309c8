import type { TableEntry } from '@forge/suite';
import type { SuiteExportCell, SuiteExportInstance } from './suite-export-rows.js';

type Field = string | number | boolean | null;

/**
 * One CSV field: numbers in full precision (JavaScript's shortest round-trip form), booleans as
 * `true`/`false`, null as empty; text quoted when it holds a comma, quote or line break (RFC
 * 4180), and prefixed with `'` when it starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return, so a spreadsheet never runs a name from a received suite directory as a formula (the
 * JSON export carries the exact text).
 */
export function csvField(value: Field): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A CSV document: a header row, then one line per row, each ending in `\n`. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly Field[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\n`).join('');
}

const cellColumns = [
  'suite',
  'cell',
  'benchmark',
  'method',
  'profile',
  'arm',
  'taskModel',
  'optimizerModel',
  'seed',
  'status',
  'stopReason',
  'error',
  'ceiling',
  'maxEvaluations',
  'evaluationsUsed',
  'exceededCeiling',
  'seedValidation',
  'bestValidation',
  'seedTest',
  'bestTest',
  'testInstances',
  'testRepeats',
  'testCandidate',
  'costUsd',
  'optimizerCostUsd',
  'inputTokens',
  'outputTokens',
  'wallTimeSeconds',
  'invocations',
  'startedAt',
  'endedAt',
  'extraTraining',
  'synthesisEvents',
  'synthesisAttempts',
  'synthesisAdmitted',
  'forgeVersion',
  'simulated',
] as const satisfies readonly (keyof SuiteExportCell)[];

const roleFields = ['calls', 'cachedCalls', 'inputTokens', 'outputTokens', 'costUsd'] as const;

/**
 * The cells table: the columns of `SuiteExportCell` in order, then `stop` (its JSON, when
 * recorded) and `stoppedDependencies` (joined by `;`), per role any cell used (sorted by name)
 * `usage.<role>.calls|cachedCalls|inputTokens|outputTokens|costUsd`, then `versions`
 * (`package@version` joined by `;`) and `notes` (joined by a space).
 */
export function cellsCsv(cells: readonly SuiteExportCell[]): string {
  const roles = [...new Set(cells.flatMap((cell) => Object.keys(cell.usageByRole)))].sort();
  const header = [
    ...cellColumns,
    'stop',
    'stoppedDependencies',
    ...roles.flatMap((role) => roleFields.map((field) => `usage.${role}.${field}`)),
    'versions',
    'notes',
  ];
  const rows = cells.map((cell) => [
    ...cellColumns.map((column) => cell[column]),
    cell.stop === null ? null : JSON.stringify(cell.stop),
    cell.stoppedDependencies.join(';'),
    ...roles.flatMap((role) => {
      const usage = Object.hasOwn(cell.usageByRole, role) ? cell.usageByRole[role] : undefined;
      return roleFields.map((field) => usage?.[field] ?? null);
    }),
    Object.entries(cell.versions)
      .map(([name, version]) => `${name}@${version}`)
      .join(';'),
    cell.notes.join(' '),
  ]);
  return csvDocument(header, rows);
}

const instanceColumns = [
  'suite',
  'cell',
  'benchmark',
  'method',
  'profile',
  'arm',
  'taskModel',
  'optimizerModel',
  'seed',
  'instance',
  'score',
  'repeats',
  'status',
] as const satisfies readonly (keyof SuiteExportInstance)[];

/** The instances table: one row per cell and test instance, the columns of `SuiteExportInstance`. */
export function instancesCsv(instances: readonly SuiteExportInstance[]): string {
  return csvDocument(
    instanceColumns,
    instances.map((row) => instanceColumns.map((column) => row[column])),
  );
}

const entryColumns = [
  'table',
  'row',
  'column',
  'mean',
  'sd',
  'n',
  'of',
  'ciLow',
  'ciHigh',
  'ciSeeds',
  'ciInstances',
  'against',
  'againstArm',
  'pValue',
  'pairs',
  'testMethod',
  'significant',
] as const satisfies readonly (keyof TableEntry)[];

/** The entries table: every table entry with its statistics, then `perSeed` (`seed:value;…`). */
export function entriesCsv(entries: readonly TableEntry[]): string {
  return csvDocument(
    [...entryColumns, 'perSeed'],
    entries.map((entry) => [
      ...entryColumns.map((column) => entry[column]),
      entry.perSeed.map((value) => `${value.seed}:${value.value ?? ''}`).join(';'),
    ]),
  );
}
