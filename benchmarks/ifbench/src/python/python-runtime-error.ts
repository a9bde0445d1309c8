import { ForgeError } from '@forge/provider';

const name = 'PythonRuntimeError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Raised where the reference implementation raises (IndexError, ZeroDivisionError, TypeError,
 * csv.Error). Loose scoring counts the variant it was raised on as not followed.
 */
export class PythonRuntimeError extends ForgeError {
  protected readonly [symbol] = true;
  /** The Python exception the reference raises here, e.g. `IndexError`. */
  readonly pythonType: string;

  constructor(pythonType: string, message: string) {
    super({ name, message: `${pythonType}: ${message}` });
    this.pythonType = pythonType;
  }

  static override isInstance(error: unknown): error is PythonRuntimeError {
    return ForgeError.hasMarker(error, marker);
  }
}

/** Python's `sequence[index]`: negative indices count from the end; misses raise. */
export function pythonIndex<T>(sequence: readonly T[], index: number, what = 'list'): T {
  if (!Number.isInteger(index)) {
    throw new PythonRuntimeError('TypeError', `${what} indices must be integers, not float`);
  }
  const position = index < 0 ? sequence.length + index : index;
  if (position < 0 || position >= sequence.length) {
    throw new PythonRuntimeError('IndexError', `${what} index out of range`);
  }
  return sequence[position] as T;
}
