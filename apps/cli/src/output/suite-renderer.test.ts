import type { SuiteRunEvent } from '@forge/sdk';
import { describe, expect, it } from 'vitest';
import { recordingTerminal } from './__fixtures__/recording-terminal.js';
import { createSuiteRenderer } from './suite-renderer.js';
import type { OutputMode } from './terminal.js';

type CellStart = Extract<SuiteRunEvent, { type: 'cell-start' }>;
type CellEnd = Extract<SuiteRunEvent, { type: 'cell-end' }>;

function render(mode: OutputMode, events: readonly SuiteRunEvent[]) {
  const { terminal, out, err } = recordingTerminal();
  const renderer = createSuiteRenderer(terminal, mode);
  for (const event of events) renderer.onEvent(event);
  renderer.finish();
  return { out: out(), err: err() };
}

const cellOf = (method: string): CellStart['cell'] => ({
  id: `sim/${method}/sim-task/sim-optimizer/seed-0`,
  benchmark: 'sim',
  method,
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  seed: 0,
  arm: 'original',
  role: method === 'forge' ? 'reference' : 'aligned',
  row: 'sim|sim:task|sim:optimizer|0',
  dependsOn: method === 'forge' ? [] : ['sim/forge/sim-task/sim-optimizer/seed-0'],
  ceilingFrom: method === 'forge' ? null : 'sim/forge/sim-task/sim-optimizer/seed-0',
  trainingFrom: null,
});
const forge = cellOf('forge');
const gepa = cellOf('gepa');
const ace = cellOf('ace');

const resultOf = (cell: CellStart['cell'], fields: Partial<CellEnd['result']>) =>
  ({
    id: cell.id,
    benchmark: cell.benchmark,
    method: cell.method,
    taskModel: cell.taskModel,
    optimizerModel: cell.optimizerModel,
    seed: cell.seed,
    arm: cell.arm,
    status: 'done',
    ceiling: null,
    maxEvaluations: 400,
    evaluationsUsed: 380,
    exceededCeiling: false,
    seedValidation: 0.3,
    bestValidation: 0.6,
    seedTest: 0.25,
    bestTest: 0.55,
    costUsd: 0,
    optimizerCostUsd: 0,
    runDir: `cells/${cell.id}`,
    simulated: true,
    curve: [],
    ...fields,
  }) as CellEnd['result'];

const events: SuiteRunEvent[] = [
  {
    type: 'suite-prepared',
    dir: '/suites/s',
    name: 's',
    digest: 'abc',
    resumed: false,
    cells: 3,
    simulated: true,
  },
  { type: 'suite-start', total: 3, selected: 3, alreadyDone: 0, addedDependencies: [] },
  {
    type: 'cell-start',
    cell: forge,
    position: 1,
    ceiling: null,
    selected: 3,
    done: 0,
    capped: 0,
    left: 3,
    spentUsd: 0,
  },
  {
    type: 'cell-progress',
    cell: forge,
    event: {
      type: 'run-start',
      maxEvaluations: 400,
      evaluationsUsed: 0,
      step: 0,
    } as Extract<SuiteRunEvent, { type: 'cell-progress' }>['event'],
  },
  {
    type: 'cell-end',
    result: resultOf(forge, {}),
    selected: 3,
    done: 1,
    capped: 0,
    left: 2,
    spentUsd: 0.5,
  },
  {
    type: 'cell-start',
    cell: gepa,
    position: 2,
    ceiling: 380,
    selected: 3,
    done: 1,
    capped: 0,
    left: 2,
    spentUsd: 0.5,
  },
  {
    type: 'cell-end',
    result: resultOf(gepa, { ceiling: 380, evaluationsUsed: 390, exceededCeiling: true }),
    selected: 3,
    done: 2,
    capped: 0,
    left: 1,
    spentUsd: 0.75,
  },
  {
    type: 'cell-start',
    cell: ace,
    position: 3,
    ceiling: 380,
    selected: 3,
    done: 2,
    capped: 0,
    left: 1,
    spentUsd: 0.75,
  },
  {
    type: 'cell-end',
    result: resultOf(ace, { status: 'failed', error: 'provider sim failed', ceiling: 380 }),
    selected: 3,
    done: 2,
    capped: 0,
    left: 1,
    spentUsd: 0.75,
  },
  { type: 'cell-skipped', cell: forge, reason: 'done' },
  {
    type: 'suite-end',
    selected: 3,
    done: 2,
    capped: 0,
    left: 1,
    spentUsd: 0.75,
    failed: 1,
    refused: 0,
    stopped: false,
  },
];

