import type { Benchmark } from '@forge/program';
import { z } from 'zod';
import { forgeConfigSchema, modelConfigSchema } from '../config/forge-config-schema.js';
import type { ModelInput } from '../inputs/object-inputs.js';

/** A benchmark of a suite: an id, or an id with its data directory and settings (or your own program). */
export const suiteBenchmarkSchema = z.union([
  z
    .string()
    .describe(
      'A registered benchmark id (hotpotqa, hover, ifbench, finer, lawbench, aime, mmlu-pro, sim, …).',
    ),
  z
    .object({
      id: z
        .string()
        .min(1)
        .describe('The benchmark id (the registry id, or a label for your own `program`).'),
      program: z
        .string()
        .optional()
        .describe('Path of a module exporting your own Benchmark; `id` is then its label.'),
      dataDir: z.string().optional().describe('Its data directory. Default ./data/<id>.'),
      benchmarkSettings: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Benchmark-specific settings (retrieval backend, …).'),
    })
    .strict(),
]);

/** The run-config fields a suite passes to every cell unchanged. */
const sharedRunFields = forgeConfigSchema.pick({
  providers: true,
  roleModels: true,
  synthesis: true,
  guards: true,
  minibatchSize: true,
  concurrency: true,
  subset: true,
  cache: true,
  evaluateTest: true,
  estimateAnswerTokens: true,
  prices: true,
}).shape;

/** Everything `forge suite` and `runSuite()` accept. */
export const suiteConfigSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .optional()
      .describe('A name for tables and reports. Default: the config file name.'),
    benchmarks: z.array(suiteBenchmarkSchema).min(1).describe('The benchmarks, in table order.'),
    methods: z
      .array(z.string().min(1))
      .min(1)
      .describe(
        "Method ids, in table order: Forge's variants (baseline, prompt-search, random-synthesis, failure-memory, forge) and any registered method (gepa, gepa-merge, ace, mipro when installed).",
      ),
    taskModels: z
      .array(modelConfigSchema)
      .min(1)
      .describe('Task models (model strings or model settings); each gets its own tables.'),
    optimizerModels: z
      .array(modelConfigSchema)
      .min(1)
      .describe('Optimizer models (model strings or model settings).'),
    seeds: z.array(z.number().int()).min(1).default([0]).describe('Seeds; tables average them.'),
    budget: z
      .object({
        maxEvaluations: z
          .number()
          .int()
          .positive()
          .describe(
            "The outer evaluation cap of the reference method (Forge runs to completion within it); without alignment, every method's budget.",
          ),
        stopAtCompletion: z
          .boolean()
          .default(true)
          .describe('Run the reference (Forge) to completion, as B.4 does. Default true.'),
        maxSteps: z.number().int().positive().optional().describe('Step cap of every cell.'),
        maxWallTimeMinutes: z
          .number()
          .positive()
          .optional()
          .describe('Wall-time cap of every cell (per invocation).'),
        maxOptimizerCostUsd: z
          .number()
          .positive()
          .optional()
          .describe('Optimizer-cost cap of every cell, in USD.'),
        maxOptimizerTokens: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('Optimizer-token cap of every cell.'),
      })
      .strict()
      .describe(
        "Caps. B.4's ceiling of the other methods comes from the reference's completed count.",
      ),
    alignment: z
      .object({
        reference: z
          .string()
          .nullable()
          .default('forge')
          .describe(
            'The method run first in every (benchmark, task model, optimizer model, seed); its completed evaluation count is the ceiling of the others. null: no alignment.',
          ),
        controls: z
          .array(z.string())
          .default(['baseline'])
          .describe(
            'Methods that do no search: no ceiling; Improvement is measured against the first.',
          ),
        allowTruncatedCeilings: z
          .boolean()
          .optional()
          .describe(
            "Run a row's aligned cells even when a cap (cost, tokens, steps, wall time, the outer maxEvaluations) stopped its reference before completion: they get the truncated count as their ceiling and are flagged (§) in tables and reports. Default false: they are refused (exit 2 naming the reference and them). Not part of the suite's digest, so it can be added to a refused suite and resumed.",
          ),
      })
      .strict()
      .default({ reference: 'forge', controls: ['baseline'] })
      .describe('B.4 budget alignment.'),
    methodSettings: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .optional()
      .describe("Each method's own settings, by method id (see the method's README)."),
    transfer: z
      .object({
        benchmarks: z
          .array(z.string())
          .optional()
          .describe("Benchmarks of the study (ids of the suite's benchmarks). Default: all."),
        methods: z
          .array(z.string().min(1))
          .min(1)
          .describe('Methods run on the original and on the augmented training data.'),
        source: z
          .string()
          .default('forge')
          .describe(
            "The method whose admitted synthetic data (from the same row's cell) augments the training split.",
          ),
        grpoExport: z
          .boolean()
          .default(true)
          .describe(
            'Write both training arms as TRL rows plus a reward description (no GRPO training runs).',
          ),
      })
      .strict()
      .optional()
      .describe('The transfer study (Table 4): both arms of each method under the same ceiling.'),
    ...sharedRunFields,
  })
  .strict();

/** A suite config as written by the user. */
export type SuiteConfigInput = z.input<typeof suiteConfigSchema>;

/**
 * What `runSuite` and `estimateSuite` take: a suite config, where in the library any model may be
 * a `LanguageModel` object (or settings whose `model` is one) and any benchmark a `Benchmark`
 * object. Objects are named in `suite.json` (listed under `objectInputs`), never saved; a resume
 * needs them again, and a queued suite refuses them (its cells run in other processes).
 */
export type SuiteInput = Omit<
  SuiteConfigInput,
  'benchmarks' | 'taskModels' | 'optimizerModels' | 'roleModels'
> & {
  readonly benchmarks: readonly (SuiteConfigInput['benchmarks'][number] | Benchmark)[];
  readonly taskModels: readonly ModelInput[];
  readonly optimizerModels: readonly ModelInput[];
  readonly roleModels?: Readonly<Record<string, ModelInput>>;
};

/** A validated suite config with defaults applied. */
export type SuiteConfig = z.output<typeof suiteConfigSchema>;

/** The JSON Schema of suite config files (kept in `forge.suite.schema.json`, checked by a test). */
export function suiteConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(suiteConfigSchema, { io: 'input' }) as Record<string, unknown>;
}
