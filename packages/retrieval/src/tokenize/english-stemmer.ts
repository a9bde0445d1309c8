// The Snowball English ("Porter2") stemmer as released in Snowball 2.2.0, the version PyStemmer
// 2.2 bundles and the GEPA artifact's bm25s index was built with. Later Snowball releases
// (3.x) added exceptions (past/paste, universe, organ, …) that are deliberately not applied here.

const exceptionalForms: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

// Words that stop after step 1a (their -ing/-ed is not a suffix).
const invariantAfterStep1a = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);

const regionPrefixes = ['gener', 'commun', 'arsen'];

const step2Rules: ReadonlyArray<readonly [string, string]> = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];

const step3Rules: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];

const step4Suffixes = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

const doubles = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const validLiEndings = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

function isVowel(character: string | undefined): boolean {
  return (
    character === 'a' ||
    character === 'e' ||
    character === 'i' ||
    character === 'o' ||
    character === 'u' ||
    character === 'y'
  );
}

/** One word being stemmed: its characters (code points) and the R1/R2 region starts. */
class Word {
  characters: string[];
  region1: number;
  region2: number;

  constructor(characters: string[]) {
    this.characters = characters;
    this.region1 = characters.length;
    this.region2 = characters.length;
  }

  get length(): number {
    return this.characters.length;
  }

  endsWith(suffix: string): boolean {
    const length = this.characters.length;
    if (suffix.length > length) return false;
    for (let index = 0; index < suffix.length; index++) {
      if (this.characters[length - suffix.length + index] !== suffix[index]) return false;
    }
    return true;
  }

  /** The longest of `suffixes` the word ends with; the lists are ordered longest first. */
  longestSuffix(suffixes: readonly string[]): string | undefined {
    for (const suffix of suffixes) if (this.endsWith(suffix)) return suffix;
    return undefined;
  }

  replaceSuffix(length: number, replacement: string): void {
    this.characters.splice(this.characters.length - length, length, ...replacement);
  }

  hasVowelBefore(end: number): boolean {
    for (let index = 0; index < end; index++) if (isVowel(this.characters[index])) return true;
    return false;
  }

  /** Snowball's `shortv` tested at the end of the first `end` characters. */
  endsInShortSyllable(end: number): boolean {
    const last = this.characters[end - 1];
    const middle = this.characters[end - 2];
    if (end >= 3) {
      const first = this.characters[end - 3];
      if (
        !isVowel(last) &&
        last !== 'w' &&
        last !== 'x' &&
        last !== 'Y' &&
        isVowel(middle) &&
        !isVowel(first)
      ) {
        return true;
      }
    }
    return end === 2 && !isVowel(last) && isVowel(middle);
  }
}

/**
 * Stems one lower-case English word with the Snowball English (Porter2) algorithm, Snowball
 * 2.2.0 edition. Words shorter than three characters come back unchanged.
 */
export function stemEnglish(input: string): string {
  const exceptional = exceptionalForms.get(input);
  if (exceptional !== undefined) return exceptional;
  const characters = Array.from(input);
  if (characters.length < 3) return input;

  if (characters[0] === "'") characters.shift();
  let foundY = false;
  if (characters[0] === 'y') {
    characters[0] = 'Y';
    foundY = true;
  }
  for (let index = 1; index < characters.length; index++) {
    if (characters[index] === 'y' && isVowel(characters[index - 1])) {
      characters[index] = 'Y';
      foundY = true;
    }
  }

  const word = new Word(characters);
  markRegions(word);
  step1a(word);
  if (!invariantAfterStep1a.has(word.characters.join(''))) {
    step1b(word);
    step1c(word);
    applyStep2(word);
    applyStep3(word);
    applyStep4(word);
    step5(word);
  }
  const stemmed = word.characters.join('');
  return foundY ? stemmed.replaceAll('Y', 'y') : stemmed;
}

function markRegions(word: Word): void {
  const text = word.characters.join('');
  const prefix = regionPrefixes.find((candidate) => text.startsWith(candidate));
  const region1 = prefix === undefined ? regionAfter(word, 0) : prefix.length;
  word.region1 = region1;
  word.region2 = region1 >= word.length ? word.length : regionAfter(word, region1);
}

