import { MethodSettingsError } from '@forge/method';
import { z } from 'zod';

/** The playbook sections of the reference implementation's empty playbook, as slugs. */
export const defaultSections: readonly string[] = [
  'strategies_and_insights',
  'formulas_and_calculations',
  'code_snippets_and_templates',
  'common_mistakes_to_avoid',
  'problem_solving_heuristics',
  'context_clues_and_indicators',
  'others',
];

/**
 * Whose protocol a run follows: `paper` (the default: B.4's protocol with Forge's additions) or
 * `reference` (ace-agent/ace's shipped behaviour and defaults; see the README's table).
 */
export type AceProfile = 'paper' | 'reference';

/** ACE's knobs (`methodSettings` in a config), every default filled in. */
export interface AceSettings {
  /**
   * `paper` (default) or `reference`. `reference` offers and applies ADD only, reading the
   * curator's and reflector's answers and applying them by the reference's rules, validates only
   * every `evalSteps` samples of an epoch (never at an epoch's end or at a stop, but also when
   * nothing changed), does not enforce the token budget, and changes the defaults to the
   * reference's: one epoch in file order, `evalSteps` 100, no de-duplication, no convergence stop.
   */
  readonly profile: AceProfile;
  /** Passes over the training split (offline adaptation). */
  readonly numEpochs: number;
  /** Reflect-and-regenerate rounds on an imperfect answer; they end early once it is right. */
  readonly maxReflectionRounds: number;
  /** Run the curator on every n-th sample of an epoch (1-based position, as the reference). */
  readonly curatorFrequency: number;
  /** Validate every n samples within an epoch too; null validates at epoch ends only. */
  readonly evalSteps: number | null;
  /** Upper bound on the playbook's size in estimated tokens (four characters per token). */
  readonly tokenBudget: number;
  /** De-duplication: after every delta, only when the token budget is exceeded, or never. */
  readonly dedup: 'proactive' | 'lazy' | 'off';
  /** Word-set (Jaccard) similarity from which two bullets count as duplicates. */
  readonly dedupThreshold: number;
  /** Show the reflector the gold answer (the reference's default; false = `no_ground_truth`). */
  readonly useGroundTruth: boolean;
  /** Re-run the program after curation (the reference's post-curation generation). */
  readonly evaluateAfterCuration: boolean;
  /** Shuffle the training order of each epoch with the run's seed (the reference keeps file order). */
  readonly shuffle: boolean;
  /** End the run after an epoch in which no bullet was added, changed or removed. */
  readonly stopWhenUnchanged: boolean;
  /** The playbook's sections, in order; an ADD naming another section goes to `others` (or the last). */
  readonly sections: readonly string[];
}

const sectionName = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case (lowercase letters, digits, underscores)');

const schema = z
  .object({
    numEpochs: z.number().int().min(1).max(1000).optional(),
    maxReflectionRounds: z.number().int().min(1).max(20).default(3),
    curatorFrequency: z.number().int().min(1).default(1),
    evalSteps: z.number().int().min(1).nullable().optional(),
    tokenBudget: z.number().int().min(1).default(80_000),
    dedup: z.enum(['proactive', 'lazy', 'off']).optional(),
    dedupThreshold: z.number().gt(0).max(1).default(0.8),
    useGroundTruth: z.boolean().default(true),
    evaluateAfterCuration: z.boolean().default(true),
    shuffle: z.boolean().optional(),
    stopWhenUnchanged: z.boolean().optional(),
    sections: z
      .array(sectionName)
      .min(1)
      .refine((names) => new Set(names).size === names.length, 'must not repeat a section')
      .default([...defaultSections]),
    profile: z.enum(['paper', 'reference']).default('paper'),
  })
  .strict();

/** The defaults a profile gives the settings that differ between them. */
const profileDefaults = {
  paper: {
    numEpochs: 5,
    evalSteps: null,
    dedup: 'proactive',
    shuffle: true,
    stopWhenUnchanged: true,
  },
  // ace/ace.py:122–133 (`num_epochs` 1, `eval_steps` 100, `use_bulletpoint_analyzer` False),
  // :693 (file order), :683 (every epoch runs).
  reference: {
    numEpochs: 1,
    evalSteps: 100,
    dedup: 'off',
    shuffle: false,
    stopWhenUnchanged: false,
  },
} as const;

/**
 * Validates ACE's settings and fills in the defaults.
 *
 * @throws MethodSettingsError naming the first bad field.
 */
export function parseAceSettings(raw: Readonly<Record<string, unknown>>): AceSettings {
  const parsed = schema.safeParse(raw);
  if (parsed.success) {
    const value = parsed.data;
    const defaults = profileDefaults[value.profile];
    return {
      ...value,
      numEpochs: value.numEpochs ?? defaults.numEpochs,
      evalSteps: value.evalSteps === undefined ? defaults.evalSteps : value.evalSteps,
      dedup: value.dedup ?? defaults.dedup,
      shuffle: value.shuffle ?? defaults.shuffle,
      stopWhenUnchanged: value.stopWhenUnchanged ?? defaults.stopWhenUnchanged,
    };
  }
  const issue = parsed.error.issues[0];
  const unknown = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const field = unknown ?? (issue?.path.map(String).join('.') || 'methodSettings');
  const message =
    unknown !== undefined
      ? `ACE has no setting "${unknown}" (its settings: ${Object.keys(schema.shape).join(', ')})`
      : (issue?.message ?? 'invalid');
  return fail(field, message);
}

function fail(field: string, message: string): never {
  throw new MethodSettingsError({ field, message: `${field}: ${message}` });
}
