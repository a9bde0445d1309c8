import type { FailureMemoryState } from '@forge/memory';
import { addUsage, type Usage } from '@forge/provider';
import type { MutationIntent } from '../plan/mutation-intent.js';
import type { SynthesisMode } from '../plan/synthesis-slot.js';
import type { AttemptOutcome } from '../run/attempt-record.js';
import { attemptOutcomes } from '../run/attempt-record.js';
import type { SynthesisEventResult } from '../run/run-synthesis-event.js';
import type { OutcomeCounts } from '../run/synthesis-accounting.js';

/** One mode's line of a report. */
export interface ModeReport {
  /** Mode id. */
  readonly id: string;
  /** Mode name. */
  readonly name: string;
  /** Mode description. */
  readonly description: string;
  /** Supporting observations. */
  readonly support: number;
  /** Attempts allocated to it. */
  readonly attempts: number;
  /** Its attempts by outcome. */
  readonly outcomes: OutcomeCounts;
}

/** What a standalone synthesis run did, for people and for dashboards. */
export interface SynthesisReport {
  /** Event number used for ids (`syn-<event>-<slot>`). */
  readonly event: number;
  /** Attempts made (K). */
  readonly attempts: number;
  /** Instances admitted. */
  readonly admitted: number;
  /** admitted / attempts (0 without attempts). */
  readonly admissionRate: number;
  /** Attempts by outcome. */
  readonly outcomes: OutcomeCounts;
  /** Attempts by finer reason code. */
  readonly reasons: Readonly<Record<string, number>>;
  /** Attempts by intent and outcome. */
  readonly intents: Readonly<Partial<Record<MutationIntent, OutcomeCounts>>>;
  /** Per failure mode (empty for random synthesis). */
  readonly modes: readonly ModeReport[];
  /** Token counts by role. */
  readonly usage: {
    readonly assign: Usage;
    readonly generate: Usage;
    readonly verify: Usage;
    readonly total: Usage;
  };
  /** Summed cost in USD, when the models report it. */
  readonly costUsd?: number;
  /** What the assigner did, when failures were filed into failure modes first. */
  readonly assignment?: Pick<FailureMemoryState, 'actions' | 'noOps'>;
  /** The models, as `provider:model`. */
  readonly models: {
    readonly generator: string;
    readonly verifier: string;
    readonly assigner?: string;
  };
}

/** Builds the report of one event. */
export function buildSynthesisReport(options: {
  readonly result: SynthesisEventResult;
  readonly modes: readonly SynthesisMode[];
  readonly assignUsage: Usage;
  readonly assignCostUsd?: number;
  readonly memory?: FailureMemoryState;
  readonly models: SynthesisReport['models'];
}): SynthesisReport {
  const { accounting } = options.result;
  const perMode = new Map(accounting.modes.map((mode) => [mode.modeId, mode]));
  const cost =
    accounting.costUsd === undefined && options.assignCostUsd === undefined
      ? undefined
      : (accounting.costUsd ?? 0) + (options.assignCostUsd ?? 0);
  return {
    event: options.result.event,
    attempts: accounting.attempts,
    admitted: accounting.outcomes.admitted,
    admissionRate:
      accounting.attempts === 0 ? 0 : accounting.outcomes.admitted / accounting.attempts,
    outcomes: accounting.outcomes,
    reasons: accounting.reasons,
    intents: accounting.intents,
    modes: options.modes.map((mode) => ({
      id: mode.id,
      name: mode.name,
      description: mode.description,
      support: mode.observations.length,
      attempts: perMode.get(mode.id)?.attempts ?? 0,
      outcomes: perMode.get(mode.id)?.outcomes ?? zeroCounts(),
    })),
    usage: {
      assign: options.assignUsage,
      generate: accounting.usage.generate,
      verify: accounting.usage.verify,
      total: addUsage(
        addUsage(options.assignUsage, accounting.usage.generate),
        accounting.usage.verify,
      ),
    },
    ...(cost === undefined ? {} : { costUsd: cost }),
    ...(options.memory === undefined
      ? {}
      : { assignment: { actions: options.memory.actions, noOps: options.memory.noOps } }),
    models: options.models,
  };
}

/** A plain-text rendering of a report: totals, outcomes and their reasons, then one line per mode. */
export function formatSynthesisReport(report: SynthesisReport): string {
  const lines = [
    `synthesis event ${report.event}: ${report.admitted}/${report.attempts} admitted (${Math.round(report.admissionRate * 100)}%)`,
    `models: generator ${report.models.generator}, verifier ${report.models.verifier}${report.models.assigner ? `, assigner ${report.models.assigner}` : ''}`,
    'outcomes:',
    ...attemptOutcomes
      .filter((outcome) => report.outcomes[outcome] > 0)
      .map((outcome) => `  ${outcome.padEnd(22)} ${report.outcomes[outcome]}`),
  ];
  // Why attempts were not admitted, finer than the outcome (`schema-mismatch`, `duplicate-near`).
  const reasons = Object.entries(report.reasons).filter(([code]) => code !== 'admitted');
  if (reasons.length > 0) {
    lines.push(`reasons: ${reasons.map(([code, count]) => `${code} ${count}`).join(', ')}`);
  }
  if (report.modes.length > 0) {
    lines.push('modes (support → attempts → admitted):');
    for (const mode of report.modes) {
      lines.push(`  ${mode.name}: ${mode.support} → ${mode.attempts} → ${mode.outcomes.admitted}`);
    }
  }
  if (report.assignment !== undefined) {
    const { actions, noOps } = report.assignment;
    const noOpTotal = Object.values(noOps).reduce((sum, count) => sum + count, 0);
    lines.push(
      `assigner: ${actions.create} created, ${actions.assign} assigned, ${actions.rename} renamed, ${noOpTotal} no-op`,
    );
  }
  const total = report.usage.total;
  lines.push(
    `tokens: ${total.inputTokens} in, ${total.outputTokens} out${report.costUsd === undefined ? '' : `; cost $${report.costUsd.toFixed(4)}`}`,
  );
  return lines.join('\n');
}

function zeroCounts(): Record<AttemptOutcome, number> {
  return Object.fromEntries(attemptOutcomes.map((outcome) => [outcome, 0])) as Record<
    AttemptOutcome,
    number
  >;
}
