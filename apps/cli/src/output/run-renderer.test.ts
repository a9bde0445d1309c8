import type { ForgeEvent } from '@forge/sdk';
import { describe, expect, it } from 'vitest';
import { stopNotice } from '../interrupts.js';
import { recordingTerminal } from './__fixtures__/recording-terminal.js';
import { createRunRenderer } from './run-renderer.js';

const terminal = () => recordingTerminal({ CI: 'true' });

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

  it('says when a pooled server goes down and comes back, and ends with each server’s counts', () => {
    const { terminal: plain, err } = terminal();
    const renderer = createRunRenderer(plain, 'plain');
    const identity = { provider: 'openai', modelId: 'task' };
    const endpoint = (url: string, health: 'up' | 'down', requests: number, failures: number) => ({
      endpoint: url,
      health,
      outstanding: 0,
      concurrency: null,
      requests,
      answered: requests - failures,
      failures,
      takenOut: failures === 0 ? 0 : 1,
      strikes: 0,
      latencyMs: 12,
      latencyAt: 0,
      downSince: null,
      nextProbeAt: null,
      lastError: null,
      lastSeenAt: 0,
    });
    const poolEvents: ForgeEvent[] = [
      {
        type: 'endpoint-down',
        ...identity,
        endpoint: 'http://gpu-1:8000/v1',
        reason: 'could not reach http://gpu-1:8000/v1: connect ECONNREFUSED',
        nextProbeInMs: 1000,
        up: 2,
      },
      {
        type: 'endpoint-probe-failed',
        ...identity,
        endpoint: 'http://gpu-1:8000/v1',
        reason: 'probe failed: connect ECONNREFUSED',
        nextProbeInMs: 2000,
      },
      {
        type: 'endpoint-up',
        ...identity,
        endpoint: 'http://gpu-1:8000/v1',
        downForMs: 3000,
        up: 3,
      },
      {
        type: 'endpoint-down',
        ...identity,
        endpoint: 'http://gpu-2:8000/v1',
        reason: 'HTTP 503: overloaded',
        nextProbeInMs: 12_400,
        up: 0,
      },
      {
        type: 'endpoint-status',
        pools: [
          {
            model: 'openai:task',
            roles: ['task'],
            status: {
              ...identity,
              up: 1,
              outstanding: 0,
              waiting: 0,
              endpoints: [
                endpoint('http://gpu-1:8000/v1', 'up', 40, 1),
                endpoint('http://gpu-2:8000/v1', 'down', 7, 2),
              ],
            },
          },
        ],
      },
    ];
    for (const event of poolEvents) renderer.onEvent(event);
    renderer.finish();
    expect(err().split('\n')).toEqual([
      'endpoint http://gpu-1:8000/v1 of openai:task is down (could not reach http://gpu-1:8000/v1: connect ECONNREFUSED); calls go to the 2 others, probing it again in 1.0 s',
      'endpoint http://gpu-1:8000/v1 of openai:task is back after 3.0 s',
      'endpoint http://gpu-2:8000/v1 of openai:task is down (HTTP 503: overloaded); no server of the pool is up, probing it again in 12 s',
      'endpoints of openai:task (task): http://gpu-1:8000/v1 up, 40 requests, 1 failed; http://gpu-2:8000/v1 down, 7 requests, 2 failed',
      '',
    ]);
  });
});
