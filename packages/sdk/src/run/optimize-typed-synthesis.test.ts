import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttemptEndEvent } from '@forge/core';
import { defineModule, defineProgram, type InstanceOf } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedOptimizer } from '../testing/scripted-optimizer.js';
import { scriptedTaskModel } from '../testing/scripted-task-model.js';
import { optimize } from './optimize.js';

// In a Forge run of a typed program, synthetic gold outside the program's schema never joins
// the training data: the attempt ends as schema-mismatch, named in its attempt-end event.
const root = mkdtempSync(join(tmpdir(), 'forge-typed-synthesis-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const outageRule = 'Outages are high priority.';
const classify = defineModule({
  name: 'classify',
  seedPrompt: 'Give the support ticket a priority.',
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({ priority: z.enum(['low', 'high']) }),
});
const triage = defineProgram({
  name: 'triage',
  modules: [classify],
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({ priority: z.enum(['low', 'high']) }),
  run: (input, { call }) => call(classify, input),
});
const products = ['billing', 'search', 'login', 'export', 'upload', 'checkout', 'reports', 'inbox'];
const tickets = (prefix: string, from: number, count: number): InstanceOf<typeof triage>[] =>
  Array.from({ length: count }, (_, offset) => {
    const product = products[(from + offset) % products.length] as string;
    const outage = (from + offset) % 2 === 0;
    return {
      id: `${prefix}-${from + offset}`,
      input: { ticket: `Ticket about ${product}: ${outage ? 'it is down' : 'a question'}.` },
      gold: { priority: outage ? 'high' : 'low' },
    };
  });

describe('optimize a typed program with synthesis', () => {
  it('admits synthetic gold the schema parses and rejects the rest as schema-mismatch', async () => {
    const attempts: AttemptEndEvent[] = [];
    const result = await optimize(
      {
        program: triage,
        metric: (instance, execution) =>
          execution.output.priority === instance.gold.priority
            ? { score: 1 }
            : { score: 0, feedback: outageRule },
        train: tickets('train', 0, 8),
        validation: tickets('val', 20, 6),
        taskModel: scriptedTaskModel({
          program: triage,
          answer: ({ input, prompt }) => ({
            priority:
              String(input['ticket']).includes('down') && prompt.includes(outageRule)
                ? 'high'
                : 'low',
          }),
        }),
        optimizerModel: scriptedOptimizer({
          // The negative variation invents a priority the schema does not have.
          mutate: ({ input, gold, intent }) => ({
            input: {
              ticket: `From the mobile app, a ${intent} case: ${/about (\w+)/.exec(String(input['ticket']))?.[1]} ${gold['priority'] === 'high' ? 'went down overnight' : 'raises a question'}.`,
            },
            gold: intent === 'negative' ? { priority: 'urgent' } : gold,
          }),
        }),
        method: 'forge',
        synthesis: { attempts: 4, epochs: 1, patience: 2 },
        // Validation reaches 1.0 before the event is due: searching on lets the event run.
        budget: { maxEvaluations: 120, stopAtPerfectScore: false },
        runDir: join(root, 'run'),
      },
      {
        onEvent: (event) => {
          if (event.type === 'attempt-end') attempts.push(event);
        },
      },
    );

    expect(result.synthesisEvents).toBe(1);
    const negative = attempts.filter((attempt) => attempt.intent === 'negative');
    expect(negative.length).toBeGreaterThan(0);
    for (const attempt of negative) {
      expect(attempt.outcome).toBe('generation-failed');
      expect(attempt.reasonCode).toBe('schema-mismatch');
      expect(attempt.reason).toContain('gold.priority');
    }
    expect(attempts.some((attempt) => attempt.outcome === 'admitted')).toBe(true);
    const synthetic = readFileSync(join(root, 'run', 'synthetic.jsonl'), 'utf8');
    expect(synthetic).not.toContain('urgent');
    expect(synthetic.trim().split('\n')).toHaveLength(result.admitted);
  });
});
