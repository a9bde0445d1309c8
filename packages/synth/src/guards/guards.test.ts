import { createRandom, defineSignature } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { DuplicateIndex } from './duplicate-index.js';
import { resolveGuards } from './guard-options.js';
import { LeakageIndex } from './leakage-index.js';
import { inputTokens, ngrams, textTokens } from './text-tokens.js';

const signature = defineSignature({
  name: 'QA',
  inputFields: [
    { name: 'question', type: 'str', description: '' },
    { name: 'context', type: 'list[str]', description: '' },
  ],
  outputFields: [{ name: 'answer', type: 'str', description: '' }],
});

function item(id: string, question: string, answer: string, context: string[] = []) {
  return { id, input: { question, context }, gold: { answer } };
}

describe('textTokens', () => {
  it('ignores case, punctuation and spacing, and splits unspaced scripts into characters', () => {
    expect(textTokens('  Who   wrote "Hamlet"? ')).toEqual(['who', 'wrote', 'hamlet']);
    expect(textTokens('Ｆｕｌｌ-width ＡＢＣ')).toEqual(['full', 'width', 'abc']);
    expect(textTokens('被告人张某盗窃 iPhone')).toEqual([
      '被',
      '告',
      '人',
      '张',
      '某',
      '盗',
      '窃',
      'iphone',
    ]);
  });

  it('makes n-grams, and one whole-text gram for short texts', () => {
    expect([...ngrams(['a', 'b', 'c', 'd'], 3)]).toEqual(['a b c', 'b c d']);
    expect([...ngrams(['a', 'b'], 3)]).toEqual(['a b']);
    expect(ngrams([], 3).size).toBe(0);
  });
});

describe('DuplicateIndex', () => {
  const index = new DuplicateIndex(signature, 0.9);
  index.add(item('d1', 'Which river flows through the old town of Prague?', 'Vltava'));
  index.add(
    item(
      'd2',
      'In which year did the band that recorded the album Rumours first form in London?',
      '1967',
    ),
  );

  it('finds exact duplicates after normalization, flagging conflicting gold', () => {
    expect(
      index.find(item('c', 'which river flows through the OLD town of prague', 'Vltava')),
    ).toEqual({
      kind: 'exact',
      matchedId: 'd1',
      similarity: 1,
    });
    expect(
      index.find(item('c', 'Which river flows through the old town of Prague?', 'Elbe')),
    ).toEqual({
      kind: 'exact',
      matchedId: 'd1',
      similarity: 1,
      conflictingGold: true,
    });
  });

  it('finds near duplicates with the same gold only', () => {
    const reworded = item(
      'c',
      'In which year did the band that recorded the album Rumours first form in London city?',
      '1967',
    );
    const match = index.find(reworded);
    expect(match?.kind).toBe('near');
    expect(match?.matchedId).toBe('d2');
    expect(match?.similarity).toBeGreaterThanOrEqual(0.9);
    // A boundary mutation changes one condition and the answer: not a duplicate.
    expect(
      index.find(
        item(
          'c',
          'In which year did the band that recorded the album Rumours first play in America?',
          '1968',
        ),
      ),
    ).toBeUndefined();
  });

  it('leaves genuinely new inputs alone and checks exact only above threshold 1', () => {
    expect(
      index.find(item('c', 'Who painted the ceiling of the Sistine Chapel?', 'Michelangelo')),
    ).toBeUndefined();
    const exactOnly = new DuplicateIndex(signature, 1.01);
    exactOnly.add(item('d', 'a b c d e f g h i j', 'x'));
    expect(exactOnly.find(item('c', 'a b c d e f g h i j k', 'x'))).toBeUndefined();
    expect(exactOnly.find(item('c', 'A b c d e f g h i j!', 'x'))?.kind).toBe('exact');
  });

  it('compares all input fields, not just the first', () => {
    const withContext = new DuplicateIndex(signature, 0.9);
    withContext.add(item('d', 'Who is older?', 'Ann', ['Ann was born in 1950.', 'Bob in 1960.']));
    expect(
      withContext.find(
        item('c', 'Who is older?', 'Ann', ['Ann was born in 1980.', 'Bob in 1960.']),
      ),
    ).toBeUndefined();
  });
});

