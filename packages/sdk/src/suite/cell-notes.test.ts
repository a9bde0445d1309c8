import { describe, expect, it } from 'vitest';
import { cellNotes } from './suite-cell-runner.js';

const cell = (method: string) =>
  ({ id: `appworld/${method}/t/o/seed-0`, benchmark: 'appworld', method }) as never;

describe('cellNotes', () => {
  it('says a synthesizing method on a benchmark without synthesis ran prompt search only', () => {
    const title = 'AppWorld (prompt search only: no task-authoring backend)';
    expect(cellNotes(cell('forge'), title)).toEqual([
      'forge on appworld ran prompt search only: the benchmark has no task-authoring backend, so no synthesis event ran (AppWorld (prompt search only: no task-authoring backend)).',
    ]);
    expect(cellNotes(cell('failure-memory'), title)).toHaveLength(1);
    // Methods that never synthesize, and a benchmark that can, need no note.
    expect(cellNotes(cell('gepa'), title)).toEqual([]);
    expect(cellNotes(cell('prompt-search'), title)).toEqual([]);
    expect(cellNotes(cell('forge'), 'AppWorld')).toEqual([]);
  });
});
