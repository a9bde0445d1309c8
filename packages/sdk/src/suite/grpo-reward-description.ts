import type { Benchmark } from '@forge/program';

/** The counts of the two GRPO arms and the evaluation files. */
export interface GrpoArmCounts {
  /** Original training instances (`train_only`). */
  readonly original: number;
  /** Admitted synthetic instances appended (`train_plus_synthetic` − `train_only`). */
  readonly synthetic: number;
  /** Validation instances. */
  readonly validation: number;
  /** Test instances. */
  readonly test: number;
}

/**
 * A JSON description of the reward a GRPO trainer needs for a benchmark (B.5), written beside the
 * TRL rows: which columns hold the gold fields, that the primary reward is the benchmark's own
 * metric in [0, 1] (the same `evaluate` the suite's tables use, runnable as `forge eval`), and
 * the paper's optional shaping. Forge runs no GRPO training; this only says what to train on.
 */
export function grpoRewardDescription(benchmark: Benchmark, counts: GrpoArmCounts) {
  const single = benchmark.program.modules.length === 1;
  return {
    benchmark: benchmark.id,
    title: benchmark.title,
    note: "Forge runs no GRPO training. These files are the two training arms of the paper's B.5 transfer study (train_only, train_plus_synthetic) with identical validation and test files, in TRL's prompt-only form, and this describes the reward to implement.",
    files: {
      train_only: 'train_only.jsonl',
      train_plus_synthetic: 'train_plus_synthetic.jsonl',
      validation: 'validation.jsonl',
      test: 'test.jsonl',
    },
    counts: {
      train_only: counts.original,
      synthetic: counts.synthetic,
      train_plus_synthetic: counts.original + counts.synthetic,
      validation: counts.validation,
      test: counts.test,
    },
    prompt: {
      column: 'prompt',
      form: single
        ? "conversation: the module's seed system prompt, then the rendered inputs"
        : 'the rendered inputs',
      inputFields: benchmark.signature.inputFields.map((field) => ({
        name: field.name,
        type: field.type,
        description: field.description,
      })),
      modules: benchmark.program.modules.map((module) => module.name),
      ...(single
        ? {}
        : {
            multiModule:
              'a multi-module program: a rollout runs its modules in order (an agent trajectory), so the prompt column holds the task inputs only',
          }),
    },
    reward: {
      primary: {
        name: 'benchmark-score',
        weight: 1,
        range: [0, 1],
        description: `${benchmark.title}'s own metric of the program's final output against the gold columns — the score the suite's tables report`,
        goldColumns: benchmark.signature.outputFields.map((field) => ({
          name: field.name,
          type: field.type,
          description: field.description,
        })),
        reference: `forge eval --benchmark ${benchmark.id} --predictions <predictions.jsonl> scores outputs with this metric`,
      },
      optionalShaping: [
        {
          name: 'format',
          weight: 0.1,
          description:
            'B.5 adds a soft XML-format reward for single-turn tasks; the metric also accepts bare outputs, so it is encouragement, not a requirement',
        },
      ],
    },
    evaluation: {
      testRepeats: benchmark.testRepeats ?? 1,
      note: 'report the primary metric on the test file; validation and test are the same in both arms',
    },
    paperConfiguration: {
      steps: 100,
      globalBatch: 64,
      microBatch: 1,
      generationsPerPrompt: 8,
      learningRate: 5e-5,
      schedule: 'cosine, no warmup',
      beta: 0,
      clip: { low: 0.2, high: 0.28 },
      sampling: { temperature: 1, topP: 1, topK: -1 },
      completionLimit: 8192,
      lora: { rank: 8, alpha: 32, dropout: 0.05 },
      seed: 42,
    },
  };
}
