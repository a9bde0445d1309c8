import { InvalidArgumentError } from '@forge/provider';
import type { Evaluator } from '../program/evaluation.js';
import type { Program } from '../program/program.js';
import { defineSignature } from '../signature/define-signature.js';
import { inferSignature } from '../signature/infer-signature.js';
import type { Instance, Splits } from '../signature/instance.js';
import type { Signature } from '../signature/signature.js';
import type { ZodSignatureDeclaration } from '../signature/signature-from-zod.js';
import type { Benchmark, SynthesisSchedule } from './benchmark.js';

/** A program, its metric and its data, given as objects (see `defineBenchmark`). */
export interface BenchmarkParts<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> {
  /** The LM program to optimize, with its seed prompts. */
  readonly program: Program<Input, Gold, Output>;
  /** The metric: scores one execution, with feedback for the reflector. */
  readonly metric: Evaluator<NoInfer<Input>, NoInfer<Gold>, NoInfer<Output>>;
  /** Training instances (minibatches and synthesis sources). */
  readonly train: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /** Validation instances (selection and the final candidate). */
  readonly validation: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /** Test instances, evaluated only for reporting. Default none. */
  readonly test?: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /**
   * The task signature (field lists or zod schemas). Default: read off the training instances
   * (`inferSignature`), or the program's own (`defineProgram` declares one); give one when
   * synthesis should see field descriptions.
   */
  readonly signature?: Signature | ZodSignatureDeclaration;
  /** Id used for run directories and reports. Default the program's name. */
  readonly id?: string;
  /** Title for reports. Default the id. */
  readonly title?: string;
  /** (K, E, P) of synthesis. Default (25, 4, 15), the paper's setting for most benchmarks. */
  readonly synthesis?: SynthesisSchedule;
  /** How many times each test item is evaluated. Default 1. */
  readonly testRepeats?: number;
}

/** The (K, E, P) of `defineBenchmark` when none is given: the paper's for most benchmarks. */
export const defaultSynthesisSchedule: SynthesisSchedule = {
  attempts: 25,
  epochs: 4,
  patience: 15,
};

/**
 * A `Benchmark` made of objects a user already has: a program, a metric, and instance arrays.
 * Instance ids must be unique across the splits (runs key scores by them).
 *
 * @throws InvalidArgumentError naming the split and instance when the data is unusable.
 */
export function defineBenchmark<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
>(typedParts: BenchmarkParts<Input, Gold, Output>): Benchmark {
  // The types are the user's promise about their data; inside, a benchmark is untyped.
  const parts = typedParts as unknown as BenchmarkParts;
  const id = parts.id ?? parts.program.name;
  const splits: Splits = {
    train: [...parts.train],
    validation: [...parts.validation],
    test: [...(parts.test ?? [])],
  };
  const seen = new Map<string, string>();
  for (const [split, instances] of Object.entries(splits) as [string, readonly Instance[]][]) {
    for (const [index, instance] of instances.entries()) {
      const where = `${split}[${index}]`;
      if (typeof instance?.id !== 'string' || instance.id === '') {
        throw new InvalidArgumentError({
          argument: where,
          message: `${id}: ${where} has no id (each instance needs a unique string id)`,
        });
      }
      if (typeof instance.input !== 'object' || typeof instance.gold !== 'object') {
        throw new InvalidArgumentError({
          argument: where,
          message: `${id}: ${where} (${instance.id}) needs "input" and "gold" objects`,
        });
      }
      const earlier = seen.get(instance.id);
      if (earlier !== undefined) {
        throw new InvalidArgumentError({
          argument: where,
          message: `${id}: ${where} repeats the id "${instance.id}" of ${earlier}`,
        });
      }
      seen.set(instance.id, where);
    }
  }
  const declared = parts.signature ?? parts.program.signature;
  const signature =
    declared === undefined
      ? inferSignature(`${id}Signature`, [...splits.train, ...splits.validation])
      : defineSignature(declared);
  return {
    id,
    title: parts.title ?? id,
    signature,
    program: parts.program,
    evaluate: parts.metric,
    loadSplits: async () => splits,
    synthesis: parts.synthesis ?? defaultSynthesisSchedule,
    ...(parts.testRepeats === undefined ? {} : { testRepeats: parts.testRepeats }),
  };
}
