// Failure-guided data generation with @forge/synth alone — no optimization loop, no store.
//
// You bring: a task signature, a file of failed runs of your program, and a model. Forge
// files the failures into failure modes, splits the attempt budget over them, writes new
// examples with the four mutation intents (positive, negative, boundary, stress), drops
// duplicates and anything that reproduces an evaluation item, has a verifier check every
// candidate, and hands back the admitted set, the rejected set and a report.
//
// This example runs offline: `scriptedModel` below is a plain function that plays the
// assigner, generator and verifier for a toy addition task. To use a real model instead
// (network and an API key needed), install a provider and replace `scriptedModel`:
//
//   import { createOpenAI } from '@forge/provider-openai';
//   import { defaultMiddleware, wrapLanguageModel } from '@forge/provider';
//   const model = wrapLanguageModel(createOpenAI()('gpt-5.5'), ...defaultMiddleware());
//   // (reads OPENAI_API_KEY; defaultMiddleware adds retries, limits and timeouts)
//
// Run: pnpm exec tsx examples/synth-only.ts
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineSignature,
  formatSynthesisReport,
  type LanguageModel,
  readFailures,
  rejectedToJsonl,
  synthesize,
  toJsonl,
  toTrlRows,
  trlRowsToJsonl,
} from '@forge/synth';

const signature = defineSignature({
  name: 'WordProblemSignature',
  inputFields: [{ name: 'question', type: 'str', description: 'A short arithmetic word problem.' }],
  outputFields: [{ name: 'answer', type: 'int', description: 'The numeric answer.' }],
});

// 1. Failed runs of your program, one JSON object per line (see `failureLineSchema`).
const failures = [
  {
    question: 'Mia has 38 marbles and wins 47 more. How many marbles does she have?',
    answer: 85,
    got: 75,
    why: 'dropped the carry from the units column',
  },
  {
    question: 'A shelf holds 29 books; 56 more arrive. How many books are there?',
    answer: 85,
    got: 75,
    why: 'dropped the carry from the units column',
  },
  {
    question: 'Leo had 91 stickers and gave away 34. How many are left?',
    answer: 57,
    got: 125,
    why: 'added although the problem asks for a difference',
  },
  {
    question: 'A tank holds 64 litres; 18 litres leak out. How much is left?',
    answer: 46,
    got: 82,
    why: 'added although the problem asks for a difference',
  },
  {
    question: 'Sam scores 47 points, then 36 more. What is his total?',
    answer: 83,
    got: 73,
    why: 'dropped the carry from the units column',
  },
];
const directory = mkdtempSync(join(tmpdir(), 'forge-synth-example-'));
const failuresFile = join(directory, 'failures.jsonl');
writeFileSync(
  failuresFile,
  failures
    .map((failure, index) =>
      JSON.stringify({
        id: `f${index + 1}`,
        instance: {
          id: `train-${index + 1}`,
          input: { question: failure.question },
          gold: { answer: failure.answer },
        },
        score: 0,
        feedback: `Expected ${failure.answer}, got ${failure.got}: ${failure.why}.`,
        trace: [
          {
            module: 'solver',
            messages: [
              { role: 'user', content: failure.question },
              { role: 'assistant', content: `The answer is ${failure.got}.` },
            ],
          },
        ],
      }),
    )
    .join('\n'),
);

// 2. A stand-in for a real model: answers each role the way a careful model would.
let generation = 0;
const scriptedModel: LanguageModel = {
  specificationVersion: 'v1',
  provider: 'scripted',
  modelId: 'offline-demo',
  async generate(request) {
    const user = request.messages[0]?.content ?? '';
    const text =
      request.metadata?.role === 'assign'
        ? assign(user)
        : request.metadata?.role === 'generate'
          ? write(user, generation++)
          : verify(user);
    return {
      text,
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: Math.ceil(user.length / 4), outputTokens: Math.ceil(text.length / 4) },
    };
  },
};

