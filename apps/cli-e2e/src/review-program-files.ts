// The files of a second program a new user writes, used by install.e2e.test.ts in the same
// project outside the workspace: a three-module review pipeline with the everyday tools of typed
// modules — a module that reasons before it answers, an output that is an array of objects, a
// re-ask when an answer does not parse, and a module on a model of its own — with offline
// stand-ins, a provider module and a config file for the CLI, a script that optimizes it, a
// production snippet, a script that evaluates and inspects it, and two program modules with a
// user's common mistakes (data that does not fit, a moduleFeedback key that names no module).

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
 * `review-optimize.ts <runDir>`: optimizes the pipeline with the judge on its own model, and
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

/**
 * Program modules with a user's two common mistakes: `review-bad-data.ts` has a training
 * instance that does not fit the program's schemas (its review a number, its gold without a
 * summary); `review-bad-feedback.ts` has a metric whose `moduleFeedback` names a module the
 * program does not have. The CLI and `review-mistakes.ts` run both.
 */
const reviewBadData = `import type { InstanceOf } from '@forge/sdk';
import { program, train as reviews } from './review.js';

export { metric, program, validation } from './review.js';

// Read from somewhere untyped (a file, an API): it does not fit the program.
const broken = { id: 'train-broken', input: { review: 42 }, gold: { verdict: 'fine' } };
export const train: InstanceOf<typeof program>[] = [
  ...reviews.slice(0, 3),
  broken as unknown as InstanceOf<typeof program>,
  ...reviews.slice(3),
];
`;

const reviewBadFeedback = `import type { EvaluatorOf } from '@forge/sdk';
import { program } from './review.js';

export { program, train, validation } from './review.js';

// The judge's feedback under a name the program has no module for.
export const metric: EvaluatorOf<typeof program> = (instance, execution) => {
  const right = (execution.output.summary ?? '').toLowerCase() === instance.gold.summary;
  return right ? { score: 1 } : { score: 0, moduleFeedback: { sentiment: '${failsRule}' } };
};
`;

/** The CLI's config file for one of those modules: the review's, with another program. */
const mistakeConfig = (program: string) =>
  reviewConfig.replace('program: ./review.ts', `program: ./${program}`);

/**
 * `review-mistakes.ts`: both mistakes through `optimize()`, each caught as the typed error a
 * user's code checks for; prints what each error says and how many model calls were made.
 */
const reviewMistakes = `import { DataCheckError, MetricError, optimize } from '@forge/sdk';
import * as badData from './review-bad-data.js';
import * as badFeedback from './review-bad-feedback.js';
import { judgeModel, optimizerModel, taskModel } from './review-stand-ins.js';

async function attempt(parts: typeof badData | typeof badFeedback, runDir: string) {
  const task = taskModel();
  const judge = judgeModel();
  try {
    await optimize({
      program: parts.program,
      metric: parts.metric,
      train: parts.train,
      validation: parts.validation,
      taskModel: task,
      moduleModels: { judge },
      optimizerModel: optimizerModel(),
      budget: { maxEvaluations: 150 },
      runDir,
    });
    return { error: 'none', modelCalls: task.calls.length + judge.calls.length };
  } catch (error) {
    return { error, modelCalls: task.calls.length + judge.calls.length };
  }
}

const data = await attempt(badData, 'runs/mistake-data');
const feedback = await attempt(badFeedback, 'runs/mistake-feedback');
console.log(JSON.stringify({
  data: DataCheckError.isInstance(data.error)
    ? {
        name: data.error.name,
        message: data.error.message,
        problems: data.error.problems.map((problem) => \`\${problem.split}[\${problem.index}] \${problem.id} \${problem.path}\`),
        modelCalls: data.modelCalls,
      }
    : String(data.error),
  feedback: MetricError.isInstance(feedback.error)
    ? {
        name: feedback.error.name,
        message: feedback.error.message,
        reason: feedback.error.reason,
        unknownModules: feedback.error.unknownModules,
      }
    : String(feedback.error),
}));
`;

/**
 * `review-evaluate.ts <runDir>`: the run's best prompts evaluated on the validation data with
 * `evaluate()` (no run directory), the judge on its own model, then the calls it made read
 * back with `program.history` and printed with `inspect`.
 */
const reviewEvaluate = `import { evaluate, inspect, loadBestPrompts } from '@forge/sdk';
import { metric, program, validation } from './review.js';
import { judgeModel, taskModel } from './review-stand-ins.js';

const progress: number[] = [];
const result = await evaluate({
  program,
  metric,
  data: validation,
  model: taskModel(),
  moduleModels: { judge: judgeModel() },
  prompts: loadBestPrompts(process.argv[2] ?? 'runs/review').prompts,
  concurrency: 2,
  onProgress: (event) => progress.push(event.done),
});
const calls = program.history.last(program.history.size);
console.log(JSON.stringify({
  score: result.score,
  instances: result.instances.map((instance) => ({ id: instance.id, score: instance.score, output: instance.output })),
  progress,
  subject: result.subject,
  models: [...new Set(calls.map((call) => \`\${call.module} \${call.model}\`))].sort(),
  reasks: calls.filter((call) => call.attempt > 0).map((call) => \`\${call.instanceId} \${call.parsed.ok}\`).sort(),
  reasoning: calls.find((call) => call.module === 'extract' && call.instanceId === 'validation-10')?.parsed,
  inspected: inspect(program, calls.length),
}));
`;

/** Every file, by name. */
export const reviewProgramFiles: Readonly<Record<string, string>> = {
  'review.ts': reviewApp,
  'review-stand-ins.ts': reviewStandIns,
  'review-provider.ts': reviewProvider,
  'review.config.yaml': reviewConfig,
  'review-optimize.ts': reviewOptimize,
  'review-production.ts': reviewProduction,
  'review-bad-data.ts': reviewBadData,
  'review-bad-feedback.ts': reviewBadFeedback,
  'review-bad-data.config.yaml': mistakeConfig('review-bad-data.ts'),
  'review-bad-feedback.config.yaml': mistakeConfig('review-bad-feedback.ts'),
  'review-mistakes.ts': reviewMistakes,
  'review-evaluate.ts': reviewEvaluate,
};

/** The TypeScript files among them, for the type check. */
export const reviewTypeScriptFiles = Object.keys(reviewProgramFiles).filter((name) =>
  name.endsWith('.ts'),
);
