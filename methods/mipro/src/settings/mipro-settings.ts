import { MethodSettingsError } from '@forge/method';
import { z } from 'zod';
import type { MiproPreset } from './mipro-presets.js';

/**
 * Whose protocol a run follows: `paper` (the default: B.4's protocol, trials from the ceiling)
 * or `reference` (DSPy 3.3's MIPROv2 defaults where the two differ; see the README's table).
 */
export type MiproProfile = 'paper' | 'reference';

/** MIPROv2's settings (`methodSettings` of a config), every default the reference's. */
export interface MiproSettings {
  /**
   * `paper` (default) or `reference`. `reference` changes four defaults to DSPy 3.3.1's: `trials:
   * preset` (the reference's formula, still capped by the ceiling), `metricThreshold: null` (keep
   * any bootstrapping run that scores above 0), `initTemperature: 1` and `maxErrors: 10`; and
   * behaves as DSPy where the README's table says *closed* (program errors of the search scored
   * 0, `maxErrors` per demo set, the proposal stage's temperatures and failed calls, the seed's
   * combination searched again, a minibatch as large as the validation set, a threshold of 0).
   */
  readonly profile: MiproProfile;
  /** The run preset: `light` (default), `medium` or `heavy`. */
  readonly auto: MiproPreset;
  /**
   * Overrides the preset's candidate count N: N demo sets and N instructions per module (as
   * DSPy's `num_candidates`; only a preset halves the instructions when demos are searched).
   */
  readonly candidates?: number;
  /** Overrides the preset's validation subsample size. */
  readonly validationSize?: number;
  /**
   * Trials of the search: `ceiling` (default) — the most whose estimated task evaluations fit
   * the evaluation ceiling (B.4); `preset` — the reference's formula, capped by the ceiling; or
   * a number, capped by the ceiling.
   */
  readonly trials: 'ceiling' | 'preset' | number;
  /** Bootstrapped demonstrations per demo set, at most. Default 4. */
  readonly maxBootstrappedDemos: number;
  /** Labelled demonstrations per demo set, at most (bootstrapped ones count towards it). Default 4. */
  readonly maxLabeledDemos: number;
  /**
   * A bootstrapping run's trace is kept when its score is at least this; `null` keeps any run
   * scoring above 0 (DSPy without `metric_threshold`; under `reference` 0 means the same, as in
   * DSPy). Default 1 (a perfect run); `reference`: null.
   */
  readonly metricThreshold: number | null;
  /**
   * Which model runs the program when bootstrapping: `task` (default; DSPy's teacher is the
   * student with its own model) or `model` — the `teacher` role's model (`roleModels.teacher`,
   * else the optimizer model), like DSPy's `teacher_settings={"lm": ...}`. Its runs count as
   * evaluations and its calls are metered as role `teacher`.
   */
  readonly teacher: 'task' | 'model';
  /**
   * With it, a bootstrapping run whose program raises counts as a failed run, and bootstrapping
   * ends the run only at this many errors (`max_errors`; `reference` counts them per demo set, as
   * DSPy does, `paper` over all bootstrapping); absent (`paper`), the first error ends the run as
   * in every Forge method. `reference`: 10, DSPy's default; there a raising run of the seed's
   * evaluation or the search also scores 0, and an evaluation with this many errors scores 0.
   */
  readonly maxErrors?: number;
  /**
   * Sampling temperature of the instruction proposals (`init_temperature`), and under
   * `reference` of the program and module descriptions too (the data summary's calls then run at
   * 1, as DSPy's); absent: the provider's default. `reference`: 1.
   */
  readonly initTemperature?: number;
  /** Score trials on minibatches: `auto` (default; when validation exceeds 50), or always / never. */
  readonly minibatch: 'auto' | boolean;
  /**
   * Validation instances per minibatch trial. Default 35. As large as the validation set:
   * `paper` scores whole-validation trials, `reference` keeps the minibatch search (DSPy).
   */
  readonly minibatchSize: number;
  /** A full validation evaluation after every this many minibatch trials (and after the last). Default 5. */
  readonly minibatchFullEvalSteps: number;
  /** Training instances per data-summary call. Default 10. */
  readonly viewDataBatchSize: number;
  /** Bootstrapped demonstrations shown in each instruction proposal. Default 3. */
  readonly demosInProposal: number;
  /** Ground proposals in a program description and module descriptions. Default true. */
  readonly programAware: boolean;
  /** Ground proposals in the data summary. Default true. */
  readonly dataAware: boolean;
  /** Give each proposal a randomly chosen prompting tip. Default true. */
  readonly tipAware: boolean;
  /** Show each proposal demonstrations of its module. Default true. */
  readonly fewshotAware: boolean;
}

const positive = z.number().int().positive();
const schema = z
  .object({
    profile: z.enum(['paper', 'reference']).default('paper'),
    auto: z.enum(['light', 'medium', 'heavy']).default('light'),
    candidates: z.number().int().min(2).optional(),
    validationSize: positive.optional(),
    trials: z.union([z.enum(['ceiling', 'preset']), positive]).optional(),
    maxBootstrappedDemos: z.number().int().min(0).default(4),
    maxLabeledDemos: z.number().int().min(0).default(4),
    metricThreshold: z.number().min(0).max(1).nullable().optional(),
    teacher: z.enum(['task', 'model']).default('task'),
    initTemperature: z.number().min(0).max(2).optional(),
    maxErrors: positive.optional(),
    minibatch: z.union([z.literal('auto'), z.boolean()]).default('auto'),
    minibatchSize: positive.default(35),
    minibatchFullEvalSteps: positive.default(5),
    viewDataBatchSize: positive.default(10),
    demosInProposal: z.number().int().min(0).default(3),
    programAware: z.boolean().default(true),
    dataAware: z.boolean().default(true),
    tipAware: z.boolean().default(true),
    fewshotAware: z.boolean().default(true),
  })
  .strict();

/** Validates MIPROv2's settings and fills in the defaults, naming the first bad field. */
export function parseMiproSettings(raw: Readonly<Record<string, unknown>>): MiproSettings {
  const parsed = schema.safeParse(raw);
  if (parsed.success) {
    const {
      candidates,
      validationSize,
      trials,
      metricThreshold,
      initTemperature,
      maxErrors,
      ...rest
    } = parsed.data;
    const reference = rest.profile === 'reference';
    const temperature = initTemperature ?? (reference ? 1 : undefined);
    const errors = maxErrors ?? (reference ? 10 : undefined);
    return {
      ...rest,
      trials: trials ?? (reference ? 'preset' : 'ceiling'),
      metricThreshold: metricThreshold === undefined ? (reference ? null : 1) : metricThreshold,
      ...(temperature === undefined ? {} : { initTemperature: temperature }),
      ...(errors === undefined ? {} : { maxErrors: errors }),
      ...(candidates === undefined ? {} : { candidates }),
      ...(validationSize === undefined ? {} : { validationSize }),
    };
  }
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const unknown = issue?.code === 'unrecognized_keys' ? (issue.keys[0] ?? '') : '';
  const named = unknown === '' ? field : unknown;
  throw new MethodSettingsError({
    field: named,
    message: `${named === '' ? 'settings' : named}: ${issue?.message ?? 'invalid'}`,
  });
}
