import type { Instance } from '@forge/program';

/**
 * One JSON object per line (`{"id", "input", "gold", "metadata"}`), ending with a newline: the
 * admitted set as a dataset file, readable again with `readInstances`.
 */
export function toJsonl(instances: readonly Instance[]): string {
  return instances
    .map((instance) =>
      JSON.stringify({
        id: instance.id,
        input: instance.input,
        gold: instance.gold,
        ...(instance.metadata === undefined ? {} : { metadata: instance.metadata }),
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}
