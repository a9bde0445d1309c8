import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineModule, defineProgram, type InstanceOf } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optimize } from '../run/optimize.js';
import { scriptedOptimizer } from './scripted-optimizer.js';
import { scriptedTaskModel } from './scripted-task-model.js';

// A two-module support-ticket triage optimized offline with the two stand-ins, by every method.
const root = mkdtempSync(join(tmpdir(), 'forge-stand-ins-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const lowerCaseRule = 'Name the product in lower case.';
const outageRule = 'Outages are high priority.';

const extract = defineModule({
  name: 'extract',
  seedPrompt: 'Read the support ticket and name its product.',
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({
    product: z.string().describe('The product the ticket is about.'),
    outage: z.boolean().describe('Whether the product is down.'),
  }),
});
const classify = defineModule({
  name: 'classify',
  seedPrompt: 'Route the ticket to a team and give it a priority.',
  input: z.object({ product: z.string(), outage: z.boolean() }),
  output: z.object({ team: z.string(), priority: z.enum(['low', 'high']) }),
});
const triage = defineProgram({
  name: 'triage',
  modules: [extract, classify],
  input: z.object({ ticket: z.string().describe('The customer ticket.') }),
  output: z.object({ team: z.string(), priority: z.enum(['low', 'high']) }),
  async run(input, { call }) {
    const facts = await call(extract, { ticket: input.ticket });
    return call(classify, facts);
  },
});

const products = ['billing', 'search', 'login', 'export', 'upload', 'checkout', 'reports', 'inbox'];
const tickets = (prefix: string, from: number, count: number): InstanceOf<typeof triage>[] =>
  Array.from({ length: count }, (_, offset) => {
    const product = products[(from + offset) % products.length] as string;
    const outage = (from + offset) % 2 === 0;
    return {
      id: `${prefix}-${from + offset}`,
      input: { ticket: `Ticket about ${product}: ${outage ? 'it is down' : 'a question'}.` },
      gold: { team: product, priority: outage ? 'high' : 'low' },
    };
  });

// The scripted task model follows only the rules its prompt states; with demonstrations
// (MIPROv2's few-shot candidates) it follows their example, as a model would.
const taskModel = () =>
  scriptedTaskModel({
    program: triage,
    answer: ({ module, input, prompt, demonstrations }) => {
      const knows = (rule: string) => prompt.includes(rule) || demonstrations.length > 0;
      if (module === 'extract') {
        const ticket = String(input['ticket']);
        const product = /about (\w+)/.exec(ticket)?.[1] ?? '';
        return {
          product: knows(lowerCaseRule) ? product : product.toUpperCase(),
          outage: ticket.includes('down'),
        };
      }
      return {
        team: String(input['product']),
        priority: input['outage'] === true && knows(outageRule) ? 'high' : 'low',
      };
    },
  });

const metric = (
  instance: InstanceOf<typeof triage>,
  execution: { output: { team?: string; priority?: 'low' | 'high' } },
) => {
  const teamRight = execution.output.team === instance.gold.team;
  const priorityRight = execution.output.priority === instance.gold.priority;
  const feedback = [teamRight ? '' : lowerCaseRule, priorityRight ? '' : outageRule];
  return {
    score: (Number(teamRight) + Number(priorityRight)) / 2,
    feedback: feedback.join(' ').trim(),
    moduleFeedback: {
      ...(teamRight ? {} : { extract: lowerCaseRule }),
      ...(priorityRight ? {} : { classify: outageRule }),
    },
  };
};

const config = (runDir: string, method: string, maxEvaluations = 160) => ({
  program: triage,
  metric,
  train: tickets('train', 0, 9),
  validation: tickets('val', 20, 6),
  taskModel: taskModel(),
  optimizerModel: scriptedOptimizer({
    // Synthesis: a ticket about the next product, its outage flipped for a negative example.
    mutate: ({ input, intent }) => {
      const ticket = String(input['ticket']);
      const product = products[(products.findIndex((name) => ticket.includes(name)) + 1) % 8];
      const outage = ticket.includes('down') !== (intent === 'negative');
      return {
        input: {
          ticket: `Ticket about ${product}: ${outage ? 'the whole thing is down' : 'how do I use it'}?`,
        },
        gold: { team: product, priority: outage ? 'high' : 'low' },
      };
    },
  }),
  method,
  // MIPROv2 keeps demonstrations of runs reaching its threshold; the seed's best runs score 0.5.
  ...(method === 'mipro' ? { methodSettings: { metricThreshold: 0.5 } } : {}),
  synthesis: { attempts: 4, epochs: 1, patience: 2 },
  budget: { maxEvaluations },
  runDir,
});

const contractsOf: Record<string, string[]> = {
  forge: ['assign', 'generate', 'reflect', 'verify'],
  gepa: ['gepa-reflect'],
  ace: ['ace-curate', 'ace-reflect'],
  mipro: [
    'mipro-describe-module',
    'mipro-describe-program',
    'mipro-observe',
    'mipro-propose',
    'mipro-summarize',
  ],
};

describe('scripted stand-ins', () => {
  it.each(['forge', 'gepa', 'ace', 'mipro'])(
    'optimize with method %s lifts validation from the seed to 1 offline',
    async (method) => {
      const settings = config(join(root, method), method);
      const result = await optimize(settings);
      // Seed: every team is upper-cased (wrong) and no outage is high priority: 3 of 12 halves.
      expect(result.seedScore).toBe(0.25);
      expect(result.bestScore).toBe(1);
      expect(result.evaluationsUsed).toBeLessThanOrEqual(160);
      const contracts = new Set(settings.optimizerModel.calls.map((call) => call.contract));
      expect([...contracts].sort()).toEqual(contractsOf[method]);
      if (method === 'forge') {
        expect(result.bestPrompts['extract']).toContain(lowerCaseRule);
        expect(result.bestPrompts['classify']).toContain(outageRule);
        // The mutate hook's tickets passed the guards and the scripted verifier.
        expect(result.synthesisEvents).toBe(1);
        expect(result.admitted).toBe(3);
      }
    },
  );

  it("shows the assigner each module's feedback when the metric gives only that", async () => {
    const settings = config(join(root, 'module-feedback-only'), 'forge');
    const moduleOnly = (...args: Parameters<typeof metric>) => {
      const { feedback: _feedback, ...rest } = metric(...args);
      return rest;
    };
    await optimize({ ...settings, metric: moduleOnly });
    const assignments = settings.optimizerModel.calls.filter((call) => call.contract === 'assign');
    expect(assignments.length).toBeGreaterThan(0);
    // Every observation carries the feedback the metric gave its modules, and the modes the
    // scripted assigner creates are named from it, never from a failure without feedback.
    const names = new Set<string>();
    for (const call of assignments) {
      const user = String(
        call.request.messages.find((message) => message.role === 'user')?.content,
      );
      expect(user).toMatch(/## Feedback\n\n- `(extract|classify)`: /);
      const decision = JSON.parse(
        /<assignment>\n(.*)\n<\/assignment>/.exec(call.text)?.[1] ?? '{}',
      );
      if (decision.new_cluster_name) names.add(decision.new_cluster_name);
    }
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) expect(name).not.toMatch(/fell_short/);
  });

  it('without mutate, synthesis copies the failed instance: the guards reject it before the verifier', async () => {
    const settings = {
      ...config(join(root, 'no-mutate'), 'forge'),
      optimizerModel: scriptedOptimizer(),
    };
    const outcomes: string[] = [];
    const result = await optimize(settings, {
      onEvent: (event) => {
        if (event.type === 'attempt-end') outcomes.push(event.outcome);
      },
    });
    expect(result.synthesisEvents).toBe(1);
    expect(outcomes.length).toBeGreaterThan(0);
    // A copy duplicates its source; a source whose text validation also holds is caught first as leaked.
    for (const outcome of outcomes) expect(['duplicate', 'leaked']).toContain(outcome);
    expect(result.admitted).toBe(0);
    const contracts = new Set(settings.optimizerModel.calls.map((call) => call.contract));
    expect(contracts.has('generate')).toBe(true);
    expect(contracts.has('verify')).toBe(false);
  });

  it('resumes an interrupted run to the result of an uninterrupted one', async () => {
    // Searching on past the perfect score, so the stop at step 3 falls inside the run.
    const searching = (runDir: string) => {
      const settings = config(runDir, 'forge');
      return { ...settings, budget: { ...settings.budget, stopAtPerfectScore: false } };
    };
    const whole = await optimize(searching(join(root, 'whole')));
    const runDir = join(root, 'stopped');
    const controller = new AbortController();
    const stopped = await optimize(searching(runDir), {
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-start' && event.step === 3) controller.abort();
      },
    });
    expect(stopped.evaluationsUsed).toBeLessThan(whole.evaluationsUsed);
    const { runDir: _runDir, ...objects } = config(runDir, 'forge');
    const resumed = await optimize(objects, { resume: runDir });
    expect(resumed.bestPrompts).toEqual(whole.bestPrompts);
    expect(resumed.evaluationsUsed).toBe(whole.evaluationsUsed);
    expect(resumed.admitted).toBe(whole.admitted);
  });

  it('types the metric from the program given to optimize', () => {
    // Compiled, never run: the package's typecheck proves the error.
    const compileOnly = () =>
      optimize({
        ...config('unused', 'forge'),
        // @ts-expect-error the triage program's gold has no field `severity`
        metric: (instance) => ({ score: instance.gold.severity === 'high' ? 1 : 0 }),
      });
    expect(typeof compileOnly).toBe('function');
  });
});
