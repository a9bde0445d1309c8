import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Benchmark, DatasetError, type Instance } from '@forge/program';
import { readInstances } from '@forge/synth';

/**
 * Reads the config's `extraTrain` files (JSONL instances, e.g. a run's `synthetic.jsonl`) with
 * the benchmark's signature and returns them in file order, to be appended to the training
 * split. Validation and test stay as they are: extra data changes what a method learns from,
 * never what it is judged on.
 *
 * @throws DatasetError naming the file, line and field of a malformed line, or an id already
 *   used by the splits or by an earlier extra line.
 */
export async function loadExtraTraining(
  files: readonly string[] | undefined,
  benchmark: Benchmark,
  splits: Readonly<Record<'train' | 'validation' | 'test', readonly Instance[]>>,
): Promise<Instance[]> {
  if (files === undefined || files.length === 0) return [];
  const owner = new Map<string, string>();
  for (const [split, instances] of Object.entries(splits)) {
    for (const instance of instances) owner.set(instance.id, `the ${split} split`);
  }
  const extra: Instance[] = [];
  for (const file of files) {
    const path = resolve(file);
    const instances = await readInstances(path, { signature: benchmark.signature });
    // readInstances skips blank lines: recover each instance's line for the error message.
    const lines = (await readFile(path, 'utf8'))
      .split('\n')
      .flatMap((text, index) => (text.trim() === '' ? [] : [index + 1]));
    for (const [index, instance] of instances.entries()) {
      const taken = owner.get(instance.id);
      if (taken !== undefined) {
        throw new DatasetError({
          file: path,
          line: lines[index],
          field: 'id',
          message: `instance id "${instance.id}" is already used by ${taken}`,
        });
      }
      owner.set(instance.id, path);
      extra.push(instance);
    }
  }
  return extra;
}

/** How many extra training instances the files hold (checked as `loadExtraTraining` checks them). */
export async function extraTrainingCount(
  files: readonly string[] | undefined,
  benchmark: Benchmark,
  splits: Readonly<Record<'train' | 'validation' | 'test', readonly Instance[]>>,
): Promise<number> {
  return (await loadExtraTraining(files, benchmark, splits)).length;
}
