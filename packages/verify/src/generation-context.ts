import type { Instance } from '@forge/program';
import type { TranscriptEntry } from '@forge/provider';

/**
 * What the verifier is told about how a synthetic example was made (A.6: the flattened
 * context). It deliberately has no field for the source program trace or for the generator's
 * hidden reasoning: the verifier must judge from the example, the failure's description and the
 * generator's visible work.
 */
export interface GenerationContext {
  /** Name of the failure mode the example targets; absent for the random-synthesis ablation. */
  readonly modeName?: string;
  /** Description of that failure mode. */
  readonly modeDescription?: string;
  /** The mutation intent: positive, negative, boundary, stress, generic or random. */
  readonly intent: string;
  /** The failed instance the seed was drawn from (the training instance, for random synthesis). */
  readonly sourceInstance?: Instance;
  /** The evaluation feedback of the failed run, when there was any. */
  readonly sourceFeedback?: string;
  /** The generator's visible assistant text and tool calls/results, in order. */
  readonly generatorTranscript: readonly TranscriptEntry[];
}