describe('the suite renderer', () => {
  it('writes plain lines: the suite, each cell start and end, ceilings, a failure and a skip', () => {
    const { err, out } = render('plain', events);
    expect(out).toBe('');
    expect(err).not.toContain('\r');
    expect(err.split('\n')).toEqual([
      'forge suite starting s: 3 cells in /suites/s',
      '  simulated models: these numbers say nothing about real models',
      '3 cell(s) to visit, 0 already done',
      `▶ cell 1/3 ${forge.id}`,
      `✓ ${forge.id}: validation 30.0% → 60.0%, test 55.0%, 380 evaluations · 1 done, 2 left, $0.50 spent`,
      `▶ cell 2/3 ${gepa.id} — ceiling 380 evaluations (B.4)`,
      `✓ ${gepa.id}: validation 30.0% → 60.0%, test 55.0%, 390/380 evaluations EXCEEDED ITS CEILING · 2 done, 1 left, $0.75 spent`,
      `▶ cell 3/3 ${ace.id} — ceiling 380 evaluations (B.4)`,
      `✗ ${ace.id} failed: provider sim failed`,
      `· ${forge.id}: done already`,
      '',
    ]);
  });

  it('says which cap stopped a reference, and which cells that refuses', () => {
    const stopped = resultOf(forge, {
      status: 'stopped',
      evaluationsUsed: 119,
      stopReason: 'optimizer cost limit ($2)',
      stop: {
        by: 'cost-cap',
        limit: 2,
        at: { evaluations: 119, costUsd: 2.1, optimizerCostUsd: 2 },
      },
    });
    const { err } = render('plain', [
      {
        type: 'cell-end',
        result: stopped,
        selected: 3,
        done: 0,
        capped: 1,
        left: 2,
        spentUsd: 2.1,
      },
      { type: 'cell-blocked', cell: gepa, waitingFor: [], refusedBy: forge.id },
      { type: 'cell-skipped', cell: forge, reason: 'stopped' },
    ]);
    expect(err.split('\n')).toEqual([
      `‡ ${forge.id} stopped by a cap (optimizer cost limit ($2)) at 119 evaluations: validation 30.0% → 60.0%, test 55.0% (a truncated run, marked in the tables) · 0 done, 2 left, $2.10 spent`,
      `✗ ${gepa.id}: refused, its ceiling would come from ${forge.id}, which a cap stopped short`,
      `· ${forge.id}: stopped by a cap already`,
      '',
    ]);
  });

  it('on a terminal keeps one status line, redrawn in place and cleared before every other line', () => {
    const { err } = render('tty', events);
    expect(err).toContain('[cell 1/3 · 0 done · 3 left · $0.00] forge on sim (seed 0)');
    expect(err).toContain('0/400 evaluations · step 0');
    // Played on a screen (a clear wipes the row, a newline keeps it), no status line stays in the
    // scrollback and the display ends on an empty row.
    const rows: string[] = [];
    let row = '';
    const clear = '\r\u001b[2K';
    for (const part of err
      .split(clear)
      .flatMap((piece, index) =>
        index === 0 ? piece.split(/(\n)/) : [clear, ...piece.split(/(\n)/)],
      )) {
      if (part === clear) row = '';
      else if (part === '\n') {
        rows.push(row);
        row = '';
      } else row += part;
    }
    expect(row).toBe('');
    expect(rows.filter((kept) => kept.includes('[cell '))).toEqual([]);
    expect(rows).toContain(`▶ cell 2/3 ${gepa.id} — ceiling 380 evaluations (B.4)`);
    expect(err).not.toContain('done already');
  });

  it('writes one JSON object per event on standard output with --json', () => {
    const { err, out } = render('json', events);
    expect(err).toBe('');
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(events.map((event) => event.type));
  });
});
