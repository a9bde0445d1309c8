import type { SynthesisSchedule } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';
import type { LatencySpec } from './models/latency.js';
import type { SplitSizes } from './world/generate-splits.js';

/** A role a simulated model plays: the task model, or one of the optimizer roles. */
export type SimRole =
  | 'task'
  | 'reflector'
  | 'assigner'
  | 'generator'
  | 'verifier'
  | 'ace-reflector'
  | 'ace-curator'
  | 'proposer';

/** The knobs of the simulated world. Every field is optional. */
export interface SimOptions {
  /** Seed of the splits and of every simulated decision. Default 0. */
  readonly seed?: number | string;
  /**
   * Instances per split: one number for all three, or per split. Default 30 training, 20
   * validation and 40 test instances.
   */
  readonly size?: number | Partial<SplitSizes>;
  /**
   * Latency of every call, or per model (`task`, `optimizer`). Default 0. Drawn from the
   * request's hash, so the same request always takes as long.
   */
  readonly latency?:
    | LatencySpec
    | { readonly task?: LatencySpec; readonly optimizer?: LatencySpec };
  /**
   * Rate of malformed outputs, in [0, 1]. A number applies to every optimizer role; an
   * object sets roles one by one (including `task`). Default 0.03 per optimizer role, 0 for
   * the task model.
   */
  readonly malformedRate?: number | Partial<Record<SimRole, number>>;
  /**
   * Rate at which the simulated generator writes a flawed example (a wrong gold date, or an
   * example that ignores the mutation intent), so the verifier's rejections run, and at which
   * the simulated ACE curator restates a bullet that already exists. Default 0.1.
   */
  readonly flawRate?: number;
  /**
   * Rate, in [0, 1], at which the simulated optimizer misbehaves as real models do on an answer
   * it would otherwise give well-formed: a reasoning block first (`<think>…</think>`), chatter
   * before and after, a Markdown fence around everything, the answer cut off at the token limit
   * (finish reason `length`), or no answer at all — one of the five, drawn from the request's
   * hash, so a seed gives the same misbehaviour every time. The first three leave the answer
   * usable to a tolerant parser; the last two make it unusable (`truncated`, `empty`). Answers
   * that call tools (the generator's and verifier's tool steps) are left alone. Default 0.
   */
  readonly misbehaveRate?: number;
  /** Overrides of the synthesis schedule (K, E, P). Default (12, 3, 8). */
  readonly synthesis?: Partial<SynthesisSchedule>;
}

/** The knobs with every default filled in. */
export interface ResolvedSimOptions {
  /** Always true: nothing here describes a real model. */
  readonly simulated: true;
  /** Seed. */
  readonly seed: number | string;
  /** Instances per split. */
  readonly sizes: SplitSizes;
  /** Latency of task-model and optimizer-model calls. */
  readonly latency: { readonly task: LatencySpec; readonly optimizer: LatencySpec };
  /** Malformed-output rate per role. */
  readonly malformedRate: Readonly<Record<SimRole, number>>;
  /** Rate of flawed generated examples. */
  readonly flawRate: number;
  /** Rate of misbehaving optimizer answers (see `SimOptions.misbehaveRate`). */
  readonly misbehaveRate: number;
  /** Synthesis schedule (K, E, P). */
  readonly synthesis: SynthesisSchedule;
}

/**
 * Default split sizes. Validation is kept at 20 because every accepted candidate is evaluated
 * on all of it: with a budget of a few hundred evaluations, a larger set leaves too few steps.
 */
export const defaultSimSizes: SplitSizes = { train: 30, validation: 20, test: 40 };

/** Default synthesis schedule: small enough for a demo of about sixty steps to show an event. */
export const defaultSimSynthesis: SynthesisSchedule = { attempts: 12, epochs: 3, patience: 8 };

