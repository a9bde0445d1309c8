import {
  defaultCellRunDir,
  executeSuite,
  pendingResult,
  planSuite,
  type SuiteCell,
  type SuiteCellResult,
} from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { cellsToEnqueue, queueProgress, settledResults } from './queue-progress.js';

const plan = planSuite({
  benchmarks: ['alpha', 'beta'],
  methods: ['baseline', 'prompt-search', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  alignment: { reference: 'forge', controls: ['baseline'] },
});
const byId = (id: string) => plan.cells.find((cell) => cell.id === id) as SuiteCell;
const alphaForge = 'alpha/forge/sim-task/sim-optimizer/seed-0';
const alphaSearch = 'alpha/prompt-search/sim-task/sim-optimizer/seed-0';

function finished(cell: SuiteCell, status: 'done' | 'failed', used = 40): SuiteCellResult {
  return {
    ...pendingResult(cell, defaultCellRunDir(cell)),
    status,
    evaluationsUsed: status === 'done' ? used : null,
    costUsd: 0.5,
  };
}

describe('cellsToEnqueue', () => {
  it('starts with references and controls, and adds aligned cells once their reference is done', () => {
    const first = cellsToEnqueue(plan.cells, new Map()).map((cell) => cell.method);
    expect(first).toEqual(['forge', 'baseline', 'forge', 'baseline']);
    const results = new Map([[alphaForge, finished(byId(alphaForge), 'done')]]);
    const next = cellsToEnqueue(plan.cells, results).map((cell) => cell.id);
    expect(next).toContain(alphaSearch);
    expect(next).not.toContain(alphaForge);
    expect(next).not.toContain('beta/prompt-search/sim-task/sim-optimizer/seed-0');
  });

  it('never offers a failed cell again, nor the cells its failure blocks', () => {
    const results = new Map([[alphaForge, finished(byId(alphaForge), 'failed')]]);
    const next = cellsToEnqueue(plan.cells, results).map((cell) => cell.id);
    expect(next).not.toContain(alphaForge);
    expect(next).not.toContain(alphaSearch);
  });
});

describe('queueProgress and settledResults', () => {
  it('counts a failed reference and the row it blocks, and settles like executeSuite', async () => {
    const results = new Map<string, SuiteCellResult>();
    for (const cell of plan.cells) {
      if (cell.id === alphaForge) results.set(cell.id, finished(cell, 'failed'));
      else if (cell.id !== alphaSearch) results.set(cell.id, finished(cell, 'done'));
    }
    expect(queueProgress(plan.cells, results)).toEqual({
      selected: 6,
      done: 4,
      stopped: 0,
      failed: 1,
      blocked: 1,
      refused: 0,
      remaining: 0,
      spentUsd: 2.5,
    });
    // One machine, given the same cell results, records the very same document.
    const local = await executeSuite({
      cells: plan.cells,
      previous: new Map([...results].filter(([, result]) => result.status === 'done')),
      runCell: async (cell) => results.get(cell.id) as SuiteCellResult,
    });
    const queued = settledResults(plan.cells, results, defaultCellRunDir);
    const strip = (map: ReadonlyMap<string, SuiteCellResult>) =>
      plan.cells.map((cell) => {
        const {
          ceiling: _ceiling,
          exceededCeiling: _exceeded,
          ...rest
        } = map.get(cell.id) as SuiteCellResult;
        return rest;
      });
    expect(strip(queued)).toEqual(strip(local.results));
    expect(queued.get(alphaSearch)?.error).toBe(
      `blocked: ${alphaForge} failed; fix it and resume the suite`,
    );
  });

  it('refuses the cells of a reference a cap stopped, settling like executeSuite, or enqueues them when allowed', async () => {
    const stopped: SuiteCellResult = {
      ...finished(byId(alphaForge), 'done', 119),
      status: 'stopped',
      stop: { by: 'cost-cap', limit: 2, at: { evaluations: 119, costUsd: 2, optimizerCostUsd: 1 } },
    };
    const results = new Map<string, SuiteCellResult>([[alphaForge, stopped]]);
    for (const cell of plan.cells)
      if (cell.role !== 'aligned' && cell.id !== alphaForge)
        results.set(cell.id, finished(cell, 'done'));
    expect(cellsToEnqueue(plan.cells, results).map((cell) => cell.id)).toEqual([
      'beta/prompt-search/sim-task/sim-optimizer/seed-0',
    ]);
    const allow = { allowTruncatedCeilings: true };
    expect(cellsToEnqueue(plan.cells, results, allow).map((cell) => cell.id)).toContain(
      alphaSearch,
    );
    const beta = byId('beta/prompt-search/sim-task/sim-optimizer/seed-0');
    results.set(beta.id, finished(beta, 'done'));
    expect(queueProgress(plan.cells, results)).toMatchObject({
      done: 4,
      stopped: 1,
      refused: 1,
      remaining: 0,
    });
    expect(queueProgress(plan.cells, results, allow)).toMatchObject({ refused: 0, remaining: 1 });
    const local = await executeSuite({
      cells: plan.cells,
      previous: results,
      runCell: async () => {
        throw new Error('nothing left to run');
      },
    });
    const queued = settledResults(plan.cells, results, defaultCellRunDir);
    expect(queued.get(alphaSearch)).toEqual(local.results.get(alphaSearch));
    expect(queued.get(alphaSearch)).toMatchObject({
      status: 'pending',
      stoppedDependencies: [alphaForge],
    });
    expect(local.refused).toEqual([{ cell: alphaSearch, dependency: alphaForge }]);
  });

  it('has cells remaining while a reference runs', () => {
    const progress = queueProgress(plan.cells, new Map());
    expect(progress).toMatchObject({ done: 0, failed: 0, blocked: 0, remaining: 6 });
  });
});
