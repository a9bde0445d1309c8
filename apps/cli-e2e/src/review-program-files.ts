// The files of a second program a new user writes, used by install.e2e.test.ts in the same
// project outside the workspace: a three-module review pipeline with the everyday tools of typed
// modules — a module that reasons before it answers, an output that is an array of objects, a
// re-ask when an answer does not parse, and a module on a model of its own — with offline
// stand-ins, a provider module and a config file for the CLI, a script that optimizes it, and a
// production snippet.

/** The rule the `extract` module needs, as the metric's feedback states it. */
export const lowerCaseRule = 'Name every aspect in lower case.';
/** The rule the `judge` module needs. */
export const failsRule = 'An aspect the review says fails is negative.';

/** The program module: what `program:` in the config file loads and what `optimize()` takes. */
const reviewApp = `import { defineModule, defineProgram, type EvaluatorOf, type InstanceOf } from '@forge/sdk';
import { z } from 'zod';

export const extract = defineModule({
  name: 'extract',
  seedPrompt: 'List the aspects of the product the review talks about.',
  input: z.object({ review: z.string().describe('The review as the customer wrote it.') }),
  output: z.object({ aspects: z.array(z.string()).describe('The aspects, in review order.') }),
  reasoning: true,
});

const judged = z.object({
  aspect: z.string().describe('The aspect, as extracted.'),
  sentiment: z.enum(['positive', 'negative']),
});

export const judge = defineModule({
  name: 'judge',
  seedPrompt: 'Judge the sentiment the review expresses about each aspect.',
  input: z.object({ review: z.string(), aspects: z.array(z.string()) }),
  output: z.object({ sentiments: z.array(judged).describe('One entry per aspect.') }),
  maxReasks: 1,
});

export const summarize = defineModule({
  name: 'summarize',
  seedPrompt: 'Summarize the judged aspects in one line.',
  input: z.object({ sentiments: z.array(judged) }),
  output: z.object({ summary: z.string() }),
});

export const program = defineProgram({
  name: 'review-pipeline',
  modules: [extract, judge, summarize],
  input: z.object({ review: z.string() }),
  output: z.object({ summary: z.string() }),
  async run({ review }, { call }) {
    const { aspects } = await call(extract, { review });
    const { sentiments } = await call(judge, { review, aspects });
    return call(summarize, { sentiments });
  },
});

const parts = ['screen', 'battery', 'keyboard', 'speaker', 'camera', 'hinge'];

function reviews(prefix: string, from: number, count: number): InstanceOf<typeof program>[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const good = parts[index % parts.length] ?? 'screen';
    const bad = parts[(index + 1) % parts.length] ?? 'battery';
    return {
      id: \`\${prefix}-\${index}\`,
      input: { review: \`The \${good} is great but the \${bad} fails.\` },
      gold: { summary: \`\${good} +, \${bad} -\` },
    };
  });
}

export const train = reviews('train', 0, 8);
export const validation = reviews('validation', 8, 6);

// Half for aspects in lower case, half for the right sentiments.
export const metric: EvaluatorOf<typeof program> = (instance, execution) => {
  const summary = execution.output.summary;
  if (summary === undefined) return { score: 0, feedback: 'No summary.' };
  const lowerCase = summary === summary.toLowerCase();
  const sentiments = summary.toLowerCase() === instance.gold.summary;
  return {
    score: (Number(lowerCase) + Number(sentiments)) / 2,
    moduleFeedback: {
      ...(lowerCase ? {} : { extract: '${lowerCaseRule}' }),
      ...(sentiments ? {} : { judge: '${failsRule}' }),
    },
  };
};
`;

/**
 * Offline stand-ins, following only the rules their prompt states: the task model answers
 * `extract` (with its reasoning) and `summarize`; the judge model answers `judge`, and its first
 * answer for a review of the hinge is not JSON, so the module asks again.
 */
