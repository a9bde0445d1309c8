import type {
  BuiltInstruction,
  InstructionDefinition,
  InstructionKwargs,
  KwargSpec,
  Verdict,
} from './instruction.js';
import { InstructionKwargsError } from './instruction-kwargs-error.js';

/** What a checker's `build` returns before the framework adds its id. */
export interface CheckerParts {
  /** The rendered instruction text. */
  readonly description: string;
  /** The check. */
  readonly check: (response: string) => Verdict;
}

/** Reads the kwargs a definition declared, already validated. */
export interface KwargReader {
  /** A declared `integer` or `number` kwarg; `nonZero` mirrors the reference's `if not n`. */
  number(name: string, options?: { readonly nonZero?: boolean }): number;
  /** A declared `string` kwarg; `nonEmpty` mirrors the reference's `if not word`. */
  string(name: string, options?: { readonly nonEmpty?: boolean }): string;
  /** A declared `string list` kwarg. */
  strings(name: string): readonly string[];
}

/** Settings of `defineInstruction`. */
export interface InstructionSettings {
  /** The id. */
  readonly id: string;
  /** What the checker verifies. */
  readonly summary: string;
  /** The kwargs it requires (default none). */
  readonly kwargs?: readonly KwargSpec[];
  /**
   * True when the reference's `build_description(**kwargs)` swallows unknown keys; otherwise
   * an unknown key is an error, as the reference's TypeError is.
   */
  readonly ignoresUnknownKwargs?: boolean;
  /** Builds the description and the check. */
  readonly build: (kwargs: KwargReader) => CheckerParts;
}

/**
 * Declares an instruction: the framework rejects unknown keys, missing values and wrong types
 * before `build` runs, so every checker reads clean kwargs.
 */
export function defineInstruction(settings: InstructionSettings): InstructionDefinition {
  const specs = settings.kwargs ?? [];
  return {
    id: settings.id,
    summary: settings.summary,
    kwargs: specs,
    build(kwargs: InstructionKwargs): BuiltInstruction {
      const reader = validateKwargs(settings, specs, kwargs);
      const parts = settings.build(reader);
      return { id: settings.id, description: parts.description, check: parts.check };
    },
  };
}

function validateKwargs(
  settings: InstructionSettings,
  specs: readonly KwargSpec[],
  kwargs: InstructionKwargs,
): KwargReader {
  const fail = (field: string | undefined, message: string): never => {
    throw new InstructionKwargsError({
      instructionId: settings.id,
      ...(field === undefined ? {} : { field }),
      message,
    });
  };
  const declared = new Map(specs.map((spec) => [spec.name, spec]));
  if (!settings.ignoresUnknownKwargs) {
    for (const key of Object.keys(kwargs)) {
      if (!declared.has(key)) {
        const expected = specs.length === 0 ? 'none' : specs.map((spec) => spec.name).join(', ');
        fail(key, `is not a kwarg of this instruction (it takes: ${expected})`);
      }
    }
  }
  for (const spec of specs) {
    const value = kwargs[spec.name];
    if (value === undefined || value === null) {
      fail(spec.name, 'is missing (the reference would draw a random value)');
    }
    switch (spec.type) {
      case 'integer':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
          fail(spec.name, `must be a non-negative integer, got ${JSON.stringify(value)}`);
        }
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
          fail(spec.name, `must be a non-negative number, got ${JSON.stringify(value)}`);
        }
        break;
      case 'signed number':
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          fail(spec.name, `must be a number, got ${JSON.stringify(value)}`);
        }
        break;
      case 'string':
        if (typeof value !== 'string')
          fail(spec.name, `must be a string, got ${JSON.stringify(value)}`);
        break;
      case 'string list':
        if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
          fail(spec.name, `must be a list of strings, got ${JSON.stringify(value)}`);
        }
        break;
    }
  }
  const get = (name: string): unknown => {
    if (!declared.has(name)) throw new Error(`${settings.id}: kwarg ${name} was not declared`);
    return kwargs[name];
  };
  const random = '(the reference would draw a random value)';
  return {
    number(name, options) {
      const value = get(name) as number;
      if (options?.nonZero && value === 0) fail(name, `is 0 ${random}`);
      return value;
    },
    string(name, options) {
      const value = get(name) as string;
      if (options?.nonEmpty && value === '') fail(name, `is empty ${random}`);
      return value;
    },
    strings: (name) => get(name) as readonly string[],
  };
}