/** The position after the first non-vowel that follows a vowel, searching from `start`. */
function regionAfter(word: Word, start: number): number {
  let index = start;
  while (index < word.length && !isVowel(word.characters[index])) index++;
  while (index < word.length && isVowel(word.characters[index])) index++;
  return index < word.length ? index + 1 : word.length;
}

function step1a(word: Word): void {
  const apostrophe = word.longestSuffix(["'s'", "'s", "'"]);
  if (apostrophe !== undefined) word.replaceSuffix(apostrophe.length, '');
  const suffix = word.longestSuffix(['sses', 'ied', 'ies', 'us', 'ss', 's']);
  switch (suffix) {
    case 'sses':
      word.replaceSuffix(4, 'ss');
      return;
    case 'ied':
    case 'ies':
      word.replaceSuffix(3, word.length - 3 > 1 ? 'i' : 'ie');
      return;
    case 's':
      // The letter just before the s does not count: "gas" stays, "gaps" loses its s.
      if (word.hasVowelBefore(word.length - 2)) word.replaceSuffix(1, '');
      return;
    default:
      return;
  }
}

function step1b(word: Word): void {
  const suffix = word.longestSuffix(['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed']);
  if (suffix === undefined) return;
  const start = word.length - suffix.length;
  if (suffix === 'eed' || suffix === 'eedly') {
    if (start >= word.region1) word.replaceSuffix(suffix.length, 'ee');
    return;
  }
  if (!word.hasVowelBefore(start)) return;
  word.replaceSuffix(suffix.length, '');
  if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) {
    word.replaceSuffix(0, 'e');
  } else if (doubles.has(word.characters.slice(-2).join(''))) {
    word.replaceSuffix(1, '');
  } else if (word.region1 === word.length && word.endsInShortSyllable(word.length)) {
    word.replaceSuffix(0, 'e');
  }
}

function step1c(word: Word): void {
  const last = word.characters[word.length - 1];
  if (last !== 'y' && last !== 'Y') return;
  const before = word.length - 2;
  if (before > 0 && !isVowel(word.characters[before])) word.replaceSuffix(1, 'i');
}

interface SuffixRules {
  readonly suffixes: readonly string[];
  readonly replacements: ReadonlyMap<string, string>;
}

function suffixRules(rules: ReadonlyArray<readonly [string, string]>): SuffixRules {
  const sorted = [...rules].sort((left, right) => right[0].length - left[0].length);
  return { suffixes: sorted.map(([suffix]) => suffix), replacements: new Map(sorted) };
}

const step2 = suffixRules(step2Rules);
const step3 = suffixRules(step3Rules);
const step4 = suffixRules(step4Suffixes.map((suffix) => [suffix, ''] as const));

function applyRule(
  word: Word,
  rules: SuffixRules,
  region: number,
  condition: (suffix: string, start: number) => boolean,
): void {
  const suffix = word.longestSuffix(rules.suffixes);
  if (suffix === undefined) return;
  const start = word.length - suffix.length;
  if (start < region || !condition(suffix, start)) return;
  word.replaceSuffix(suffix.length, rules.replacements.get(suffix) ?? '');
}

function applyStep2(word: Word): void {
  applyRule(word, step2, word.region1, (suffix, start) => {
    const before = word.characters[start - 1];
    if (suffix === 'ogi') return before === 'l';
    if (suffix === 'li') return before !== undefined && validLiEndings.has(before);
    return true;
  });
}

function applyStep3(word: Word): void {
  applyRule(
    word,
    step3,
    word.region1,
    (suffix, start) => suffix !== 'ative' || start >= word.region2,
  );
}

function applyStep4(word: Word): void {
  applyRule(word, step4, word.region2, (suffix, start) => {
    if (suffix !== 'ion') return true;
    const before = word.characters[start - 1];
    return before === 's' || before === 't';
  });
}

function step5(word: Word): void {
  const last = word.characters[word.length - 1];
  const start = word.length - 1;
  if (last === 'e') {
    if (start >= word.region2 || (start >= word.region1 && !word.endsInShortSyllable(start))) {
      word.replaceSuffix(1, '');
    }
  } else if (last === 'l') {
    if (start >= word.region2 && word.characters[start - 1] === 'l') word.replaceSuffix(1, '');
  }
}
