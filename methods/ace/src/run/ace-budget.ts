import type { AceSettings } from '../ace-settings.js';

/**
 * The most task evaluations one training sample can spend: the first answer, one regeneration
 * per reflection round, and the post-curation answer when it is on.
 */
export function worstCaseSampleEvaluations(settings: AceSettings): number {
  return 1 + settings.maxReflectionRounds + (settings.evaluateAfterCuration ? 1 : 0);
}

/**
 * True when a sample may start without risking the ceiling: its worst case plus one validation
 * pass must fit. The reserved pass is the one the schedule may ask for right after the sample,
 * or the final one that validates the last playbook when the budget stops the run, so the
 * playbook ACE ends with is always validated before it can be returned.
 */
export function canStartSample(options: {
  readonly evaluationsUsed: number;
  readonly maxEvaluations: number;
  readonly validationSize: number;
  readonly settings: AceSettings;
}): boolean {
  return (
    options.evaluationsUsed +
      worstCaseSampleEvaluations(options.settings) +
      options.validationSize <=
    options.maxEvaluations
  );
}
