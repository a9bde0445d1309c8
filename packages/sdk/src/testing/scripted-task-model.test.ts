import { defineModule, defineProgram } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedTaskModel } from './scripted-task-model.js';

// A reasoning module with a nested output, re-asked once when its answer does not parse.
const aspects = defineModule({
  name: 'aspects',
  seedPrompt: 'Find the aspects.',
  input: z.object({ review: z.string() }),
  output: z.object({
    aspects: z.array(z.object({ aspect: z.string(), positive: z.boolean() })),
  }),
  reasoning: true,
  maxReasks: 1,
});
const summarize = defineModule({
  name: 'summarize',
  seedPrompt: 'Summarize.',
  input: z.object({ aspects: z.array(z.object({ aspect: z.string(), positive: z.boolean() })) }),
  output: z.object({ summary: z.string() }),
});
const program = defineProgram({
  name: 'review',
  modules: [aspects, summarize],
  input: z.object({ review: z.string() }),
  output: z.object({ summary: z.string() }),
  run: async (input, { call }) => call(summarize, await call(aspects, input)),
});

describe('scriptedTaskModel', () => {
  it('answers a reasoning module with nested outputs, recognises a re-ask, and reads objects back', async () => {
    const model = scriptedTaskModel({
      program,
      answer: ({ module, input, attempt }) => {
        if (module === 'aspects') {
          // The first answer forgets its tag; the re-ask gets a proper one.
          if (attempt === 0) return 'I think the screen is good.';
          return {
            reasoning: 'The review praises the screen.',
            aspects: [{ aspect: 'screen', positive: true }],
          };
        }
        const found = input['aspects'] as { aspect: string; positive: boolean }[];
        return {
          summary: found.map((item) => `${item.aspect}: ${item.positive ? '+' : '-'}`).join(', '),
        };
      },
    });
    const execution = await program.run(
      { id: 'r', input: { review: 'Lovely screen.' }, gold: { summary: '' } },
      {},
      { model, recordDemonstrations: true },
    );
    expect(execution.output).toEqual({ summary: 'screen: +' });
    expect(model.calls.map((call) => [call.module, call.attempt])).toEqual([
      ['aspects', 0],
      ['aspects', 1],
      ['summarize', 0],
    ]);
    expect(model.calls[1]?.reask).toMatch(
      /^Your last answer could not be used: the answer has no <aspects>/,
    );
    expect(model.calls[1]?.input).toEqual({ review: 'Lovely screen.' });
    // The object list reached the next module as JSON and was read back as objects.
    expect(model.calls[2]?.input).toEqual({ aspects: [{ aspect: 'screen', positive: true }] });
    expect(execution.trace[0]?.demonstration?.reasoning).toBe('The review praises the screen.');
  });

  it('reads demonstrations back with their reasoning', async () => {
    const model = scriptedTaskModel({
      program,
      answer: ({ module }) => (module === 'aspects' ? { aspects: [] } : { summary: 'nothing' }),
    });
    await program.run(
      { id: 'r', input: { review: 'Meh.' } },
      {},
      {
        model,
        demos: {
          aspects: [
            {
              input: { review: 'Loud fan.' },
              output: { aspects: [{ aspect: 'fan', positive: false }] },
              reasoning: 'The fan is loud.',
            },
          ],
        },
      },
    );
    expect(model.calls[0]?.demonstrations).toEqual([
      {
        input: { review: 'Loud fan.' },
        output: { aspects: [{ aspect: 'fan', positive: false }] },
        reasoning: 'The fan is loud.',
      },
    ]);
  });

  it('answers a module that answers in JSON, its reasoning first', async () => {
    const triage = defineModule({
      name: 'triage',
      seedPrompt: 'Triage.',
      input: z.object({ ticket: z.string() }),
      output: z.object({ outage: z.boolean() }),
      answerFormat: 'json',
      reasoning: true,
    });
    const single = defineProgram({
      name: 'single',
      modules: [triage],
      input: z.object({ ticket: z.string() }),
      output: z.object({ outage: z.boolean() }),
      run: async (input, { call }) => call(triage, input),
    });
    const model = scriptedTaskModel({
      program: single,
      answer: ({ input }) => ({
        reasoning: 'It says down.',
        outage: String(input['ticket']).includes('down'),
      }),
    });
    const execution = await single.run(
      { id: 't', input: { ticket: 'Login is down' } },
      {},
      { model, recordDemonstrations: true },
    );
    expect(execution.output).toEqual({ outage: true });
    expect(execution.trace[0]?.messages[1]?.content).toBe(
      '{"reasoning":"It says down.","outage":true}',
    );
    expect(execution.trace[0]?.demonstration?.reasoning).toBe('It says down.');
  });
});
