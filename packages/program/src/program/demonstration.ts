import type { Message } from '@forge/provider';

/**
 * One few-shot demonstration of a module: what the module received and what it should answer,
 * optionally with the reasoning that led there. A program renders a module's demonstrations as
 * earlier conversation turns before the live input (docs/prompt-contracts.md, "Few-shot
 * demonstrations"); the system prompt stays the candidate's prompt, unchanged.
 */
export interface Demonstration {
  /** The module's input fields (name → value), as the module reads them. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The module's output fields (name → value), as the module should write them. */
  readonly output: Readonly<Record<string, unknown>>;
  /** The module's reasoning before its output (a bootstrapped chain of thought), when any. */
  readonly reasoning?: string;
  /** The training instance it was taken from, for reports; rendering never reads it. */
  readonly instanceId?: string;
}

/** Demonstrations by module name, each list in the order the module shows them. */
export type Demonstrations = Readonly<Record<string, readonly Demonstration[]>>;

/** How a module writes a demonstration: its user turn and its answer turn. */
export interface DemonstrationRenderer {
  /** The user turn: the demonstration's inputs, rendered exactly as the module renders a live input. */
  readonly input: (demonstration: Demonstration) => string;
  /** The assistant turn: the outputs in the answer format the module's parser reads back. */
  readonly answer: (demonstration: Demonstration) => string;
}

/** The demonstrations a module should show (empty when the context gives none). */
export function demonstrationsFor(
  demos: Demonstrations | undefined,
  module: string,
): readonly Demonstration[] {
  return demos?.[module] ?? [];
}

/**
 * The conversation turns of a module's demonstrations, oldest first: for each one a user turn
 * and an assistant turn. A program puts them between the system prompt and the live input.
 */
export function demonstrationMessages(
  demonstrations: readonly Demonstration[],
  render: DemonstrationRenderer,
): Message[] {
  return demonstrations.flatMap((demonstration): Message[] => [
    { role: 'user', content: render.input(demonstration) },
    { role: 'assistant', content: render.answer(demonstration) },
  ]);
}

/** True when any module has at least one demonstration. */
export function hasDemonstrations(demos: Demonstrations | undefined): boolean {
  return demos !== undefined && Object.values(demos).some((list) => list.length > 0);
}
