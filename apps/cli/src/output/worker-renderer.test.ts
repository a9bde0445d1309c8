import { describe, expect, it } from 'vitest';
import { printQueueStatus } from '../commands/suite-queue-actions.js';
import { recordingTerminal } from './__fixtures__/recording-terminal.js';
import { createQueuedSuiteRenderer } from './queued-suite-renderer.js';
import { createWorkerRenderer } from './worker-renderer.js';

// Whoever can write to the queue's Redis chooses worker names, job ids, cell errors and refusal
// reasons: a window title (OSC 0), a screen clear (CSI 2J) and a bell in each.
const escapeCharacter = String.fromCharCode(0x1b);
const hostile = `${escapeCharacter}]0;owned${String.fromCharCode(7)}${escapeCharacter}[2Jevil`;

describe('text from Redis on the terminal', () => {
  it('forge worker prints names, job ids and reasons without control sequences', () => {
    const recorded = recordingTerminal();
    const renderer = createWorkerRenderer(recorded.terminal, 'plain');
    renderer.onEvent({ type: 'cell-rejected', worker: 'w', job: hostile, reason: hostile });
    renderer.onEvent({
      type: 'cell-finished',
      worker: 'w',
      cell: 'c',
      status: 'done',
      durationMs: 1,
      enqueued: [hostile],
    });
    renderer.onEvent({ type: 'worker-stopped', worker: hostile });
    expect(recorded.err()).not.toContain(escapeCharacter);
    expect(recorded.err()).toContain('job evil refused, nothing run or deleted: evil');
    expect(recorded.err()).toContain('enqueued evil');
  });

  it('forge suite status and forge suite --queue print workers, cells and errors without them', () => {
    const recorded = recordingTerminal();
    printQueueStatus(recorded.terminal, 'plain', {
      suite: { key: 'k', name: hostile, dir: '/suites/s', digest: 'd' },
      progress: { done: 0, failed: 1, remaining: 1, spentUsd: 0 } as never,
      counts: {
        waiting: 0,
        queued: 0,
        running: 1,
        done: 0,
        stopped: 0,
        failed: 1,
        blocked: 0,
        refused: 0,
      },
      cells: [
        { id: 'a', state: 'running', worker: hostile, starts: 1 },
        { id: 'b', state: 'failed', error: hostile },
      ],
      workers: [{ name: hostile, address: hostile }],
    });
    expect(recorded.out()).not.toContain(escapeCharacter);
    expect(recorded.out()).toContain('suite evil (/suites/s)');
    expect(recorded.out()).toContain('workers: evil (evil)');

    const queued = recordingTerminal();
    createQueuedSuiteRenderer(queued.terminal, 'plain').onEvent({
      type: 'suite-queue-progress',
      counts: {
        waiting: 0,
        queued: 0,
        running: 1,
        done: 0,
        stopped: 0,
        failed: 0,
        blocked: 0,
        refused: 0,
      },
      running: [{ cell: 'a', worker: hostile }],
      workers: [hostile],
      spentUsd: 0,
    });
    expect(queued.err()).not.toContain(escapeCharacter);
    expect(queued.err()).toContain('running: a @ evil');
  });
});

describe('forge worker on a cell a cap stopped', () => {
  it('says the cell was stopped by a cap, not that it failed or finished', () => {
    const recorded = recordingTerminal();
    const renderer = createWorkerRenderer(recorded.terminal, 'plain');
    for (const status of ['stopped', 'failed', 'done'] as const)
      renderer.onEvent({
        type: 'cell-finished',
        worker: 'w',
        cell: status,
        status,
        durationMs: 1500,
        enqueued: [],
      });
    const lines = recorded.err().trimEnd().split('\n');
    expect(lines).toEqual([
      '‡ stopped stopped by a cap (a truncated run) in 1.5 s',
      '✗ failed failed in 1.5 s',
      '✓ done done in 1.5 s',
    ]);
  });
});
