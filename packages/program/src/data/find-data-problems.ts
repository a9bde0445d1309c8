import type { Instance } from '../signature/instance.js';
import type { InstanceCheck } from '../signature/signature.js';
import type { DataProblem } from './data-check-error.js';

/**
 * Every problem of every instance of `splits` against `check` (a signature's `checkInstance`:
 * the program's input and gold schemas), in split order, then instance order: an id that is
 * missing or repeats one (across the splits), an `input` or `gold` that is not an object, and
 * every field the schemas refuse. The file and line of an
 * instance come from its `metadata.file` and `metadata.line`, which benchmark loaders record.
 */
export function findDataProblems(
  check: InstanceCheck,
  splits: Readonly<Record<string, readonly Instance[]>>,
): DataProblem[] {
  const problems: DataProblem[] = [];
  const seen = new Map<string, string>();
  for (const [split, instances] of Object.entries(splits)) {
    for (const [index, instance] of instances.entries()) {
      const id = typeof instance?.id === 'string' ? instance.id : '';
      const place = { split, index, id, ...sourceOf(instance) };
      const earlier = seen.get(id);
      if (id === '') {
        problems.push({
          ...place,
          path: 'id',
          message: 'missing: each instance needs a unique string id',
        });
      } else if (earlier !== undefined) {
        problems.push({ ...place, path: 'id', message: `repeats the id of ${earlier}` });
      } else {
        seen.set(id, `${split}[${index}]`);
      }
      const shapeProblems = (['input', 'gold'] as const)
        .filter((side) => !isRecord(instance?.[side]))
        .map((side) => ({ ...place, path: side, message: 'expected an object of fields' }));
      if (shapeProblems.length > 0) {
        problems.push(...shapeProblems);
        continue;
      }
      for (const problem of check(instance)) problems.push({ ...place, ...problem });
    }
  }
  return problems;
}

function sourceOf(instance: Instance | undefined): { file?: string; line?: number } {
  const file = instance?.metadata?.['file'];
  const line = instance?.metadata?.['line'];
  if (typeof file !== 'string' || file === '') return {};
  return { file, ...(typeof line === 'number' && Number.isInteger(line) ? { line } : {}) };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
