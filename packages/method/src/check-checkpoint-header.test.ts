import { describe, expect, it } from 'vitest';
import { checkCheckpointHeader } from './check-checkpoint-header.js';
import { RunMismatchError } from './run-mismatch-error.js';

const header = { method: 'gepa', formatVersion: 1, identity: { seed: 0, useMerge: true } };

describe('checkCheckpointHeader', () => {
  it('accepts the same header', () => {
    expect(() => checkCheckpointHeader(header, structuredClone(header))).not.toThrow();
  });

  it.each([
    [{ ...header, method: 'ace' }, 'method'],
    [{ ...header, formatVersion: 2 }, 'formatVersion'],
    [{ ...header, identity: { seed: 1, useMerge: true } }, 'seed'],
    [{ ...header, identity: { seed: 0 } }, 'useMerge'],
  ])('names the first field that differs (%#)', (current, field) => {
    let thrown: unknown;
    try {
      checkCheckpointHeader(header, current);
    } catch (error) {
      thrown = error;
    }
    expect(RunMismatchError.isInstance(thrown)).toBe(true);
    expect((thrown as RunMismatchError).field).toBe(field);
    expect((thrown as Error).message).toMatch(/cannot resume/);
  });
});
