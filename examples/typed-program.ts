// Your own program, typed, optimized offline: a two-module support-ticket triage built with
// defineModule/defineProgram, run on the scripted stand-ins of @forge/sdk/testing (no model, no
// network, deterministic), the way to test a Forge integration in CI.
// docs/try-without-a-model.md and docs/coming-from-dspy-gepa-ax.md quote this file.
//
// Run: pnpm exec tsx examples/typed-program.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineModule,
  defineProgram,
  type EvaluatorOf,
  type InstanceOf,
  optimize,
} from '@forge/sdk';
import { scriptedOptimizer, scriptedTaskModel } from '@forge/sdk/testing';
import { z } from 'zod';

// 1. Modules: a seed prompt and zod schemas of the fields each one reads and answers.
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

// 2. The program: plain async code; every call is traced under its module.
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

// 3. Data and metric, typed by the program's schemas.
const products = ['billing', 'search', 'login', 'export', 'upload', 'checkout'];
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
const metric: EvaluatorOf<typeof triage> = (instance, execution) => {
  const teamRight = execution.output.team === instance.gold.team;
  const priorityRight = execution.output.priority === instance.gold.priority;
  return {
    score: (Number(teamRight) + Number(priorityRight)) / 2,
    moduleFeedback: {
      ...(teamRight ? {} : { extract: 'Name the product in lower case.' }),
      ...(priorityRight ? {} : { classify: 'Outages are high priority.' }),
    },
  };
};

// 4. Stand-ins: the task model follows only the rules its prompt states; the scripted optimizer
// turns feedback into rules (and speaks every method's contracts).
const taskModel = scriptedTaskModel({
  program: triage,
  answer: ({ module, input, prompt }) => {
    if (module === 'extract') {
      const ticket = String(input['ticket']);
      const product = /about (\w+)/.exec(ticket)?.[1] ?? '';
      return {
        product: prompt.includes('lower case') ? product : product.toUpperCase(),
        outage: ticket.includes('down'),
      };
    }
    const high = input['outage'] === true && prompt.includes('Outages are high priority');
    return { team: String(input['product']), priority: high ? 'high' : 'low' };
  },
});

const runDir = mkdtempSync(join(tmpdir(), 'forge-typed-program-'));
const result = await optimize({
  program: triage,
  metric,
  train: tickets('train', 0, 8),
  validation: tickets('val', 10, 6),
  taskModel,
  optimizerModel: scriptedOptimizer(),
  method: 'prompt-search',
  budget: { maxEvaluations: 120 },
  runDir,
});
console.log(
  `[scripted stand-ins, not a real LLM] triage: validation ${result.seedScore.toFixed(2)} → ${result.bestScore.toFixed(2)}\n` +
    `classify prompt:\n${result.bestPrompts['classify']}`,
);
rmSync(runDir, { recursive: true, force: true });
if (result.bestScore <= result.seedScore) process.exit(1);
