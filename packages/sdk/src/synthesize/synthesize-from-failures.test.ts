import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineModule, defineProgram, type InstanceOf } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedOptimizer } from '../testing/scripted-optimizer.js';
import { synthesizeFromFailures } from './synthesize-from-failures.js';

// A typed program's schemas decide what synthetic gold may be: a priority outside the z.enum
// is rejected before the verifier, with its reason in the result and the rejected file.
const root = mkdtempSync(join(tmpdir(), 'forge-synthesize-schema-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const classify = defineModule({
  name: 'classify',
  seedPrompt: 'Give the ticket a priority.',
  input: z.object({ ticket: z.string() }),
  output: z.object({ priority: z.enum(['low', 'high']) }),
});
const triage = defineProgram({
  name: 'triage',
  modules: [classify],
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({ priority: z.enum(['low', 'high']).describe('How urgent it is.') }),
  run: (input, { call }) => call(classify, input),
});
const ticket = (id: string, text: string, priority: 'low' | 'high'): InstanceOf<typeof triage> => ({
  id,
  input: { ticket: text },
  gold: { priority },
});

describe('synthesizeFromFailures with a typed program', () => {
  it('rejects synthetic gold outside the schema, naming the field, and admits the rest', async () => {
    const failures = join(root, 'failures.jsonl');
    writeFileSync(
      failures,
      `${JSON.stringify({
        instance: {
          input: { ticket: 'Checkout is down for everyone.' },
          gold: { priority: 'high' },
        },
        feedback: 'An outage was given low priority.',
      })}\n`,
    );
    const optimizerModel = scriptedOptimizer({
      // The positive variation keeps to the enum; the negative one invents a label.
      mutate: ({ intent }) =>
        intent === 'positive'
          ? { input: { ticket: 'Login is down since noon.' }, gold: { priority: 'high' } }
          : { input: { ticket: 'Search is a bit slow.' }, gold: { priority: 'urgent' } },
    });
    const out = join(root, 'synthetic.jsonl');
    const rejectedOut = join(root, 'rejected.jsonl');
    const result = await synthesizeFromFailures({
      program: triage,
      metric: (instance, execution) => ({
        score: Number(execution.output.priority === instance.gold.priority),
      }),
      train: [ticket('t1', 'Billing page is down.', 'high')],
      validation: [ticket('v1', 'How do I export a report?', 'low')],
      model: optimizerModel,
      failures,
      attempts: 2,
      out,
      rejectedOut,
    });

    expect(result.attempts.map((attempt) => [attempt.intent, attempt.outcome])).toEqual([
      ['positive', 'admitted'],
      ['negative', 'generation-failed'],
    ]);
    expect(result.admitted.map((instance) => instance.gold)).toEqual([{ priority: 'high' }]);
    const [rejected] = result.rejected;
    expect(rejected?.reasonCode).toBe('schema-mismatch');
    expect(rejected?.reason).toMatch(/gold\.priority: .*"low"\|"high"/);
    expect(result.reportText).toContain('schema-mismatch 1');
    expect(readFileSync(out, 'utf8')).not.toContain('urgent');
    expect(JSON.parse(readFileSync(rejectedOut, 'utf8'))).toMatchObject({
      reasonCode: 'schema-mismatch',
      candidate: { gold: { priority: 'urgent' } },
    });
    // Only the admitted example was sent to the verifier.
    const verified = optimizerModel.calls.filter((call) => call.contract === 'verify');
    expect(verified).toHaveLength(1);
  });
});
