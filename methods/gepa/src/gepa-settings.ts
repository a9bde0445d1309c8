import { MethodSettingsError } from '@forge/method';
import { z } from 'zod';
import type { FrontTieOrder } from './pareto-front.js';

/** How GEPA picks the parent of a reflective iteration. */
export type CandidateSelection = 'pareto' | 'current-best';

/** Which components a reflective iteration rewrites. */
export type ComponentSelection = 'round-robin' | 'all';

/**
 * Whose protocol a run follows: `paper` (the default; B.4's protocol: the evaluation ceiling is
 * never exceeded, plus Forge's additions) or `reference` (gepa-ai/gepa's shipped behaviour where
 * the two differ; see the README's deviation table).
 */
export type GepaProfile = 'paper' | 'reference';

/** GEPA's knobs (`methodSettings` in a config), with the reference's defaults. */
export interface GepaSettings {
  /**
   * `paper` (default) or `reference`. `reference` checks the ceiling only at the top of each
   * iteration (an iteration may overshoot it by up to 2b + |V|), retries a failed reflection once
   * and then skips the iteration, adopts an unfenced or empty reflection answer, lets owed merges
   * run past `maxMergeInvocations`, and breaks ties in dominated-program removal in the order
   * CPython iterates the reference's sets.
   */
  readonly profile: GepaProfile;
  /**
   * Training instances per reflective minibatch (`reflection_minibatch_size`, default 3). When
   * absent the run's `minibatchSize` is used.
   */
  readonly reflectionMinibatchSize?: number;
  /** Skip reflection when the parent scores perfect on every minibatch instance (default true). */
  readonly skipPerfectScore: boolean;
  /** The score that counts as perfect for `skipPerfectScore` (default 1). */
  readonly perfectScore: number;
  /** Parent selection: instance-level Pareto front sampling (default) or the current best. */
  readonly candidateSelection: CandidateSelection;
  /** Components rewritten per iteration: one in round-robin order (default) or all of them. */
  readonly componentSelection: ComponentSelection;
  /** Merge proposals on (`use_merge`); the `gepa-merge` method turns it on. */
  readonly useMerge: boolean;
  /** Accepted merges at most (`max_merge_invocations`, default 5). */
  readonly maxMergeInvocations: number;
  /** Validation instances a merged candidate is first tested on (default 5, as the reference). */
  readonly mergeSubsampleSize: number;
  /**
   * A replacement reflection template; it must contain `<curr_param>` (the current instruction)
   * and `<side_info>` (the rendered examples) and ask for the answer in a ``` block.
   */
  readonly reflectionPromptTemplate?: string;
}

const positiveInteger = z.number().int().min(1);

const schema = z
  .object({
    profile: z.enum(['paper', 'reference']).optional(),
    reflectionMinibatchSize: positiveInteger.optional(),
    skipPerfectScore: z.boolean().optional(),
    perfectScore: z.number().min(0).max(1).optional(),
    candidateSelection: z.enum(['pareto', 'current-best']).optional(),
    componentSelection: z.enum(['round-robin', 'all']).optional(),
    useMerge: z.boolean().optional(),
    maxMergeInvocations: z.number().int().min(0).optional(),
    mergeSubsampleSize: positiveInteger.optional(),
    reflectionPromptTemplate: z
      .string()
      .refine((text) => text.includes('<curr_param>') && text.includes('<side_info>'), {
        message: 'must contain the placeholders <curr_param> and <side_info>',
      })
      .optional(),
  })
  .strict();

/**
 * Validates GEPA's settings and fills in the defaults; `useMerge` defaults to the method's own
 * choice (`gepa`: off, `gepa-merge`: on). Throws a `MethodSettingsError` naming the field.
 */
export function parseGepaSettings(
  raw: Readonly<Record<string, unknown>>,
  defaults: { readonly useMerge: boolean },
): GepaSettings {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      issue?.code === 'unrecognized_keys'
        ? String(issue.keys[0])
        : (issue?.path.map(String).join('.') ?? '');
    const message =
      issue?.code === 'unrecognized_keys'
        ? `${field}: unknown GEPA setting (known: ${Object.keys(schema.shape).join(', ')})`
        : `${field}: ${issue?.message ?? 'invalid value'}`;
    throw new MethodSettingsError({ field, message });
  }
  const value = parsed.data;
  return {
    profile: value.profile ?? 'paper',
    ...(value.reflectionMinibatchSize === undefined
      ? {}
      : { reflectionMinibatchSize: value.reflectionMinibatchSize }),
    skipPerfectScore: value.skipPerfectScore ?? true,
    perfectScore: value.perfectScore ?? 1,
    candidateSelection: value.candidateSelection ?? 'pareto',
    componentSelection: value.componentSelection ?? 'round-robin',
    useMerge: value.useMerge ?? defaults.useMerge,
    maxMergeInvocations: value.maxMergeInvocations ?? 5,
    mergeSubsampleSize: value.mergeSubsampleSize ?? 5,
    ...(value.reflectionPromptTemplate === undefined
      ? {}
      : { reflectionPromptTemplate: value.reflectionPromptTemplate }),
  };
}

/** The tie order of dominated-program removal under a profile. */
export function frontTieOrder(settings: GepaSettings): FrontTieOrder {
  return settings.profile === 'reference' ? 'python-set' : 'index';
}
