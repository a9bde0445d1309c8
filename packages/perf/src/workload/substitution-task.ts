import {
  createRandom,
  defineSignature,
  type Evaluator,
  type Instance,
  type Program,
} from '@forge/program';

// The harness's simulated task: rewrite a sentence by a family of word substitutions. Scores are
// the fraction of words written correctly, so they take many values (k/n for sentences of 6 to
// 14 words), as partial-credit metrics do; feedback names every substitution that was missed.

/** One hidden rule: every occurrence of `source` must be written as `target`. */
export interface SubstitutionRule {
  /** The word to replace. */
  readonly source: string;
  /** What it becomes. */
  readonly target: string;
}

const sourceWords = [
  'amber',
  'birch',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'grove',
  'harbor',
  'iris',
  'juniper',
  'kestrel',
  'lumen',
  'maple',
  'nectar',
  'onyx',
  'prism',
  'quartz',
  'raven',
  'sable',
  'tundra',
  'umber',
  'vesper',
  'willow',
  'yarrow',
] as const;

const fillerWords = ['the', 'a', 'of', 'and', 'near', 'with', 'under', 'over', 'old', 'new'];

/** The first `count` rules (at most 24): each word is written in capitals. */
export function substitutionRules(count: number): SubstitutionRule[] {
  if (!Number.isInteger(count) || count < 1 || count > sourceWords.length) {
    throw new RangeError(`substitutionRules: count must be 1..${sourceWords.length}, got ${count}`);
  }
  return sourceWords.slice(0, count).map((source) => ({ source, target: source.toUpperCase() }));
}

/** The sentence of one rule in a system prompt; the task model and the reflector read it back. */
export function ruleSentence(rule: SubstitutionRule): string {
  return `Rewrite "${rule.source}" as "${rule.target}".`;
}

/** Reads every rule sentence of a text, in order. */
export function readRuleSentences(text: string): SubstitutionRule[] {
  const rules: SubstitutionRule[] = [];
  for (const match of text.matchAll(/Rewrite "([^"]+)" as "([^"]+)"\./g)) {
    rules.push({ source: match[1] as string, target: match[2] as string });
  }
  return rules;
}

/** Instances of one split: sentences of 6–14 words, about half of them rule words. */
export function substitutionInstances(options: {
  readonly rules: readonly SubstitutionRule[];
  readonly split: string;
  readonly count: number;
  readonly seed: number;
}): Instance[] {
  const targets = new Map(options.rules.map((rule) => [rule.source, rule.target]));
  return Array.from({ length: options.count }, (_, index) => {
    const random = createRandom(options.seed, 'substitution', options.split, index);
    const length = 6 + random.int(9);
    const words = Array.from({ length }, () =>
      random.next() < 0.5
        ? (options.rules[random.int(options.rules.length)] as SubstitutionRule).source
        : (fillerWords[random.int(fillerWords.length)] as string),
    );
    return {
      id: `${options.split}-${index}`,
      input: { text: words.join(' ') },
      gold: { rewritten: words.map((word) => targets.get(word) ?? word).join(' ') },
    };
  });
}

/** What an instance holds: a sentence in, the rewritten sentence out. */
export const substitutionSignature = defineSignature({
  name: 'Substitution',
  inputFields: [{ name: 'text', type: 'str', description: 'The sentence to rewrite.' }],
  outputFields: [{ name: 'rewritten', type: 'str', description: 'The rewritten sentence.' }],
});

/** The module's seed prompt: the task, and no rule. */
export const substitutionSeedPrompt = 'Rewrite the sentence word by word, applying these rules:';

/** A one-module program: the task model rewrites the sentence under the module's prompt. */
export function substitutionProgram(): Program {
  return {
    name: 'substitution',
    modules: [{ name: 'rewrite', seedPrompt: substitutionSeedPrompt }],
    async run(instance, prompts, context) {
      const text = String(instance.input['text']);
      const result = await context.model.generate({
        system: prompts['rewrite'],
        messages: [{ role: 'user', content: text }],
        abortSignal: context.abortSignal,
        metadata: context.metadata,
      });
      return {
        output: { rewritten: result.text },
        trace: [
          {
            module: 'rewrite',
            messages: [
              { role: 'user', content: text },
              { role: 'assistant', content: result.text },
            ],
          },
        ],
        usage: result.usage,
      };
    },
  };
}

/** Word-level partial credit, with one feedback sentence per missed substitution. */
export const evaluateSubstitution: Evaluator = (instance, execution) => {
  const gold = String(instance.gold['rewritten']).split(' ');
  const input = String(instance.input['text']).split(' ');
  const output = String(execution.output['rewritten'] ?? '').split(' ');
  let correct = 0;
  const missed: string[] = [];
  for (let position = 0; position < gold.length; position++) {
    const expected = gold[position] as string;
    if (output[position] === expected) {
      correct++;
      continue;
    }
    const sentence = `"${input[position]}" should be rewritten as "${expected}".`;
    if (!missed.includes(sentence)) missed.push(sentence);
  }
  const score = correct / gold.length;
  return score === 1 ? { score } : { score, feedback: missed.join(' ') };
};
