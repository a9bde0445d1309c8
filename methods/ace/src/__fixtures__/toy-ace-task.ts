import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { type Benchmark, defineSignature } from '@forge/program';

// The toy task (`@forge/method/testing`) for ACE's tests: the task model answers a category
// right only when its system prompt names `rule-<category>`; the roles that teach it are in
// `toy-ace-models.ts`.

/** The toy task as a benchmark. */
export const toyAceBenchmark: Benchmark = {
  id: 'toy',
  title: 'Toy task',
  signature: defineSignature({
    name: 'Toy',
    inputFields: [
      { name: 'category', type: 'str', description: 'A category.' },
      { name: 'value', type: 'int', description: 'A value.' },
    ],
    outputFields: [{ name: 'answer', type: 'str', description: '<category>:<value>.' }],
  }),
  program: toyProgram(),
  evaluate: toyEvaluate,
  loadSplits: async () => ({ train: [], validation: [], test: [] }),
  synthesis: { attempts: 0, epochs: 0, patience: 1 },
};

/**
 * The toy task's part of `createMethodTestContext` options: the benchmark, 8 training and 4
 * validation instances and a fresh task model.
 */
export function toyAceTask() {
  return {
    benchmark: toyAceBenchmark,
    train: toyInstances('t', 8),
    validation: toyInstances('v', 4),
    taskModel: toyTaskModel(),
  };
}
