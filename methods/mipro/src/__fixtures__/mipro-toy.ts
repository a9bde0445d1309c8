import type { Benchmark, Instance } from '@forge/program';
import { createSingleModuleProgram, defineSignature, extractXmlBlock } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';

// A toy task for MIPROv2's tests. Each instance has a category and a value; the answer is
// `<category>:<value>`. The scripted task model answers a category right when its system prompt
// names the category's rule (`rule-<category>`) or a demonstration before the input shows that
// category answered; category `a` it always knows. So bootstrapping finds passing runs only for
// `a`, labelled demonstrations teach the other categories, and instructions can name rules.

export const toyCategories = ['a', 'b', 'c', 'd'] as const;

export function toyInstances(prefix: string, count: number, offset = 0): Instance[] {
  return Array.from({ length: count }, (_, index) => {
    const category = toyCategories[(index + offset) % toyCategories.length] as string;
    return { id: `${prefix}${index}`, input: { category, value: index }, gold: { answer: `${category}:${index}` } };
  });
}

const render = (instance: Instance) =>
  `category=${String(instance.input['category'])} value=${String(instance.input['value'])}`;

export const toyBenchmark: Benchmark = {
  id: 'mipro-toy',
  title: 'MIPRO toy',
  signature: defineSignature({
    name: 'MiproToy',
    inputFields: [
      { name: 'category', type: 'str', description: 'A category letter.' },
      { name: 'value', type: 'int', description: 'A number.' },
    ],
    outputFields: [{ name: 'answer', type: 'str', description: '<category>:<value>.' }],
  }),
  program: createSingleModuleProgram({
    name: 'toy',
    moduleName: 'answer',
    seedPrompt: 'Answer.',
    description: 'Answers category:value.',
    renderInput: render,
    parseOutput: (text) => ({ answer: text.trim() }),
    renderAnswer: (output) => String(output['answer'] ?? ''),
  }),
  evaluate: (instance, execution) => ({
    score: execution.output['answer'] === instance.gold['answer'] ? 1 : 0,
  }),
  loadSplits: async () => ({ train: [], validation: [], test: [] }),
  synthesis: { attempts: 0, epochs: 0, patience: 1 },
};

/** The categories the demonstrations of a request teach (earlier user turns answered right). */
function demonstrated(request: GenerateRequest): Set<string> {
  const taught = new Set<string>();
  const messages = request.messages;
  for (let index = 0; index + 1 < messages.length - 1; index += 2) {
    const user = messages[index];
    const answer = messages[index + 1];
    const category = user && 'content' in user ? /category=(\w+)/.exec(user.content)?.[1] : undefined;
    const content = answer && 'content' in answer ? answer.content : '';
    if (category !== undefined && content.startsWith(`${category}:`)) taught.add(category);
  }
  return taught;
}

export function toyTaskModel(): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'toy-task',
    responses: (request) => {
      const last = request.messages.at(-1);
      const content = last && 'content' in last ? last.content : '';
      const match = /category=(\w+) value=(\d+)/.exec(content);
      const category = match?.[1] ?? '';
      const known =
        category === 'a' ||
        (request.system ?? '').includes(`rule-${category}`) ||
        demonstrated(request).has(category);
      return known ? `${category}:${match?.[2] ?? ''}` : 'unknown';
    },
  });
}

/**
 * A scripted optimizer for the proposal stage. The observer lists the categories its examples
 * show; the summarizer repeats them; the describers answer plainly; the proposer adds to the
 * basic instruction the rules of the categories the dataset summary names — the first `slot`
 * of them, so candidates differ — and nothing when there is no summary.
 */
export function toyProposer(options: { transform?: (text: string, user: string) => string } = {}): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'toy-proposer',
    responses: (request) => {
      const user = String((request.messages[0] as { content: string }).content);
      const text = answer(user, request.metadata?.sampleIndex ?? 0);
      return options.transform === undefined ? text : options.transform(text, user);
    },
  });
}

function answer(user: string, slot: number): string {
  if (user.startsWith('# Dataset Examples') || user.startsWith('# Prior Observations')) {
    const examples = user.slice(user.indexOf('# Dataset Examples'));
    const seen = [...new Set([...examples.matchAll(/#### category\n(\w+)/g)].map((match) => match[1]))];
    const prior = user.startsWith('# Prior Observations') ? user : '';
    const fresh = seen.filter((category) => !prior.includes(`category ${category}`));
    if (prior !== '' && fresh.length === 0) return '<observations>COMPLETE</observations>';
    return `<observations>${fresh.map((category) => `Examples of category ${category}.`).join(' ')}</observations>`;
  }
  if (user.startsWith('# Observations')) {
    const categories = [...user.matchAll(/category (\w+)/g)].map((match) => match[1]);
    return `<summary>The data covers categories ${[...new Set(categories)].join(', ')}.</summary>`;
  }
  if (user.startsWith('# Program') && user.includes('\n# Example Run\n')) {
    return '<program_description>One module answers category:value.</program_description>';
  }
  if (user.startsWith('# Program') && user.includes('\n# Module\n')) {
    return '<module_description>It writes the answer.</module_description>';
  }
  const summary = /# Dataset Summary\n\n(.*)\n/.exec(user)?.[1] ?? '';
  const categories = /categories ([\w, ]+)\./.exec(summary)?.[1]?.split(', ') ?? [];
  const basic = /# Basic Instruction\n\n(.*)\n/.exec(user)?.[1] ?? '';
  const rules = categories.slice(0, slot).map((category) => `rule-${category}`);
  return `Thinking.\n<proposed_instruction>${[basic, ...rules].join(' ')}</proposed_instruction>`;
}

/** The instruction of a proposal answer, for assertions. */
export function proposedInstruction(text: string): string | undefined {
  const block = extractXmlBlock(text, 'proposed_instruction');
  return block.ok ? block.content : undefined;
}
