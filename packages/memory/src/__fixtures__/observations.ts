import type { Observation } from '../observation/observation.js';

/** A small observation with a one-module trace. */
export function makeObservation(id: string, overrides: Partial<Observation> = {}): Observation {
  return {
    id,
    step: 3,
    parentIndex: 1,
    instance: {
      id: `instance-${id}`,
      input: { question: `What is 12 + ${id.length}?` },
      gold: { answer: 12 + id.length },
    },
    score: 0,
    trace: [
      {
        module: 'solver',
        messages: [
          { role: 'user', content: 'What is 12 + 3?' },
          { role: 'assistant', content: 'The answer is 16.' },
        ],
      },
    ],
    feedback: 'Expected 15, got 16: an off-by-one in the final addition.',
    ...overrides,
  };
}

/** An `<assignment>` answer with the given three values. */
export function answer(
  failureMode: string | null,
  name: string | null,
  description: string | null,
): string {
  return `Reasoning first.\n<assignment>\n${JSON.stringify({
    cluster_name: failureMode,
    new_cluster_name: name,
    new_failure_description: description,
  })}\n</assignment>`;
}

/** Freezes a value and everything reachable from it, so a mutation throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
