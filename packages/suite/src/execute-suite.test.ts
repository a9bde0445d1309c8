import { describe, expect, it } from 'vitest';
import { doneResult, smallSpec } from './__fixtures__/cell-results.js';
import { executeSuite } from './execute-suite.js';
import { planSuite } from './plan-suite.js';
import type { CellRunner } from './run-suite-cell.js';
import type { SuiteCell } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import type { SuiteEvent } from './suite-event.js';

const plan = planSuite(smallSpec);

/** A runner that spends the ceiling (or 120 for the reference, 10 for controls), recording calls. */
function recordingRunner(overspend: readonly string[] = []) {
  const calls: { id: string; ceiling: number | null }[] = [];
  const runCell: CellRunner = async (cell, ceiling) => {
    calls.push({ id: cell.id, ceiling });
    const used =
      cell.role === 'reference'
        ? cell.benchmark === 'alpha'
          ? 120
          : 90
        : cell.role === 'control'
          ? 10
          : (ceiling ?? 0);
    return doneResult(cell, {
      bestTest: 0.5,
      evaluationsUsed: overspend.includes(cell.method) ? used + 7 : used,
      ceiling: 999,
      costUsd: 0.25,
    });
  };
  return { calls, runCell };
}

/** Every cell done as `recordingRunner` does it, except the reference of `benchmark`: a $2 cost cap stops it at 119. */
function cappedReferenceRunner(benchmark: string): CellRunner {
  const { runCell } = recordingRunner();
  return async (cell, ceiling, context) => {
    if (cell.role !== 'reference' || cell.benchmark !== benchmark)
      return runCell(cell, ceiling, context);
    return {
      ...doneResult(cell, { bestTest: 0.3, evaluationsUsed: 119, costUsd: 2.1 }),
      status: 'stopped',
      stop: {
        by: 'cost-cap',
        limit: 2,
        at: { evaluations: 119, costUsd: 2.1, optimizerCostUsd: 2 },
      },
    };
  };
}

