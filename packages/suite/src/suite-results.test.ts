import { describe, expect, it } from 'vitest';
import { doneResult, smallSpec } from './__fixtures__/cell-results.js';
import { mergeSuiteResults } from './merge-suite-results.js';
import { planSuite } from './plan-suite.js';
import { selectCells } from './select-cells.js';
import type { SuiteCellResult } from './suite-cell-result.js';
import { SuiteResultsError } from './suite-error.js';
import { collectSuiteResults, formatSuiteResults, parseSuiteResults } from './suite-results.js';

const plan = planSuite({ ...smallSpec, seeds: [0, 1] });
const runDirOf = (cell: { id: string }) => `cells/${cell.id}`;
const resultOf = (id: string): SuiteCellResult => {
  const cell = plan.cells.find((candidate) => candidate.id === id);
  if (cell === undefined) throw new Error(id);
  return doneResult(cell, { bestTest: (id.length % 7) / 10, evaluationsUsed: 40 + id.length });
};
const documentOf = (ids: readonly string[], digest = 'abc') =>
  collectSuiteResults({
    plan,
    name: 'small',
    digest,
    results: new Map(ids.map((id) => [id, resultOf(id)])),
    runDirOf,
  });

function resultsError(run: () => unknown): SuiteResultsError {
  try {
    run();
  } catch (error) {
    if (SuiteResultsError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SuiteResultsError');
}

describe('results.json', () => {
  it('lists every planned cell, pending where nothing ran, and reads back what it wrote', () => {
    const document = documentOf([plan.cells[0]?.id as string]);
    expect(document.cells).toHaveLength(plan.cells.length);
    expect(document.cells.map((cell) => cell.status)).toEqual([
      'done',
      ...Array(11).fill('pending'),
    ]);
    expect(document.cells[1]).toMatchObject({
      ceiling: null,
      bestTest: null,
      runDir: `cells/${plan.cells[1]?.id}`,
    });
    expect(parseSuiteResults(formatSuiteResults(document), 'results.json')).toEqual(document);
  });

  it('names the file, the cell and the field of a bad entry', () => {
    const document = documentOf([]);
    const broken = JSON.parse(formatSuiteResults(document));
    broken.cells[2].bestTest = 1.5;
    const error = resultsError(() =>
      parseSuiteResults(JSON.stringify(broken), 'shard/results.json'),
    );
    expect(error).toMatchObject({
      file: 'shard/results.json',
      cellId: plan.cells[2]?.id,
      field: 'cells.2.bestTest',
    });
    expect(resultsError(() => parseSuiteResults('{', 'r.json')).message).toContain(
      'r.json: not valid JSON',
    );
  });

  it('reads a stopped cell with its stop, and refuses one that names no cap', () => {
    const document = documentOf([]);
    const written = JSON.parse(formatSuiteResults(document));
    const stop = {
      by: 'wall-time',
      limit: 30,
      at: { evaluations: 40, costUsd: 0.5, optimizerCostUsd: 0.25 },
    };
    written.cells[0] = { ...written.cells[0], status: 'stopped', stop };
    expect(parseSuiteResults(JSON.stringify(written), 'r.json').cells[0]).toMatchObject({
      status: 'stopped',
      stop,
    });
    written.cells[0] = { ...written.cells[0], stop: undefined };
    expect(resultsError(() => parseSuiteResults(JSON.stringify(written), 'r.json'))).toMatchObject({
      cellId: plan.cells[0]?.id,
      field: 'cells.0.stop',
    });
    written.cells[0] = { ...written.cells[0], status: 'done', stop };
    expect(
      resultsError(() => parseSuiteResults(JSON.stringify(written), 'r.json')).message,
    ).toContain('a done cell ended on its own terms');
  });
});

describe('mergeSuiteResults', () => {
  it('merges two shards into exactly the unsharded results', () => {
    const everything = plan.cells.map((cell) => cell.id);
    const shards = [1, 2].map((index) =>
      documentOf(selectCells(plan, { shard: { index, count: 2 } }).cells.map((cell) => cell.id)),
    );
    const merged = mergeSuiteResults(
      shards.map((results, index) => ({ file: `shard-${index + 1}`, results })),
    );
    expect(merged).toEqual(documentOf(everything));
  });

  it('refuses shards of different suites and a cell done twice with different results', () => {
    expect(
      resultsError(() =>
        mergeSuiteResults([
          { file: 'a', results: documentOf([]) },
          { file: 'b', results: documentOf([], 'other') },
        ]),
      ),
    ).toMatchObject({ file: 'b', field: 'suite.digest' });
    const id = plan.cells[0]?.id as string;
    const changed = documentOf([id]);
    const other = {
      ...changed,
      cells: changed.cells.map((cell) => (cell.id === id ? { ...cell, bestTest: 0.99 } : cell)),
    };
    expect(
      resultsError(() =>
        mergeSuiteResults([
          { file: 'a', results: documentOf([id]) },
          { file: 'b', results: other },
        ]),
      ),
    ).toMatchObject({ file: 'b', cellId: id });
    // The same done result on both shards is fine.
    expect(
      mergeSuiteResults([
        { file: 'a', results: changed },
        { file: 'b', results: changed },
      ]),
    ).toEqual(changed);
  });
});