describe('DuplicateIndex against brute force', () => {
  it('finds exactly the best near-duplicate a full Jaccard scan finds', () => {
    const random = createRandom('duplicate-property');
    const words = Array.from({ length: 40 }, (_, index) => `w${index}`);
    const sentence = () =>
      Array.from({ length: 8 + random.int(30) }, () => words[random.int(words.length)]).join(' ');
    const edit = (text: string) => {
      const tokens = text.split(' ');
      for (let count = random.int(3); count > 0; count--) {
        tokens[random.int(tokens.length)] = words[random.int(words.length)]!;
      }
      return tokens.join(' ');
    };
    const pool: {
      id: string;
      input: { question: string; context: string[] };
      gold: { answer: string };
    }[] = [];
    for (let index = 0; index < 300; index++) {
      const base =
        index > 0 && random.int(2) === 0
          ? edit(pool[random.int(pool.length)]!.input.question)
          : sentence();
      pool.push({
        id: `d${index}`,
        input: { question: base, context: [] },
        gold: { answer: String(random.int(2)) },
      });
    }
    const shingles = (question: string) => {
      const tokens = inputTokens({ question, context: [] }, signature);
      const set = new Set(tokens);
      for (let index = 0; index + 1 < tokens.length; index++)
        set.add(`${tokens[index]} ${tokens[index + 1]}`);
      return set;
    };
    let nearMatches = 0;
    for (const threshold of [0.6, 0.8, 0.9]) {
      const index = new DuplicateIndex(signature, threshold);
      const indexed: typeof pool = [];
      const keys = new Set<string>();
      for (const item of pool.slice(0, 200)) {
        index.add(item);
        const key = inputTokens(item.input, signature).join(' ');
        if (!keys.has(key)) indexed.push(item);
        keys.add(key);
      }
      for (const candidate of pool.slice(200)) {
        const found = index.find(candidate);
        if (found?.kind === 'exact') continue;
        const mine = shingles(candidate.input.question);
        let expected: { id: string; similarity: number } | undefined;
        for (const item of indexed) {
          if (item.gold.answer !== candidate.gold.answer) continue;
          const theirs = shingles(item.input.question);
          const shared = [...mine].filter((shingle) => theirs.has(shingle)).length;
          const similarity = shared / (mine.size + theirs.size - shared);
          if (
            similarity >= threshold &&
            (expected === undefined || similarity > expected.similarity)
          ) {
            expected = { id: item.id, similarity };
          }
        }
        expect(found?.matchedId).toBe(expected?.id);
        if (expected) {
          nearMatches++;
          expect(found?.similarity).toBeCloseTo(expected.similarity, 12);
        }
      }
    }
    // The pool holds edited copies, so the comparison is not vacuous.
    expect(nearMatches).toBeGreaterThan(20);
  });
});

describe('LeakageIndex', () => {
  const holdout = [
    item('val-1', 'Which magazine was started first, Arthur’s Magazine or First for Women?', 'x'),
    item('val-2', 'Capital of Peru', 'Lima'),
    item('val-3', 'Is', 'y'),
  ];
  const index = new LeakageIndex(signature, 5, 0.5, holdout);

  it('flags copies and light edits of an evaluation item', () => {
    expect(
      index.find(
        item('c', 'Which magazine was started first, Arthur’s Magazine or First for Women?', 'x'),
      ),
    ).toMatchObject({ matchedId: 'val-1', overlap: 1, ngramSize: 5 });
    const edited = index.find(
      item('c', 'Which magazine was founded first, Arthur’s Magazine or First for Women?', 'x'),
    );
    expect(edited?.matchedId).toBe('val-1');
    // 12 tokens, 8 five-grams; the four that span "started" are lost.
    expect(edited?.overlap).toBe(4 / 8);
  });

  it('flags an evaluation item pasted inside a longer input', () => {
    const pasted = item(
      'c',
      'Answer carefully. Which magazine was started first, Arthur’s Magazine or First for Women? Think twice.',
      'x',
    );
    expect(index.find(pasted)?.matchedId).toBe('val-1');
    expect(
      index.find(item('c', 'Tell me the capital of Peru please, quickly', 'Lima')),
    ).toMatchObject({
      matchedId: 'val-2',
    });
  });

  it('leaves unrelated inputs alone, including a shared common word', () => {
    expect(
      index.find(item('c', 'Which newspaper was founded later, The Times or The Sun?', 'x')),
    ).toBeUndefined();
    expect(index.find(item('c', 'Is water wet when it is frozen solid?', 'no'))).toBeUndefined();
  });
});

describe('resolveGuards', () => {
  it('fills defaults and turns guards off', () => {
    expect(resolveGuards(undefined)).toEqual({
      coercion: 'lossless',
      duplicates: { nearThreshold: 0.9 },
      leakage: { ngramSize: 5, threshold: 0.5 },
    });
    expect(resolveGuards({ duplicates: false, leakage: false, coercion: 'strict' })).toEqual({
      coercion: 'strict',
    });
    expect(resolveGuards({ leakage: { ngramSize: 8 } }).leakage).toEqual({
      ngramSize: 8,
      threshold: 0.5,
    });
  });

  it.each([
    [{ duplicates: { nearThreshold: 0 } }, 'guards.duplicates.nearThreshold'],
    [{ leakage: { ngramSize: 0 } }, 'guards.leakage.ngramSize'],
    [{ leakage: { threshold: 1.5 } }, 'guards.leakage.threshold'],
    [{ coercion: 'loose' as 'strict' }, 'guards.coercion'],
  ])('rejects %j', (options, argument) => {
    let caught: unknown;
    try {
      resolveGuards(options);
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as InvalidArgumentError).argument).toBe(argument);
  });
});
