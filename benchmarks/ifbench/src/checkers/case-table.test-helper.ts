import { expect, it } from 'vitest';
import type { InstructionDefinition } from './instruction.js';

/** One row of a checker table: id, kwargs, response, and what the reference returns. */
export type CheckerCase = readonly [
  id: string,
  kwargs: Readonly<Record<string, unknown>>,
  response: string,
  expected: boolean | 'raises',
];

/** Runs every row against the definitions: the verdict, or that the check throws. */
export function expectCases(
  definitions: readonly InstructionDefinition[],
  cases: readonly CheckerCase[],
): void {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  it.each(cases.map((row, index) => [index, ...row] as const))(
    'case %i: %s',
    (_index, id, kwargs, response, expected) => {
      const definition = byId.get(id);
      if (definition === undefined) throw new Error(`no definition for ${id}`);
      const checker = definition.build(kwargs);
      if (expected === 'raises') {
        expect(() => checker.check(response)).toThrow();
      } else {
        expect(checker.check(response).followed).toBe(expected);
      }
    },
  );
}
