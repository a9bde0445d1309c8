import { defineSignature } from '@forge/program';
import { defineTool } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifierSystemPrompt } from './verifier-prompt.js';
import { verifyInstance } from './verify-instance.js';

const signature = defineSignature({
  name: 'AdditionSignature',
  inputFields: [{ name: 'question', type: 'str', description: 'An addition question.' }],
  outputFields: [{ name: 'answer', type: 'int', description: 'The sum.' }],
});

const calculator = defineTool({
  name: 'calculator',
  description: 'Adds two integers.',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
});

const context = {
  modeName: 'dropped_carry',
  modeDescription: 'Drops the carry.',
  intent: 'positive',
  generatorTranscript: [],
} as const;

const instance = { input: { question: 'What is 28 + 17?' }, gold: { answer: 45 } };

const verdictText =
  '<validity_reason>28 + 17 = 45.</validity_reason><validity>true</validity>' +
  '<faithfulness_reason>Needs a carry.</faithfulness_reason><faithfulness>false</faithfulness>';

describe('verifyInstance', () => {
  it('runs the verifier agent with its tools and role, and parses the final verdict', async () => {
    const model = new MockLanguageModel({
      responses: [
        {
          text: 'Let me check.',
          reasoning: 'hidden thoughts',
          toolCalls: [{ id: 'c1', name: 'calculator', input: { a: 28, b: 17 } }],
        },
        verdictText,
      ],
    });
    const result = await verifyInstance({
      model,
      signature,
      instance,
      context,
      tools: [calculator],
      maxSteps: 4,
    });
    expect(result.verdict).toEqual({
      ok: true,
      validity: true,
      validityReason: '28 + 17 = 45.',
      faithfulness: false,
      faithfulnessReason: 'Needs a carry.',
    });
    expect(model.calls).toHaveLength(2);
    for (const request of model.requests) {
      expect(request.system).toBe(verifierSystemPrompt);
      expect(request.metadata).toEqual({ role: 'verify' });
      expect(request.tools?.map((tool) => tool.name)).toEqual(['calculator']);
    }
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: '45' });
    expect(result.transcript.map((entry) => entry.type)).toEqual([
      'assistant-text',
      'tool-call',
      'tool-result',
      'assistant-text',
    ]);
    expect(JSON.stringify(result.transcript)).not.toContain('hidden thoughts');
    expect(result.responseText).toBe(verdictText);
    expect(result.usage).toEqual({ inputTokens: 20, outputTokens: 10 });
    expect(result.steps).toBe(2);
  });

  it('reports a contract breach as a failed verdict, not an error', async () => {
    const model = new MockLanguageModel({ responses: ['Accept: yes.'] });
    const result = await verifyInstance({ model, signature, instance, context });
    expect(result.verdict).toEqual({
      ok: false,
      code: 'no-block',
      reason: '<validity_reason> is missing',
    });
  });

  it('says when the agent ran out of steps', async () => {
    const model = new MockLanguageModel({
      responses: () => ({ toolCalls: [{ id: 'x', name: 'calculator', input: { a: 1, b: 1 } }] }),
    });
    const result = await verifyInstance({
      model,
      signature,
      instance,
      context,
      tools: [calculator],
      maxSteps: 2,
    });
    expect(result.finishReason).toBe('step-limit');
    expect(result.verdict).toEqual({
      ok: false,
      code: 'empty',
      reason: 'step limit reached (2 steps); the answer is empty',
    });
  });

  it('lets model-call failures propagate', async () => {
    const model = new MockLanguageModel({ responses: [new Error('HTTP 500')] });
    await expect(verifyInstance({ model, signature, instance, context })).rejects.toThrow(
      'HTTP 500',
    );
  });
});