const reviewStandIns = `import { scriptedOptimizer, scriptedTaskModel } from '@forge/sdk/testing';
import { program } from './review.js';

type Judged = { aspect: string; sentiment: string };

export function taskModel() {
  return scriptedTaskModel({
    program,
    modelId: 'task',
    answer: ({ module, input, prompt }) => {
      if (module === 'extract') {
        const found = [...String(input['review']).matchAll(/the (\\w+)/gi)].map((match) => String(match[1]));
        const lower = prompt.includes('${lowerCaseRule}');
        return {
          reasoning: \`The review names \${found.length} parts.\`,
          aspects: found.map((aspect) => (lower ? aspect : aspect.toUpperCase())),
        };
      }
      if (module === 'summarize') {
        const sentiments = input['sentiments'] as Judged[];
        return { summary: sentiments.map((item) => \`\${item.aspect} \${item.sentiment === 'positive' ? '+' : '-'}\`).join(', ') };
      }
      throw new Error(\`the task model was asked for module \${module}\`);
    },
  });
}

export function judgeModel() {
  return scriptedTaskModel({
    program,
    modelId: 'judge',
    answer: ({ module, input, prompt, attempt }) => {
      if (module !== 'judge') throw new Error(\`the judge model was asked for module \${module}\`);
      const review = String(input['review']);
      if (attempt === 0 && review.includes('hinge')) return '<sentiments>all fine</sentiments>';
      const fails = (aspect: string) => new RegExp(\`\${aspect} fails\`, 'i').test(review);
      return {
        sentiments: (input['aspects'] as string[]).map((aspect) => ({
          aspect,
          sentiment: prompt.includes('${failsRule}') && fails(aspect) ? 'negative' : 'positive',
        })),
      };
    },
  });
}

export function optimizerModel() {
  return scriptedOptimizer();
}
`;

/** `scripted=./review-provider.ts`: `scripted:task`, `scripted:judge`, `scripted:optimizer`. */
const reviewProvider = `import type { LanguageModel } from '@forge/sdk';
import { judgeModel, optimizerModel, taskModel } from './review-stand-ins.js';

export default function scripted(modelId: string): LanguageModel {
  if (modelId === 'optimizer') return optimizerModel();
  return modelId === 'judge' ? judgeModel() : taskModel();
}
`;

/** The CLI's config file: the program, the provider, and the judge module on its own model. */
const reviewConfig = `program: ./review.ts
providers:
  scripted: ./review-provider.ts
taskModel: scripted:task
moduleModels:
  judge: scripted:judge
optimizerModel: scripted:optimizer
budget:
  maxEvaluations: 150
`;

/**
 * \`review-optimize.ts <runDir>\`: optimizes the pipeline with the judge on its own model, and
 * prints what a user checks as one JSON line: the scores and prompts, which module each model
 * answered and how often a module was asked again, whether the reflector read the extract
 * module's reasoning, and the module models config.json recorded.
 */
const reviewOptimize = `import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { optimize } from '@forge/sdk';
import { metric, program, train, validation } from './review.js';
import { judgeModel, optimizerModel, taskModel } from './review-stand-ins.js';

const runDir = process.argv[2] ?? 'runs/review';
const task = taskModel();
const judge = judgeModel();
const optimizer = optimizerModel();
const result = await optimize({
  program,
  metric,
  train,
  validation,
  taskModel: task,
  moduleModels: { judge },
  optimizerModel: optimizer,
  budget: { maxEvaluations: 150 },
  runDir,
});
const saved = JSON.parse(readFileSync(join(runDir, 'config.json'), 'utf8'));
console.log(JSON.stringify({
  seedScore: result.seedScore,
  bestScore: result.bestScore,
  bestPrompts: result.bestPrompts,
  taskModules: [...new Set(task.calls.map((call) => call.module))].sort(),
  judgeModules: [...new Set(judge.calls.map((call) => call.module))],
  reasks: judge.calls.filter((call) => call.attempt > 0).length,
  reflectorReadReasoning: optimizer.calls.some(
    (call) => call.contract === 'reflect' && JSON.stringify(call.request.messages).includes('<reasoning>The review names 2 parts.'),
  ),
  moduleModels: saved.moduleModels,
  objectInputs: saved.objectInputs,
}));
`;

/** Production: the run's best prompts, the judge on its model, on a review the run never saw. */
const reviewProduction = `import { loadBestPrompts } from '@forge/sdk';
import { program } from './review.js';
import { judgeModel, taskModel } from './review-stand-ins.js'; // in production: your models

const { prompts } = loadBestPrompts(process.argv[2] ?? 'runs/review');
const { output, trace } = await program.run(
  { id: 'live', input: { review: process.argv[3] ?? '' } },
  prompts,
  { model: taskModel(), moduleModels: { judge: judgeModel() } },
);
console.log(JSON.stringify({ output, judged: trace[1]?.output, reasoning: trace[0]?.messages[1]?.content }));
`;

/** Every file, by name. */
export const reviewProgramFiles: Readonly<Record<string, string>> = {
  'review.ts': reviewApp,
  'review-stand-ins.ts': reviewStandIns,
  'review-provider.ts': reviewProvider,
  'review.config.yaml': reviewConfig,
  'review-optimize.ts': reviewOptimize,
  'review-production.ts': reviewProduction,
};

/** The TypeScript files among them, for the type check. */
export const reviewTypeScriptFiles = Object.keys(reviewProgramFiles).filter((name) =>
  name.endsWith('.ts'),
);