function assign(user: string): string {
  const name = /got \d+: added/.test(user) ? 'adds_instead_of_subtracting' : 'drops_carry';
  const known = user.includes(`"cluster_name": "${name}"`);
  const description =
    name === 'drops_carry'
      ? 'When a two-digit addition needs a carry from the units column, the carry is lost.'
      : 'Problems that ask for what is left are solved by adding instead of subtracting.';
  return `<assignment>${JSON.stringify(known ? { cluster_name: name, new_cluster_name: null, new_failure_description: null } : { cluster_name: null, new_cluster_name: name, new_failure_description: description })}</assignment>`;
}

function write(user: string, index: number): string {
  const intent = /## Mutation Kind\n\n(\w+)/.exec(user)?.[1] ?? 'positive';
  const subtract = user.includes('adds_instead_of_subtracting');
  const a = 41 + ((index * 17) % 50);
  // positive and stress need a carry (or a difference); negative and boundary move that condition.
  const b =
    intent === 'negative'
      ? 10 - (a % 10) + 10 * (index % 3) - 1
      : intent === 'boundary'
        ? 10 - (a % 10) + 20
        : 19 + ((index * 7) % 30);
  if (index === 3)
    return '<synthetic_example>{"question": "What is 12 + 30?", "answer": "42"}</synthetic_example>';
  const question = subtract
    ? `A jar holds ${a + b} coins; ${b} are taken out.${intent === 'stress' ? ' Three friends watch, and 5 buttons lie next to the jar.' : ''} How many coins are left?`
    : `Ava has ${a} shells and finds ${b} more.${intent === 'stress' ? ' Her brother has 12 shells and 3 stones.' : ''} How many shells does Ava have?`;
  const answer = subtract ? a : a + b;
  return `<synthetic_example>${JSON.stringify({ question, answer: index === 6 ? answer + 1 : answer })}</synthetic_example>`;
}

function verify(user: string): string {
  const example = JSON.parse(
    /# Synthetic Example\n\n([\s\S]*?)\n\n# Generation Context/.exec(user)?.[1] ?? '{}',
  ) as { question: string; answer: number };
  const numbers = (example.question.match(/\d+/g) ?? []).map(Number);
  const subtract = example.question.includes('left');
  const expected = subtract
    ? (numbers[0] ?? 0) - (numbers[1] ?? 0)
    : (numbers[0] ?? 0) + (numbers[1] ?? 0);
  const valid = expected === example.answer;
  return `<validity_reason>${valid ? `The answer ${expected} follows from the question.` : `The question gives ${expected}, not ${example.answer}.`}</validity_reason>
<validity>${valid}</validity>
<faithfulness_reason>The example exercises the mechanism named in the context.</faithfulness_reason>
<faithfulness>true</faithfulness>`;
}

// 3. Generate. The holdout (validation + test) keeps evaluation items out of the new data.
const holdout = [
  {
    id: 'val-1',
    input: { question: 'Mia has 38 marbles and wins 48 more. How many marbles does she have?' },
    gold: { answer: 86 },
  },
];
const result = await synthesize({
  model: scriptedModel,
  signature,
  failures: await readFailures(failuresFile, { signature }),
  holdout,
  attempts: 10,
  seed: 0,
});

// 4. Use the results: a dataset file, TRL rows for GRPO, and the rejected set as negatives.
writeFileSync(join(directory, 'admitted.jsonl'), toJsonl(result.admitted));
writeFileSync(
  join(directory, 'admitted.trl.jsonl'),
  trlRowsToJsonl(toTrlRows(result.admitted, signature)),
);
writeFileSync(join(directory, 'rejected.jsonl'), rejectedToJsonl(result.rejected));

console.log(formatSynthesisReport(result.report));
const first = result.admitted[0];
if (first !== undefined) {
  console.log(
    `\nfirst admitted (${first.id}, ${String(first.metadata?.['intent'])} of ${String(first.metadata?.['modeName'])}):`,
  );
  console.log(`  ${String(first.input['question'])} → ${String(first.gold['answer'])}`);
}
for (const record of result.rejected)
  console.log(`rejected slot ${record.slot}: ${record.outcome} — ${record.reason}`);
console.log(`\nfiles written to ${directory}`);
if (result.attempts.length !== 10) process.exit(1);
