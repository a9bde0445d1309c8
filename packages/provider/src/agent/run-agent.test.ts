import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { defineTool } from './agent-tool.js';
import { runAgent } from './run-agent.js';

const add = defineTool({
  name: 'add',
  description: 'Adds two integers.',
  inputSchema: z.object({ a: z.number().int(), b: z.number().int() }),
  execute: ({ a, b }) => ({ sum: a + b }),
});

const broken = defineTool({
  name: 'broken',
  description: 'Always fails.',
  inputSchema: z.object({}),
  execute: () => {
    throw new Error('disk on fire');
  },
});

describe('runAgent', () => {
  it('answers in one step when the model calls no tool', async () => {
    const model = new MockLanguageModel({ responses: ['The answer is 4.'] });
    const result = await runAgent({ model, system: 'You add.', prompt: '2+2?' });
    expect(result.text).toBe('The answer is 4.');
    expect(result.steps).toBe(1);
    expect(result.finishReason).toBe('stop');
    expect(model.calls[0]?.request.tools).toBeUndefined();
    expect(model.calls[0]?.request.system).toBe('You add.');
  });

  it('runs tools, returns their results, and keeps reasoning out of the transcript', async () => {
    const model = new MockLanguageModel({
      responses: [
        {
          text: 'Let me add.',
          reasoning: 'secret chain of thought',
          toolCalls: [{ id: 'c1', name: 'add', input: { a: 2, b: 3 } }],
        },
        { text: 'It is 5.', reasoning: 'more secrets' },
      ],
    });
    const result = await runAgent({ model, prompt: '2+3?', tools: [add] });
    expect(result.text).toBe('It is 5.');
    expect(result.steps).toBe(2);
    expect(result.transcript).toEqual([
      { type: 'assistant-text', step: 0, text: 'Let me add.' },
      { type: 'tool-call', step: 0, toolCallId: 'c1', toolName: 'add', input: { a: 2, b: 3 } },
      {
        type: 'tool-result',
        step: 0,
        toolCallId: 'c1',
        toolName: 'add',
        output: '{"sum":5}',
        isError: false,
      },
      { type: 'assistant-text', step: 1, text: 'It is 5.' },
    ]);
    expect(JSON.stringify(result.transcript)).not.toContain('secret');
    expect(result.reasoning).toEqual(['secret chain of thought', 'more secrets']);
    const second = model.calls[1]?.request;
    expect(second?.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      toolName: 'add',
      content: '{"sum":5}',
      isError: undefined,
    });
    expect(second?.tools?.[0]?.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
    });
    expect(result.usage).toEqual({ inputTokens: 20, outputTokens: 10 });
  });

  it('returns validation errors, unknown tools and tool failures to the model as error results', async () => {
    const model = new MockLanguageModel({
      responses: [
        {
          toolCalls: [
            { id: 'c1', name: 'add', input: { a: 'two', b: 3 } },
            { id: 'c2', name: 'multiply', input: {} },
            { id: 'c3', name: 'broken', input: {} },
          ],
        },
        'done',
      ],
    });
    const result = await runAgent({ model, prompt: 'go', tools: [add, broken] });
    const results = result.transcript.filter((entry) => entry.type === 'tool-result');
    expect(results.map((entry) => entry.isError)).toEqual([true, true, true]);
    expect(results[0]?.output).toContain('invalid input for tool "add"');
    expect(results[1]?.output).toContain('no tool named "multiply"');
    expect(results[2]?.output).toContain('disk on fire');
    expect(result.text).toBe('done');
  });

  it('stops at the step limit', async () => {
    const model = new MockLanguageModel({
      responses: () => ({
        text: 'again',
        toolCalls: [{ id: 'x', name: 'add', input: { a: 1, b: 1 } }],
      }),
    });
    const result = await runAgent({ model, prompt: 'loop', tools: [add], maxSteps: 3 });
    expect(result.finishReason).toBe('step-limit');
    expect(result.steps).toBe(3);
    expect(model.calls).toHaveLength(3);
  });

  it('rejects when aborted', async () => {
    const controller = new AbortController();
    const model = new MockLanguageModel({ responses: ['late'], latencyMs: 50 });
    const running = runAgent({ model, prompt: 'x', abortSignal: controller.signal });
    controller.abort(new Error('stop now'));
    await expect(running).rejects.toThrow('stop now');
  });
});
