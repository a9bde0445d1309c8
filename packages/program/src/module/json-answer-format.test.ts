import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineModule } from './define-module.js';

const triage = defineModule({
  name: 'triage',
  seedPrompt: 'Triage the ticket.',
  input: z.object({ ticket: z.string() }),
  output: z.object({
    priority: z.enum(['low', 'high']).describe('How soon.'),
    outage: z.boolean(),
  }),
  answerFormat: 'json',
});

describe('a typed module answering in JSON', () => {
  it("sends its output's JSON schema as the response format and asks for one object", () => {
    expect(triage.callSettings.responseFormat).toEqual({
      type: 'json',
      name: 'triage',
      schema: {
        type: 'object',
        properties: {
          priority: { type: 'string', enum: ['low', 'high'], description: 'How soon.' },
          outage: { type: 'boolean' },
        },
        required: ['priority', 'outage'],
        additionalProperties: false,
      },
    });
    expect(triage.renderInput({ ticket: 'Login is down' })).toBe(
      [
        '## ticket',
        'Login is down',
        '',
        '## Answer format',
        'Answer with one JSON object and nothing else, with these keys in this order:',
        '"priority": str (How soon. (one of "low", "high"))',
        '"outage": bool',
      ].join('\n'),
    );
  });

  it('reads the object, from a code fence too, and writes demonstrations as JSON', () => {
    expect(triage.parseAnswer('{"priority": "high", "outage": true}')).toEqual({
      ok: true,
      output: { priority: 'high', outage: true },
    });
    expect(triage.parseAnswer('```json\n{"outage": "false", "priority": "low"}\n```')).toEqual({
      ok: true,
      output: { priority: 'low', outage: false },
    });
    expect(triage.renderAnswer({ outage: true, priority: 'high' }, 'ignored reasoning')).toBe(
      '{"priority":"high","outage":true}',
    );
  });

  it('says why an answer is unusable', () => {
    expect(triage.parseAnswer('<priority>high</priority>')).toEqual({
      ok: false,
      reason: 'module triage: the answer has no JSON object',
      problem: 'the answer has no JSON object',
    });
    expect(triage.parseAnswer('{"priority": "high",}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^module triage: the answer's JSON does not parse/),
    });
    expect(triage.parseAnswer('{"priority": "urgent", "outage": true}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^module triage: output field priority: /),
    });
    expect(triage.parseAnswer('{"priority": "low"}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^module triage: .*outage/),
    });
  });

  it('keeps the tag format, and no response format, by default', () => {
    const tagged = defineModule({
      name: 'tagged',
      seedPrompt: 'p',
      input: z.object({ a: z.string() }),
      output: z.object({ b: z.boolean() }),
    });
    expect(tagged.callSettings).toEqual({});
    expect(tagged.parseAnswer('<b>true</b>')).toEqual({ ok: true, output: { b: true } });
  });

  it('puts a reasoning module’s reasoning first in the object and in its schema, and out of the output', () => {
    const reasoned = defineModule({
      name: 'reasoned',
      seedPrompt: 'p',
      input: z.object({ ticket: z.string() }),
      output: z.object({ outage: z.boolean() }),
      answerFormat: 'json',
      reasoning: true,
    });
    expect(reasoned.callSettings.responseFormat?.schema).toMatchObject({
      properties: { reasoning: { type: 'string' }, outage: { type: 'boolean' } },
      required: ['reasoning', 'outage'],
    });
    const schema = reasoned.callSettings.responseFormat?.schema as { properties: object };
    expect(Object.keys(schema.properties)).toEqual(['reasoning', 'outage']);
    expect(reasoned.renderInput({ ticket: 't' })).toContain(
      'these keys in this order:\n"reasoning": str (think step by step; the reasoning that leads to the other keys)\n"outage": bool',
    );
    const text = reasoned.renderAnswer({ outage: true }, 'It says down.');
    expect(text).toBe('{"reasoning":"It says down.","outage":true}');
    expect(reasoned.parseAnswer(text)).toEqual({
      ok: true,
      output: { outage: true },
      reasoning: 'It says down.',
    });
    expect(reasoned.parseAnswer('{"outage": false}')).toEqual({
      ok: true,
      output: { outage: false },
    });
  });
});
