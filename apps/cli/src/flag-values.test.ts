import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { integerFlag, portFlag, positiveNumberFlag, priceFlags, seedFlag } from './flag-values.js';

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('flag values', () => {
  it('reads good values and leaves absent flags undefined', () => {
    expect(integerFlag('--budget', '300', 1)).toBe(300);
    expect(integerFlag('--budget', undefined, 1)).toBeUndefined();
    expect(integerFlag('--max-steps', '0', 0)).toBe(0);
    expect(positiveNumberFlag('--max-cost', '2.5')).toBe(2.5);
    expect(seedFlag('--seed', '-3')).toBe(-3);
    expect(portFlag('--port', '0')).toBe(0);
    expect(priceFlags(['ollama-ish:m=0.5/2', 'openai:ft:abc=1/4'])).toEqual({
      'ollama-ish:m': { input: 0.5, output: 2 },
      'openai:ft:abc': { input: 1, output: 4 },
    });
  });

  it('names the flag and the rule in flag words', () => {
    expect(message(() => integerFlag('--budget', 'lots', 1))).toBe(
      '--budget must be a positive integer (got "lots")',
    );
    expect(message(() => integerFlag('--budget', '2.5', 1))).toBe(
      '--budget must be a positive integer (got "2.5")',
    );
    expect(message(() => integerFlag('--budget', '', 1))).toBe(
      '--budget must be a positive integer (got "")',
    );
    expect(message(() => integerFlag('--max-steps', '-1', 0))).toBe(
      '--max-steps must be a whole number (0 or more) (got "-1")',
    );
    expect(message(() => positiveNumberFlag('--max-cost', '0'))).toBe(
      '--max-cost must be a positive number (got "0")',
    );
    expect(message(() => seedFlag('--seed', 'abc'))).toBe('--seed must be an integer (got "abc")');
    expect(message(() => portFlag('--port', '70000'))).toBe(
      '--port must be a port number from 0 to 65535 (got "70000")',
    );
    expect(message(() => priceFlags(['openai:x=1']))).toContain(
      '--price must be provider:model=<input>/<output>',
    );
  });
});
