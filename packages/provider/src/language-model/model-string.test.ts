import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { formatModelString, parseModelString } from './model-string.js';

describe('parseModelString', () => {
  it('splits on the first colon only', () => {
    expect(parseModelString('ollama:qwen3:8b')).toEqual({
      provider: 'ollama',
      modelId: 'qwen3:8b',
    });
    expect(parseModelString('openai:gpt-5.5')).toEqual({ provider: 'openai', modelId: 'gpt-5.5' });
    expect(parseModelString('openai:Qwen/Qwen3-8B')).toEqual({
      provider: 'openai',
      modelId: 'Qwen/Qwen3-8B',
    });
  });

  it('round-trips through formatModelString', () => {
    expect(formatModelString(parseModelString('sim:task'))).toBe('sim:task');
  });

  it.each(['gpt-5', ':gpt', 'openai:', '', 'open ai:x', 'openai:gpt 5'])(
    'rejects %j with an error naming the argument',
    (input) => {
      let caught: unknown;
      try {
        parseModelString(input, 'taskModel');
      } catch (error) {
        caught = error;
      }
      expect(InvalidArgumentError.isInstance(caught)).toBe(true);
      expect((caught as InvalidArgumentError).argument).toBe('taskModel');
      expect((caught as Error).message).toContain('taskModel');
    },
  );
});