describe('executeSuite', () => {
  it('runs references first and passes their completed count as the ceiling of the row', async () => {
    const { calls, runCell } = recordingRunner();
    const events: SuiteEvent[] = [];
    const persisted: string[] = [];
    const { results, ran, stopped } = await executeSuite({
      cells: plan.cells,
      runCell,
      onEvent: (event) => events.push(event),
      onResult: (result) => {
        persisted.push(result.id);
      },
    });
    expect(stopped).toBe(false);
    expect(calls).toEqual([
      { id: 'alpha/forge/sim-task/sim-optimizer/seed-0', ceiling: null },
      { id: 'alpha/baseline/sim-task/sim-optimizer/seed-0', ceiling: null },
      { id: 'alpha/prompt-search/sim-task/sim-optimizer/seed-0', ceiling: 120 },
      { id: 'beta/forge/sim-task/sim-optimizer/seed-0', ceiling: null },
      { id: 'beta/baseline/sim-task/sim-optimizer/seed-0', ceiling: null },
      { id: 'beta/prompt-search/sim-task/sim-optimizer/seed-0', ceiling: 90 },
    ]);
    expect(ran).toEqual(calls.map((call) => call.id));
    expect(persisted).toEqual(ran);
    // The suite records the ceiling it gave, whatever the runner said.
    expect(results.get('alpha/prompt-search/sim-task/sim-optimizer/seed-0')).toMatchObject({
      ceiling: 120,
      evaluationsUsed: 120,
      exceededCeiling: false,
      runDir: 'cells/alpha/prompt-search/sim-task/sim-optimizer/seed-0',
    });
    expect(results.get('alpha/forge/sim-task/sim-optimizer/seed-0')?.ceiling).toBeNull();
    const starts = events.filter((event) => event.type === 'cell-start');
    expect(starts.map((event) => [event.position, event.done, event.left, event.spentUsd])).toEqual(
      [
        [1, 0, 6, 0],
        [2, 1, 5, 0.25],
        [3, 2, 4, 0.5],
        [4, 3, 3, 0.75],
        [5, 4, 2, 1],
        [6, 5, 1, 1.25],
      ],
    );
    expect(events.at(-1)).toEqual({
      type: 'suite-end',
      selected: 6,
      done: 6,
      capped: 0,
      left: 0,
      spentUsd: 1.5,
      failed: 0,
      refused: 0,
      stopped: false,
    });
  });

  it('flags a method that spent more than its ceiling', async () => {
    const { runCell } = recordingRunner(['prompt-search']);
    const { results } = await executeSuite({ cells: plan.cells, runCell });
    expect(results.get('beta/prompt-search/sim-task/sim-optimizer/seed-0')).toMatchObject({
      ceiling: 90,
      evaluationsUsed: 97,
      exceededCeiling: true,
    });
  });

  it('never runs a done cell again, and continues the rest', async () => {
    const first = recordingRunner();
    const half = await executeSuite({ cells: plan.cells.slice(0, 3), runCell: first.runCell });
    const second = recordingRunner();
    const events: SuiteEvent[] = [];
    const { results } = await executeSuite({
      cells: plan.cells,
      previous: half.results,
      runCell: second.runCell,
      onEvent: (event) => events.push(event),
    });
    expect(second.calls.map((call) => call.id)).toEqual(plan.cells.slice(3).map((cell) => cell.id));
    expect(events[0]).toMatchObject({ type: 'suite-start', alreadyDone: 3, selected: 6 });
    expect(events.filter((event) => event.type === 'cell-skipped')).toHaveLength(3);
    expect([...results.values()].every((result) => result.status === 'done')).toBe(true);
  });

  it('records a failing cell, blocks the cells of its row that depend on it, and goes on', async () => {
    const runCell: CellRunner = async (cell, ceiling) => {
      if (cell.id.startsWith('alpha/forge')) throw new Error('model server unreachable');
      return doneResult(cell, { bestTest: 0.4, evaluationsUsed: ceiling ?? 50 });
    };
    const events: SuiteEvent[] = [];
    const { results } = await executeSuite({
      cells: plan.cells,
      runCell,
      onEvent: (event) => events.push(event),
    });
    expect(results.get('alpha/forge/sim-task/sim-optimizer/seed-0')).toMatchObject({
      status: 'failed',
      error: 'model server unreachable',
    });
    expect(results.get('alpha/baseline/sim-task/sim-optimizer/seed-0')?.status).toBe('done');
    expect(results.get('alpha/prompt-search/sim-task/sim-optimizer/seed-0')).toMatchObject({
      status: 'pending',
      error:
        'blocked: alpha/forge/sim-task/sim-optimizer/seed-0 failed; fix it and resume the suite',
    });
    expect(results.get('beta/prompt-search/sim-task/sim-optimizer/seed-0')?.status).toBe('done');
    expect(events.find((event) => event.type === 'cell-blocked')).toMatchObject({
      blockedBy: 'alpha/forge/sim-task/sim-optimizer/seed-0',
    });
    expect(events.at(-1)).toMatchObject({ type: 'suite-end', failed: 1, done: 4, left: 2 });
  });

  it('refuses the cells whose ceiling would come from a reference a cap stopped, and says which', async () => {
    const runCell = cappedReferenceRunner('alpha');
    const events: SuiteEvent[] = [];
    const { results, refused } = await executeSuite({
      cells: plan.cells,
      runCell,
      onEvent: (event) => events.push(event),
    });
    const reference = 'alpha/forge/sim-task/sim-optimizer/seed-0';
    const dependant = 'alpha/prompt-search/sim-task/sim-optimizer/seed-0';
    expect(results.get(reference)).toMatchObject({ status: 'stopped', evaluationsUsed: 119 });
    expect(refused).toEqual([{ cell: dependant, dependency: reference }]);
    expect(results.get(dependant)).toMatchObject({
      status: 'pending',
      stoppedDependencies: [reference],
    });
    expect(results.get(dependant)?.error).toBe(
      `refused: its ceiling would come from ${reference}, stopped by the optimizer cost cap ($2) at 119 evaluations, $2.10 spent, not a finished run; raise the cap in a new suite directory, or set alignment.allowTruncatedCeilings: true and resume (the cell is then flagged)`,
    );
    // The control runs without a ceiling; the other row is untouched.
    expect(results.get('alpha/baseline/sim-task/sim-optimizer/seed-0')?.status).toBe('done');
    expect(results.get('beta/prompt-search/sim-task/sim-optimizer/seed-0')).toMatchObject({
      status: 'done',
      ceiling: 90,
    });
    expect(events.find((event) => event.type === 'cell-blocked')).toMatchObject({
      refusedBy: reference,
      waitingFor: [],
    });
    expect(events.at(-1)).toMatchObject({ type: 'suite-end', capped: 1, refused: 1, left: 1 });
  });

  it('runs them under the truncated count when allowed, flagged, and a resume allows what was refused', async () => {
    const refusedFirst = await executeSuite({
      cells: plan.cells,
      runCell: cappedReferenceRunner('alpha'),
    });
    const again = recordingRunner();
    const { results, refused } = await executeSuite({
      cells: plan.cells,
      previous: refusedFirst.results,
      runCell: again.runCell,
      allowTruncatedCeilings: true,
    });
    // The stopped reference is finished: never run again; only the refused cell runs.
    expect(again.calls).toEqual([
      { id: 'alpha/prompt-search/sim-task/sim-optimizer/seed-0', ceiling: 119 },
    ]);
    expect(refused).toEqual([]);
    expect(results.get('alpha/prompt-search/sim-task/sim-optimizer/seed-0')).toMatchObject({
      status: 'done',
      ceiling: 119,
      stoppedDependencies: ['alpha/forge/sim-task/sim-optimizer/seed-0'],
    });
    expect(
      results.get('beta/prompt-search/sim-task/sim-optimizer/seed-0')?.stoppedDependencies,
    ).toBeUndefined();
  });

  it('stops after a cell that a stop request left part-way, and starts nothing after it', async () => {
    const controller = new AbortController();
    const seen: SuiteCell[] = [];
    const runCell: CellRunner = async (cell, _ceiling, context) => {
      seen.push(cell);
      controller.abort();
      expect(context.stopSignal?.aborted).toBe(true);
      return {
        ...doneResult(cell, { bestTest: 0, evaluationsUsed: 30 }),
        status: 'pending',
      } as SuiteCellResult;
    };
    const { stopped, ran } = await executeSuite({
      cells: plan.cells,
      runCell,
      stopSignal: controller.signal,
    });
    expect(stopped).toBe(true);
    expect(ran).toEqual([plan.cells[0]?.id]);
    expect(seen).toHaveLength(1);
  });
});
