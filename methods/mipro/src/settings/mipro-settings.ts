import { MethodSettingsError } from '@forge/method';
import { z } from 'zod';
import type { MiproPreset } from './mipro-presets.js';

/** MIPROv2's settings (`methodSettings` of a config), every default the reference's. */
export interface MiproSettings {
  /** The run preset: `light` (default), `medium` or `heavy`. */
  readonly auto: MiproPreset;
  /** Overrides the preset's candidate count N (demo sets per module; instructions N/2, or N zero-shot). */
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
  /** A bootstrapping run's trace is kept when its score is at least this. Default 1 (a perfect run). */
  readonly metricThreshold: number;
  /** Score trials on minibatches: `auto` (default; when validation exceeds 50), or always / never. */
  readonly minibatch: 'auto' | boolean;
  /** Validation instances per minibatch trial. Default 35. */
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
    auto: z.enum(['light', 'medium', 'heavy']).default('light'),
    candidates: z.number().int().min(2).optional(),
    validationSize: positive.optional(),
    trials: z.union([z.enum(['ceiling', 'preset']), positive]).default('ceiling'),
    maxBootstrappedDemos: z.number().int().min(0).default(4),
    maxLabeledDemos: z.number().int().min(0).default(4),
    metricThreshold: z.number().min(0).max(1).default(1),
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
    const { candidates, validationSize, ...rest } = parsed.data;
    return {
      ...rest,
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
