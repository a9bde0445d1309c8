import { type RunDatabase, readCheckpointRecords } from '@forge/store';
import { parseJson } from './clip-text.js';
import { loadMethodMinibatches } from './load-method-minibatches.js';
import type {
  MiproReportDemonstration,
  MiproReportDemoSet,
  MiproReportDetails,
  MiproReportTrial,
} from './mipro-report-details.js';

/**
 * Reads a MIPROv2 run's own records (`search-plan`, `trial`, `instructions`, `demo-sets`,
 * `search-end`, the best `candidate`'s demonstrations, and each minibatch trial's executions). Undefined for runs of other methods
 * (they have no `demo-sets` or `search-plan` record).
 */
export function loadMiproDetails(
  database: RunDatabase,
  bestCandidate: number,
): MiproReportDetails | undefined {
  const rows = readCheckpointRecords(database, [
    'search-plan',
    'trial',
    'instructions',
    'demo-sets',
    'search-end',
    'candidate',
  ]);
  if (!rows.some((row) => row.kind === 'demo-sets' || row.kind === 'search-plan')) return undefined;
  const of = (kind: string) =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => parseJson<Record<string, unknown>>(row.dataJson, {}));
  const plan = of('search-plan')[0];
  const end = of('search-end')[0];
  const instructions = of('instructions')[0];
  const demoSets = of('demo-sets')[0];
  const best = of('candidate').find((data) => data['candidate'] === bestCandidate);
  const minibatches = loadMethodMinibatches(database);
  const trials = of('trial').map((data): MiproReportTrial => {
    const trial = Number(data['trial']);
    const executions = minibatches.get(trial - 1)?.proposalExecutions;
    return {
      trial,
      score: Number(data['score']),
      scoredOn: String(data['scoredOn'] ?? 'minibatch'),
      selection: (data['selection'] ?? {}) as MiproReportTrial['selection'],
      ...(executions === undefined || executions.length === 0 ? {} : { executions }),
    };
  });
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const dataSummary = text(instructions?.['dataSummary']);
  const programDescription = text(instructions?.['programDescription']);
  const bootstrap =
    demoSets === undefined
      ? undefined
      : {
          runs: Number(demoSets['runs'] ?? 0),
          passed: Number(demoSets['passed'] ?? 0),
          ...(typeof demoSets['cutShort'] === 'string' ? { cutShort: demoSets['cutShort'] } : {}),
          ...(typeof demoSets['errors'] === 'number' && demoSets['errors'] > 0
            ? { errors: demoSets['errors'] }
            : {}),
        };
  return {
    ...(plan === undefined ? {} : { plan: plan as unknown as MiproReportDetails['plan'] }),
    ...(end === undefined ? {} : { end: end as unknown as MiproReportDetails['end'] }),
    trials,
    instructions: (instructions?.['instructions'] ?? {}) as Record<string, string[]>,
    ...(dataSummary === undefined ? {} : { dataSummary }),
    ...(programDescription === undefined ? {} : { programDescription }),
    proposalNoOps: Array.isArray(instructions?.['noOps']) ? instructions['noOps'].length : 0,
    ...(bootstrap === undefined ? {} : { bootstrap }),
    demoSets: (demoSets?.['sets'] ?? []) as MiproReportDemoSet[],
    bestDemos: (best?.['demos'] ?? {}) as Record<string, MiproReportDemonstration[]>,
    bestSelection: (best?.['selection'] ?? {}) as MiproReportDetails['bestSelection'],
  };
}
