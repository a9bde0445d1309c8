import type { AttemptRecord } from '../run/attempt-record.js';

/**
 * The attempts that were not admitted, one JSON object per line: outcome, reasons, verdicts,
 * what a guard matched, and the candidate when there was one. Useful for debugging a generator
 * and as negatives (DPO `rejected`, KTO `label: false`).
 */
export function rejectedToJsonl(records: readonly AttemptRecord[]): string {
  return records
    .filter((record) => record.outcome !== 'admitted')
    .map((record) => {
      const verdict = record.verdict;
      return JSON.stringify({
        event: record.event,
        slot: record.slot,
        outcome: record.outcome,
        reasonCode: record.reasonCode,
        reason: record.reason,
        modeId: record.modeId ?? null,
        modeName: record.modeName ?? null,
        intent: record.intent,
        sourceObservationId: record.sourceObservationId ?? null,
        sourceInstanceId: record.sourceInstanceId,
        candidate:
          record.instance === undefined
            ? null
            : { id: record.instance.id, input: record.instance.input, gold: record.instance.gold },
        validity: verdict?.ok ? verdict.validity : null,
        validityReason: verdict?.ok ? verdict.validityReason : null,
        faithfulness: verdict?.ok ? verdict.faithfulness : null,
        faithfulnessReason: verdict?.ok ? verdict.faithfulnessReason : null,
        guardMatch: record.guardMatch ?? null,
        models: record.models,
      });
    })
    .map((line) => `${line}\n`)
    .join('');
}
