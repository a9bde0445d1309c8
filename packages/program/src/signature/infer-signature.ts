import { InvalidArgumentError } from '@forge/provider';
import { defineSignature } from './define-signature.js';
import type { Instance } from './instance.js';
import type { Signature, SignatureField } from './signature.js';

/**
 * A signature read off example instances, for programs given as objects without one: each input
 * and gold key becomes a field, typed from the first instance that holds a value for it
 * (`str`, `int`, `float`, `bool`, `list[T]`, `dict[str,V]`; `str` where nothing tells). Field
 * order follows the first instance's keys, then keys that appear later.
 *
 * @throws InvalidArgumentError when there is no instance or no gold field.
 */
export function inferSignature(name: string, instances: readonly Instance[]): Signature {
  if (instances.length === 0) {
    throw new InvalidArgumentError({
      argument: 'signature',
      message: `signature of ${name}: no instances to infer it from; give a signature`,
    });
  }
  const fieldsOf = (part: 'input' | 'gold'): SignatureField[] => {
    const types = new Map<string, string | undefined>();
    for (const instance of instances) {
      for (const [key, value] of Object.entries(instance[part])) {
        if (types.get(key) === undefined) types.set(key, typeOfValue(value));
      }
    }
    return [...types].map(([field, type]) => ({
      name: field,
      type: type ?? 'str',
      description: `${part === 'input' ? 'Input' : 'Gold output'} field ${field} (type inferred from the data).`,
    }));
  };
  return defineSignature({ name, inputFields: fieldsOf('input'), outputFields: fieldsOf('gold') });
}

/** The field type of a JSON value, or `undefined` when the value tells nothing (null, empty). */
function typeOfValue(value: unknown): string | undefined {
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) {
    const element = value.map(typeOfValue).find((type) => type !== undefined);
    return element === undefined ? undefined : `list[${element}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entry = Object.values(value)
      .map(typeOfValue)
      .find((type) => type !== undefined);
    return entry === undefined ? undefined : `dict[str,${entry}]`;
  }
  return undefined;
}
