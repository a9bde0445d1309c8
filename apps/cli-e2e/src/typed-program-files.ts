// The files a new user writes for their own program, used by install.e2e.test.ts in a project
// outside the workspace: a two-module support-ticket triage typed with defineModule and
// defineProgram, offline stand-ins for its models, a provider module for the CLI, a script that
// optimizes it (and can crash itself part-way through), a five-line production snippet, and a
// metric that reads a gold field the program does not have (which must not compile).

/** The rule the `extract` module needs, as the metric's feedback states it. */
export const lowerCaseRule = 'Name the product in lower case.';
/** The rule the `classify` module needs. */
export const outageRule = 'An outage is high priority.';

/** The program module: what `--program app.ts` loads and what `optimize()` takes. */
const app = `import { defineModule, defineProgram, type EvaluatorOf, type InstanceOf } from '@forge/sdk';
import { z } from 'zod';

export const extract = defineModule({
  name: 'extract',
  seedPrompt: 'Read the support ticket; say which product it is about and whether it is down.',
  input: z.object({ ticket: z.string().describe('The ticket as the customer wrote it.') }),
  output: z.object({
    product: z.string().describe('The product the ticket is about.'),
    outage: z.boolean().describe('Whether the product is down.'),
  }),
});

export const classify = defineModule({
  name: 'classify',
  seedPrompt: 'Pick the team that owns the product and a priority.',
  input: z.object({ product: z.string(), outage: z.boolean() }),
  output: z.object({ team: z.string(), priority: z.enum(['low', 'high']) }),
});

export const program = defineProgram({
  name: 'ticket-triage',
  modules: [extract, classify],
  input: z.object({ ticket: z.string() }),
  output: z.object({ team: z.string(), priority: z.enum(['low', 'high']) }),
  async run({ ticket }, { call }) {
    const facts = await call(extract, { ticket });
    return call(classify, facts);
  },
});

const products = ['billing', 'search', 'login', 'export', 'upload', 'checkout', 'reports'];

function tickets(prefix: string, from: number, count: number): InstanceOf<typeof program>[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const product = products[index % products.length] ?? 'billing';
    const outage = index % 2 === 0;
    return {
      id: \`\${prefix}-\${index}\`,
      input: { ticket: \`Ticket about \${product}: \${outage ? 'it is down' : 'how do I use it'}.\` },
      gold: { team: product, priority: outage ? 'high' : 'low' },
    };
  });
}

export const train = tickets('train', 0, 8);
export const validation = tickets('validation', 8, 6);

export const metric: EvaluatorOf<typeof program> = (instance, execution) => {
  const team = execution.output.team === instance.gold.team;
  const priority = execution.output.priority === instance.gold.priority;
  return {
    score: (Number(team) + Number(priority)) / 2,
    moduleFeedback: {
      ...(team ? {} : { extract: '${lowerCaseRule}' }),
      ...(priority ? {} : { classify: '${outageRule}' }),
    },
  };
};
`;

/** Offline stand-ins: the task model follows only the rules its prompt states. */
const standIns = `import type { LanguageModel } from '@forge/sdk';
import { scriptedOptimizer, scriptedTaskModel } from '@forge/sdk/testing';
import { program } from './app.js';

export function taskModel(): LanguageModel {
  return scriptedTaskModel({
    program,
    answer: ({ module, input, prompt }) => {
      if (module === 'extract') {
        const ticket = String(input['ticket']);
        const product = /about (\\w+)/.exec(ticket)?.[1] ?? '';
        const lower = prompt.includes('${lowerCaseRule}');
        return { product: lower ? product : product.toUpperCase(), outage: ticket.includes('down') };
      }
      const high = input['outage'] === true && prompt.includes('${outageRule}');
      return { team: String(input['product']), priority: high ? 'high' : 'low' };
    },
  });
}

export function optimizerModel(): LanguageModel {
  return scriptedOptimizer();
}
`;

/** `--provider scripted=./provider.ts`: the models `scripted:task` and `scripted:optimizer`. */
const provider = `import type { LanguageModel } from '@forge/sdk';
import { optimizerModel, taskModel } from './stand-ins.js';

export default function scripted(modelId: string): LanguageModel {
  return modelId === 'optimizer' ? optimizerModel() : taskModel();
}
`;

/**
 * \`optimize.ts whole|crash|resume <runDir> [step]\`: optimizes the program into a run directory;
 * \`crash\` kills its own process (SIGKILL: no clean-up, nothing saved) when step \`step\` starts,
 * \`resume\` continues a run directory. Prints the result, and the run directory's best prompts as
 * \`loadBestPrompts\` reads them, as one JSON line.
 */
const optimizeScript = `import { loadBestPrompts, optimize } from '@forge/sdk';
import { metric, program, train, validation } from './app.js';
import { optimizerModel, taskModel } from './stand-ins.js';

const [mode, runDir, crashAt] = process.argv.slice(2);
const settings = {
  program,
  metric,
  train,
  validation,
  taskModel: taskModel(),
  optimizerModel: optimizerModel(),
  // Searching on past the perfect score (reached at step 2), so a kill at step 20 falls inside.
  budget: { maxEvaluations: 120, stopAtPerfectScore: false },
};
let start = { resumed: false, step: 0 };
const result = await optimize(mode === 'resume' ? settings : { ...settings, runDir }, {
  ...(mode === 'resume' ? { resume: runDir } : {}),
  onEvent: (event) => {
    if (event.type === 'run-start') start = { resumed: event.resumed, step: event.step };
    if (mode === 'crash' && event.type === 'step-start' && event.step === Number(crashAt))
      process.kill(process.pid, 'SIGKILL');
  },
});
const { seedScore, bestScore, bestPrompts, evaluationsUsed } = result;
const loaded = loadBestPrompts(result.runDir);
console.log(JSON.stringify({ start, seedScore, bestScore, bestPrompts, evaluationsUsed, loaded }));
`;

/** The production snippet: the run's best prompts, on a ticket the run never saw. */
const production = `import { loadBestPrompts } from '@forge/sdk';
import { program } from './app.js';
import { taskModel } from './stand-ins.js'; // in production: your model

const { prompts } = loadBestPrompts(process.argv[2] ?? 'forge-runs/ticket-triage');
const { output } = await program.run({ id: 'live', input: { ticket: process.argv[3] ?? '' } }, prompts, { model: taskModel() });
console.log(JSON.stringify(output));
`;

/** A metric that reads `gold.severity`, a field the triage program does not have. */
const badMetric = `import type { EvaluatorOf } from '@forge/sdk';
import type { program } from './app.js';

export const metric: EvaluatorOf<typeof program> = (instance, execution) => ({
  score: execution.output.priority === instance.gold.severity ? 1 : 0,
});
`;

/** Every file, by name. */
export const typedProgramFiles: Readonly<Record<string, string>> = {
  'app.ts': app,
  'stand-ins.ts': standIns,
  'provider.ts': provider,
  'optimize.ts': optimizeScript,
  'production.ts': production,
  'bad-metric.ts': badMetric,
};
