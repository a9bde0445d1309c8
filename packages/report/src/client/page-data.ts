import type { RunReportData } from '../data/run-report-data.js';
import { formatScore } from '../primitives/format-value.js';

/** Where the live view asks for the run's version, and how often. */
export interface LiveOptions {
  /** The URL that answers with the current version (plain text). */
  readonly versionUrl: string;
  /** The version this page was drawn from. */
  readonly version: string;
  /** Milliseconds between polls. */
  readonly intervalMs: number;
}

/**
 * What the page's script needs and the markup does not hold: each instance's fields and
 * scores (by candidate, as text rounded as the report prints scores: `formatScore`), every
 * evaluation by candidate and instance, and the live view's settings.
 */
export function pageData(data: RunReportData, live?: LiveOptions): unknown {
  const evaluations: Record<string, Record<string, unknown>> = {};
  for (const evaluation of data.evaluations) {
    const { candidate, instanceId, ...rest } = evaluation;
    const byInstance = evaluations[String(candidate)] ?? {};
    byInstance[instanceId] = rest;
    evaluations[String(candidate)] = byInstance;
  }
  return {
    best: data.summary.bestCandidate,
    instances: Object.fromEntries(
      data.validationInstances.map((instance) => [
        instance.id,
        {
          input: instance.input,
          gold: instance.gold,
          // As the report prints scores (the script only shows them); the raw ones are in forge.db.
          scores: instance.scores.map((score) => (score === null ? null : formatScore(score))),
        },
      ]),
    ),
    evaluations,
    ...(live === undefined ? {} : { live }),
  };
}
