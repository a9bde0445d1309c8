/** The value types a kwarg may have. */
/** `number` is non-negative (the reference redraws negative values); `signed number` is not. */
export type KwargType = 'integer' | 'number' | 'signed number' | 'string' | 'string list';

/** One keyword argument an instruction takes. */
export interface KwargSpec {
  /** Key in the dataset's kwargs object, e.g. `min_words`. */
  readonly name: string;
  /** The value type. */
  readonly type: KwargType;
  /** What the value means, for people and for the synthesis agents. */
  readonly description: string;
}

/** The outcome of one check of one response. */
export interface Verdict {
  /** True when the response satisfies the instruction. */
  readonly followed: boolean;
  /** Why it did not, in words, when the checker can tell. */
  readonly reason?: string;
}

/** Kwargs after null-valued keys were dropped, as the reference does before building. */
export type InstructionKwargs = Readonly<Record<string, unknown>>;

/** A checker built from one instruction id and its kwargs. */
export interface BuiltInstruction {
  /** The instruction id. */
  readonly id: string;
  /** The instruction as the reference renders it (`build_description`). */
  readonly description: string;
  /** Checks one response; may throw where the reference raises. */
  check(response: string): Verdict;
}

/** An instruction id of the registry: its documentation and how to build its checker. */
export interface InstructionDefinition {
  /** The id, `family:name`. */
  readonly id: string;
  /** What the checker verifies, in one or two sentences (including its quirks). */
  readonly summary: string;
  /** The kwargs it requires. */
  readonly kwargs: readonly KwargSpec[];
  /** Builds the checker from validated kwargs (unknown and missing keys are rejected first). */
  readonly build: (kwargs: InstructionKwargs) => BuiltInstruction;
}

/** A verdict that names its reason only when the instruction was not followed. */
export function verdict(followed: boolean, reason?: string): Verdict {
  return followed || reason === undefined ? { followed } : { followed, reason };
}
