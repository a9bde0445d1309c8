import { ConfigError } from '../config/config-error.js';

// What each peer's reference does once the best candidate scores the maximum on validation:
// none stops its search. GEPA (gepa-ai/gepa b265bf9c, src/gepa/api.py:264–314) stops on a score
// only through the opt-in ScoreThresholdStopper (utils/stop_condition.py:64–80); its
// `skip_perfect_score` (proposer/reflective_mutation.py:448–453) only skips reflecting on a
// perfect minibatch. DSPy's MIPROv2 (4ed377ee9, teleprompt/mipro_optimizer_v2.py:672) runs all
// its trials; `metric_threshold` (:412, :442) filters bootstrapped demos. ACE (ba78d34,
// ace/ace.py:781–783, :683) runs all its epochs.
const peerReferences: Readonly<Record<string, string>> = {
  gepa: 'gepa-ai/gepa',
  'gepa-merge': 'gepa-ai/gepa',
  ace: 'ACE',
  mipro: "DSPy's MIPROv2",
};

/**
 * Refuses `budget.stopAtPerfectScore: true` for a method that is not one of Forge's variants: only
 * Forge stops at a perfect validation score (our documented choice; the paper is silent), and the
 * peers run as their references do, which never stop there. `false` is what they do anyway.
 */
export function checkPerfectScoreStop(
  method: string,
  stopAtPerfectScore: boolean | undefined,
  where: { file: string; line?: number | undefined },
): void {
  if (stopAtPerfectScore !== true) return;
  const reference = peerReferences[method];
  throw new ConfigError({
    file: where.file,
    ...(where.line === undefined ? {} : { line: where.line }),
    field: 'budget.stopAtPerfectScore',
    message:
      reference === undefined
        ? `method ${method} does not stop at a perfect validation score (only Forge's variants do); remove the field`
        : `method ${method} does not stop at a perfect validation score: its reference (${reference}) does not stop early, and Forge runs it as its reference does; remove the field`,
  });
}
