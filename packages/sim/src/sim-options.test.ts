import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { resolveSimOptions } from './sim-options.js';

describe('resolveSimOptions', () => {
  it('fills in the defaults and marks the result simulated', () => {
    expect(resolveSimOptions()).toEqual({
      simulated: true,
      seed: 0,
      sizes: { train: 30, validation: 20, test: 40 },
      latency: { task: 0, optimizer: 0 },
      malformedRate: {
        task: 0,
        reflector: 0.03,
        assigner: 0.03,
        generator: 0.03,
        verifier: 0.03,
        'ace-reflector': 0.03,
        'ace-curator': 0.03,
        proposer: 0.03,
      },
      flawRate: 0.1,
      misbehaveRate: 0,
      synthesis: { attempts: 12, epochs: 3, patience: 8 },
    });
  });

  it('spreads a single rate over the optimizer roles and a single latency over both models', () => {
    const resolved = resolveSimOptions({
      malformedRate: 0.5,
      latency: { kind: 'uniform', minMs: 1, maxMs: 2 },
      size: { test: 90 },
    });
    expect(resolved.malformedRate).toEqual({
      task: 0,
      reflector: 0.5,
      assigner: 0.5,
      generator: 0.5,
      verifier: 0.5,
      'ace-reflector': 0.5,
      'ace-curator': 0.5,
      proposer: 0.5,
    });
    expect(resolved.latency.task).toEqual({ kind: 'uniform', minMs: 1, maxMs: 2 });
    expect(resolved.sizes).toEqual({ train: 30, validation: 20, test: 90 });
  });

  it.each([
    [{ malformedRate: 2 }, 'malformedRate'],
    [{ size: 0 }, 'size'],
    [{ latency: { kind: 'uniform', minMs: 5, maxMs: 1 } }, 'latency'],
    [{ synthesis: { attempts: 0 } }, 'synthesis.attempts'],
    [{ sizes: 3 }, 'options'],
  ])('rejects %j naming the knob', (options, knob) => {
    let caught: unknown;
    try {
      resolveSimOptions(options as never);
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain(knob);
  });
});
