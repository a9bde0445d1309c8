import { describe, expect, it } from 'vitest';
import { doneResult, smallSpec } from './__fixtures__/cell-results.js';
import { cellReadiness } from './cell-ceiling.js';
import { planSuite } from './plan-suite.js';
import { heldBackResult, runSuiteCell } from './run-suite-cell.js';
import type { SuiteCell } from './suite-cell.js';
import { pendingResult, type SuiteCellResult } from './suite-cell-result.js';

const plan = planSuite(smallSpec);
const reference = plan.cells.find((cell) => cell.role === 'reference') as SuiteCell;
const aligned = plan.cells.find(
  (cell) => cell.role === 'aligned' && cell.ceilingFrom === reference.id,
) as SuiteCell;

class HeldElsewhere extends Error {}

describe('runSuiteCell', () => {
  it('records the ceiling, the overspend and the directory, whatever the runner said', async () => {
    const result = await runSuiteCell({
      cell: aligned,
      ceiling: 50,
      runDir: 'cells/x',
      results: new Map(),
      runCell: async (cell) =>
        doneResult(cell, { bestTest: 0.5, evaluationsUsed: 57, ceiling: 999, runDir: 'elsewhere' }),
    });
    expect(result).toMatchObject({
      status: 'done',
      ceiling: 50,
      exceededCeiling: true,
      runDir: 'cells/x',
    });
  });

  it('makes a throwing runner a failed cell, except for the errors the caller takes', async () => {
    const failing = async (): Promise<SuiteCellResult> => {
      throw new Error('the model refused');
    };
    const failed = await runSuiteCell({
      cell: reference,
      ceiling: null,
      runDir: 'cells/r',
      results: new Map(),
      runCell: failing,
    });
    expect(failed).toMatchObject({ status: 'failed', error: 'the model refused', ceiling: null });
    await expect(
      runSuiteCell({
        cell: reference,
        ceiling: null,
        runDir: 'cells/r',
        results: new Map(),
        runCell: async () => {
          throw new HeldElsewhere('held by another worker');
        },
        passThrough: (error) => error instanceof HeldElsewhere,
      }),
    ).rejects.toThrow('held by another worker');
  });
});

describe('heldBackResult', () => {
  it('says what a cell waits for, and which failed dependency blocks it', () => {
    const waiting = cellReadiness(aligned, new Map());
    if (waiting.ready) throw new Error('the aligned cell cannot be ready without its reference');
    expect(heldBackResult(aligned, waiting, 'cells/a', undefined)).toMatchObject({
      status: 'pending',
      error: `waiting for ${reference.id}`,
    });
    const failed = { ...pendingResult(reference, 'cells/r'), status: 'failed' as const };
    const blocked = cellReadiness(aligned, new Map([[reference.id, failed]]));
    if (blocked.ready) throw new Error('a failed reference must block its row');
    expect(heldBackResult(aligned, blocked, 'cells/a', undefined).error).toBe(
      `blocked: ${reference.id} failed; fix it and resume the suite`,
    );
  });
});
