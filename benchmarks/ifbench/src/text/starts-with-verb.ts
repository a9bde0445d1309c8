import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { codePoints, isPythonDigit } from '../python/python-text.js';

/** The part of NLTK's averaged-perceptron English tagger that can decide the first token's tag. */
interface FirstTokenModel {
  readonly classes: readonly string[];
  readonly tagDictionary: ReadonlyMap<string, number>;
  readonly weights: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>;
}

let model: FirstTokenModel | undefined;

// assets/perceptron-first-token.txt.gz holds the tag dictionary and every weight of the NLTK
// model (averaged_perceptron_tagger, as in NLTK 3.9's `_eng` JSON) whose feature can fire at
// position 0; see README "Dependencies".
function loadModel(): FirstTokenModel {
  if (model !== undefined) return model;
  const path = new URL('../../assets/perceptron-first-token.txt.gz', import.meta.url);
  const lines = gunzipSync(readFileSync(path)).toString('utf8').split('\n');
  const classes = (lines[0] as string).split('\t')[1]?.split(' ') ?? [];
  const tagDictionary = new Map<string, number>();
  const weights = new Map<string, Array<readonly [number, number]>>();
  let section = '';
  for (const line of lines.slice(1)) {
    if (line === '#tagdict' || line === '#features') {
      section = line;
      continue;
    }
    const tab = line.indexOf('\t');
    const key = line.slice(0, tab);
    const value = line.slice(tab + 1);
    if (section === '#tagdict') {
      tagDictionary.set(key, Number(value));
    } else {
      weights.set(
        key,
        value.split(' ').map((pair) => {
          const colon = pair.indexOf(':');
          return [Number(pair.slice(0, colon)), Number(pair.slice(colon + 1))] as const;
        }),
      );
    }
  }
  model = { classes, tagDictionary, weights };
  return model;
}

function normalize(word: string): string {
  const first = codePoints(word)[0] ?? '';
  if (word.includes('-') && first !== '-') return '!HYPHEN';
  if (isPythonDigit(word) && codePoints(word).length === 4) return '!YEAR';
  if (word !== '' && isPythonDigit(first)) return '!DIGITS';
  return word.toLowerCase();
}

function lastThree(word: string): string {
  return codePoints(word).slice(-3).join('');
}

/**
 * The tag `nltk.pos_tag(tokens)[0][1]` gives the first token: the tag dictionary when the token
 * is in it, else the perceptron's best class over the position-0 features, ties broken by the
 * larger tag name, scores summed in the reference's feature order.
 */
export function firstTokenTag(tokens: readonly string[]): string | undefined {
  const word = tokens[0];
  if (word === undefined) return undefined;
  const { classes, tagDictionary, weights } = loadModel();
  const known = tagDictionary.get(word);
  if (known !== undefined) return classes[known];
  const context = [...tokens.slice(0, 3).map(normalize), '-END-', '-END2-'];
  const current = context[0] as string;
  const next = context[1] as string;
  const features = [
    'bias',
    `i suffix ${lastThree(word)}`,
    `i pref1 ${codePoints(word)[0] ?? ''}`,
    'i-1 tag -START-',
    'i-2 tag -START2-',
    'i tag+i-2 tag -START- -START2-',
    `i word ${current}`,
    `i-1 tag+i word -START- ${current}`,
    'i-1 word -START2-',
    'i-1 suffix T2-',
    'i-2 word -START-',
    `i+1 word ${next}`,
    `i+1 suffix ${lastThree(next)}`,
    `i+2 word ${context[2] as string}`,
  ];
  const scores = new Array<number>(classes.length).fill(0);
  for (const feature of features) {
    for (const [label, weight] of weights.get(feature) ?? []) {
      scores[label] = (scores[label] as number) + weight;
    }
  }
  let best = 0;
  for (let label = 1; label < classes.length; label++) {
    const score = scores[label] as number;
    const bestScore = scores[best] as number;
    if (
      score > bestScore ||
      (score === bestScore && (classes[label] as string) > (classes[best] as string))
    ) {
      best = label;
    }
  }
  return classes[best];
}

/** `'VB' in nltk.pos_tag(tokens)[0][1]`: the first token is tagged VB, VBD, VBG, VBN, VBP or VBZ. */
export function startsWithVerb(tokens: readonly string[]): boolean {
  return firstTokenTag(tokens)?.includes('VB') ?? false;
}
