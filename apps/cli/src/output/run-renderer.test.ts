import { Writable } from 'node:stream';
import type { ForgeEvent } from '@forge/sdk';
import { describe, expect, it } from 'vitest';
import { stopNotice } from '../interrupts.js';
import { createRunRenderer } from './run-renderer.js';
import type { Terminal } from './terminal.js';

function terminal(): { terminal: Terminal; out: () => string; err: () => string } {
  const written = { out: '', err: '' };
  const stream = (key: 'out' | 'err') =>
    new Writable({
      write(chunk, _encoding, done) {
        written[key] += String(chunk);
        done();
      },
    });
  return {
    terminal: { out: stream('out'), err: stream('err'), environment: { CI: 'true' } },
    out: () => written.out,
    err: () => written.err,
  };
}

const events: ForgeEvent[] = [
  {
    type: 'run-prepared',
    runDir: '/runs/a',
    benchmark: 'sim',
    title: 'Sim',
    method: 'forge',
    methodTitle: 'Forge',
    variant: 'forge',
    models: { task: 'sim:task', reflect: 'acme:opt' },
    sizes: { train: 3, validation: 2, test: 1 },
    resumed: false,
    simulated: false,
    unpricedModels: ['acme:opt'],
  },
  {
    type: 'synthesis-start',
    event: 0,
    step: 4,
    attempts: 2,
    modes: [{ id: 'e0-m0', name: 'm', support: 2, attempts: 2 }],
  },
  {
    type: 'synthesis-end',
    event: 0,
    attempts: 2,
    admitted: 1,
    outcomes: { admitted: 1, duplicate: 1 },
    trainingSize: 4,
  },
  {
    type: 'warning',
    code: 'contract-violations',
    role: 'assign',
    contract: 'one <assignment> block',
    calls: 5,
    noOps: 5,
    rate: 1,
    example: 'hello',
    message: '5 of 5 assign answers did not follow the contract',
  },
  { type: 'test-skipped', runDir: '/runs/a', reason: 'stop-requested' },
  {
    type: 'candidate-validated',
    candidate: 3,
    parent: null,
    score: 0.6,
    improved: true,
    evaluationsUsed: 80,
  },
  {
    type: 'method-note',
    method: 'mipro',
    kind: 'trials-planned',
    message: '17 trials (each on the whole validation set): estimated 388 of 400 evaluations',
  },
];

describe('createRunRenderer', () => {
  it('writes plain lines: unpriced models, synthesis from 0, warnings, the skipped test split', () => {
    const { terminal: plain, err } = terminal();
    const renderer = createRunRenderer(plain, 'plain');
    for (const event of events) renderer.onEvent(event);
    renderer.notice(stopNotice);
    renderer.finish();
    const lines = err().split('\n');
    expect(lines).toContain(
      '  no price for acme:opt: its cost shows as unpriced (give one with --price acme:opt=<input>/<output>, USD per million tokens)',
    );
    expect(lines).toContain(
      'synthesis event 0: 2 attempts over 1 failure mode(s): m (2 failures, 2 attempts)',
    );
    expect(lines).toContain(
      'synthesis event 0: admitted 1/2 (admitted 1, duplicate 1); training set now 4',
    );
    expect(lines).toContain('warning: 5 of 5 assign answers did not follow the contract');
    expect(lines).toContain(
      'test split not evaluated: the run was stopped, so nothing more is spent. Evaluate it with: forge eval --run /runs/a --split test',
    );
    // A candidate without a parent (MIPROv2's) is not taken for the seed.
    expect(lines).toContain('candidate 3: validation 60.0% new best');
    expect(lines).toContain(
      '  17 trials (each on the whole validation set): estimated 388 of 400 evaluations',
    );
    // The notice is a whole line of its own, and plain mode writes no escape sequences.
    expect(lines).toContain(stopNotice);
    expect(err()).not.toContain('\u001b');
  });

  it('prints every event as one JSON line with --json, warnings included', () => {
    const { terminal: json, out, err } = terminal();
    const renderer = createRunRenderer(json, 'json');
    for (const event of events) renderer.onEvent(event);
    renderer.notice(stopNotice);
    const printed = out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(printed.map((event) => event.type)).toEqual(events.map((event) => event.type));
    expect(printed[3]).toMatchObject({
      type: 'warning',
      role: 'assign',
      contract: 'one <assignment> block',
    });
    expect(err()).toBe(`${stopNotice}\n`);
  });
});