const rate = z.number().min(0).max(1);
const size = z.number().int().min(1).max(100_000);
const latencySpec = z.union([
  z.number().min(0),
  z.object({ kind: z.literal('fixed'), ms: z.number().min(0) }).strict(),
  z
    .object({ kind: z.literal('uniform'), minMs: z.number().min(0), maxMs: z.number().min(0) })
    .strict()
    .refine((spec) => spec.maxMs >= spec.minMs, 'maxMs must be at least minMs'),
  z
    .object({ kind: z.literal('lognormal'), medianMs: z.number().min(0), sigma: z.number().min(0) })
    .strict(),
]);
const optionsSchema = z
  .object({
    seed: z.union([z.number(), z.string()]).optional(),
    size: z
      .union([
        size,
        z
          .object({ train: size.optional(), validation: size.optional(), test: size.optional() })
          .strict(),
      ])
      .optional(),
    latency: z
      .union([
        latencySpec,
        z.object({ task: latencySpec.optional(), optimizer: latencySpec.optional() }).strict(),
      ])
      .optional(),
    malformedRate: z
      .union([
        rate,
        z
          .object({
            task: rate.optional(),
            reflector: rate.optional(),
            assigner: rate.optional(),
            generator: rate.optional(),
            verifier: rate.optional(),
            'ace-reflector': rate.optional(),
            'ace-curator': rate.optional(),
            proposer: rate.optional(),
          })
          .strict(),
      ])
      .optional(),
    flawRate: rate.optional(),
    misbehaveRate: rate.optional(),
    synthesis: z
      .object({
        attempts: z.number().int().min(1).optional(),
        epochs: z.number().int().min(0).optional(),
        patience: z.number().int().min(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * Validates the knobs and fills in the defaults.
 *
 * @throws InvalidArgumentError naming the offending knob.
 */
export function resolveSimOptions(options: SimOptions = {}): ResolvedSimOptions {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.') || 'options';
    throw new InvalidArgumentError({
      argument: `sim ${path}`,
      message: `sim option ${path}: ${issue?.message ?? 'invalid'}`,
    });
  }
  const value = parsed.data;
  const sizeValue = value.size ?? {};
  const sizes: SplitSizes =
    typeof sizeValue === 'number'
      ? { train: sizeValue, validation: sizeValue, test: sizeValue }
      : {
          train: sizeValue.train ?? defaultSimSizes.train,
          validation: sizeValue.validation ?? defaultSimSizes.validation,
          test: sizeValue.test ?? defaultSimSizes.test,
        };
  const latencyValue = value.latency ?? 0;
  const latency =
    typeof latencyValue === 'object' && !('kind' in latencyValue)
      ? { task: latencyValue.task ?? 0, optimizer: latencyValue.optimizer ?? 0 }
      : { task: latencyValue as LatencySpec, optimizer: latencyValue as LatencySpec };
  const defaultRate = 0.03;
  const rateValue = value.malformedRate;
  const malformedRate: Record<SimRole, number> =
    typeof rateValue === 'number'
      ? {
          task: 0,
          reflector: rateValue,
          assigner: rateValue,
          generator: rateValue,
          verifier: rateValue,
          'ace-reflector': rateValue,
          'ace-curator': rateValue,
          proposer: rateValue,
        }
      : {
          task: rateValue?.task ?? 0,
          reflector: rateValue?.reflector ?? defaultRate,
          assigner: rateValue?.assigner ?? defaultRate,
          generator: rateValue?.generator ?? defaultRate,
          verifier: rateValue?.verifier ?? defaultRate,
          'ace-reflector': rateValue?.['ace-reflector'] ?? defaultRate,
          'ace-curator': rateValue?.['ace-curator'] ?? defaultRate,
          proposer: rateValue?.proposer ?? defaultRate,
        };
  return {
    simulated: true,
    seed: value.seed ?? 0,
    sizes,
    latency,
    malformedRate,
    flawRate: value.flawRate ?? 0.1,
    misbehaveRate: value.misbehaveRate ?? 0,
    synthesis: { ...defaultSimSynthesis, ...value.synthesis },
  };
}
