import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { pythonWhitespaceClass } from '@forge/python-compat';
import { isPythonLower, isPythonUpper, WORD_CHARACTER } from '../python/python-text.js';
import {
  punktAbbreviations,
  punktCollocations,
  punktSentenceStarters,
} from './punkt-english-parameters.js';

const space = pythonWhitespaceClass;
const notSpace = space.replace('[', '[^');
const nonWord = `(?:[)";}\\]*:@'({[?!])`;
const multiChar = `(?:-{2,}|\\.{2,}|(?:\\.${space}){2,}\\.)`;
const wordStart = '[^("`{\\[:;&#*@)}\\]\\-,]';
// PunktLanguageVars._word_tokenizer_re: multi-character punctuation, a word up to its end, or
// any single non-space character.
const wordPattern = new RegExp(
  `${multiChar}|(?=${wordStart})${notSpace}+?(?=${space}|$|${nonWord}|${multiChar}|,(?=$|${space}|${nonWord}|${multiChar}))|${notSpace}`,
  'gu',
);
// PunktLanguageVars.period_context_re: a candidate end and the token after it.
const periodContext = new RegExp(`[.?!](?=(${nonWord}|${space}+(${notSpace}+)))`, 'gdu');
// re.MULTILINE `$` is a position before "\n" or at the end; `.match` anchors at the start.
const boundaryRealignment = new RegExp(`["')\\]}]+?(?:${space}+|(?=--)|(?=\n|$))`, 'yu');
const numeric = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const letterNotDigit = `(?:(?!\\p{Nd})${WORD_CHARACTER})`;
const initial = new RegExp(`^${letterNotDigit}\\.$`, 'u');
const ellipsis = /^\.\.+$/;
const punctuationTokens = new Set([';', ':', ',', '.', '!', '?']);

interface Token {
  readonly text: string;
  readonly type: string;
  readonly periodFinal: boolean;
  sentenceBreak: boolean;
  abbreviation: boolean;
  ellipsis: boolean;
}

function makeToken(text: string): Token {
  const lower = text.toLowerCase();
  return {
    text,
    type: numeric.test(lower) ? '##number##' : lower,
    periodFinal: text.endsWith('.'),
    sentenceBreak: false,
    abbreviation: false,
    ellipsis: false,
  };
}

function typeWithoutPeriod(token: Token): string {
  return token.type.length > 1 && token.type.endsWith('.') ? token.type.slice(0, -1) : token.type;
}

function typeWithoutSentencePeriod(token: Token): string {
  return token.sentenceBreak ? typeWithoutPeriod(token) : token.type;
}

function firstCharacter(token: Token): string {
  return Array.from(token.text)[0] ?? '';
}

function tokenizeWords(text: string): Token[] {
  const tokens: Token[] = [];
  for (const line of text.split('\n')) {
    for (const match of line.matchAll(wordPattern)) tokens.push(makeToken(match[0]));
  }
  return tokens;
}

function annotateFirstPass(token: Token): void {
  const text = token.text;
  if (text === '.' || text === '?' || text === '!') {
    token.sentenceBreak = true;
  } else if (ellipsis.test(text)) {
    token.ellipsis = true;
  } else if (token.periodFinal && !text.endsWith('..')) {
    const stem = text.slice(0, -1).toLowerCase();
    if (punktAbbreviations.has(stem) || punktAbbreviations.has(stem.split('-').pop() as string)) {
      token.abbreviation = true;
    } else {
      token.sentenceBreak = true;
    }
  }
}

// Orthographic-context flags of Punkt (where and in which case a type was seen in training).
const upperAnywhere = 2 | 4 | 8;
const upperInside = 4;
const lowerAnywhere = 16 | 32 | 64;
const lowerAtStart = 16;

let orthographicContext: ReadonlyMap<string, number> | undefined;

// assets/punkt-english-ortho-context.txt.gz is punkt_tab/english/ortho_context.tab, byte for byte.
function orthographicFlags(type: string): number {
  if (orthographicContext === undefined) {
    const path = new URL('../../assets/punkt-english-ortho-context.txt.gz', import.meta.url);
    const table = new Map<string, number>();
    for (const line of gunzipSync(readFileSync(path)).toString('utf8').split('\n')) {
      const tab = line.indexOf('\t');
      table.set(line.slice(0, tab), Number(line.slice(tab + 1)));
    }
    orthographicContext = table;
  }
  return orthographicContext.get(type) ?? 0;
}

/** Punkt's orthographic heuristic: is `token` the first word of a sentence? */
function orthographicHeuristic(token: Token): boolean | 'unknown' {
  if (punctuationTokens.has(token.text)) return false;
  const flags = orthographicFlags(typeWithoutSentencePeriod(token));
  const first = firstCharacter(token);
  if (isPythonUpper(first) && flags & lowerAnywhere && !(flags & upperInside)) return true;
  if (isPythonLower(first) && (flags & upperAnywhere || !(flags & lowerAtStart))) return false;
  return 'unknown';
}

function annotateSecondPass(token: Token, next: Token | undefined): void {
  if (next === undefined || !token.periodFinal) return;
  const type = typeWithoutPeriod(token);
  const nextType = typeWithoutSentencePeriod(next);
  const isInitial = initial.test(token.text);
  if (punktCollocations.has(`${type}\t${nextType}`)) {
    token.sentenceBreak = false;
    token.abbreviation = true;
    return;
  }
  if ((token.abbreviation || token.ellipsis) && !isInitial) {
    if (orthographicHeuristic(next) === true) {
      token.sentenceBreak = true;
      return;
    }
    if (isPythonUpper(firstCharacter(next)) && punktSentenceStarters.has(nextType)) {
      token.sentenceBreak = true;
      return;
    }
  }
  if (isInitial || type === '##number##') {
    const starter = orthographicHeuristic(next);
    if (starter === false) {
      token.sentenceBreak = false;
      token.abbreviation = true;
      return;
    }
    if (
      starter === 'unknown' &&
      isInitial &&
      isPythonUpper(firstCharacter(next)) &&
      !(orthographicFlags(nextType) & lowerAnywhere)
    ) {
      token.sentenceBreak = false;
      token.abbreviation = true;
    }
  }
}

function containsSentenceBreak(text: string): boolean {
  const tokens = tokenizeWords(text);
  for (const token of tokens) annotateFirstPass(token);
  let found = false;
  for (const [index, token] of tokens.entries()) {
    annotateSecondPass(token, tokens[index + 1]);
    if (found) return true;
    if (token.sentenceBreak) found = true;
  }
  return false;
}

function lastAsciiWhitespace(text: string): number {
  for (let index = text.length - 1; index >= 0; index--) {
    if (' \t\n\r\x0b\x0c'.includes(text[index] as string)) return index;
  }
  return 0;
}

function* sliceSentences(text: string): Generator<[number, number]> {
  let lastBreak = 0;
  let previousMatch: RegExpExecArray | undefined;
  let previousStart = 0;
  let previousEnd = 0;
  const candidates: Array<[RegExpExecArray, string]> = [];
  for (const match of text.matchAll(periodContext)) {
    const before = text.slice(previousEnd, match.index);
    let wordStart = lastAsciiWhitespace(before);
    wordStart = wordStart ? wordStart + previousEnd + 1 : previousStart;
    if (previousMatch && previousEnd <= wordStart) {
      candidates.push([
        previousMatch,
        text.slice(previousStart, previousEnd) + previousMatch[0] + previousMatch[1],
      ]);
    }
    previousMatch = match;
    previousStart = wordStart;
    previousEnd = match.index;
  }
  if (previousMatch) {
    candidates.push([
      previousMatch,
      text.slice(previousStart, previousEnd) + previousMatch[0] + previousMatch[1],
    ]);
  }
  for (const [match, context] of candidates) {
    if (!containsSentenceBreak(context)) continue;
    const end = match.index + match[0].length;
    yield [lastBreak, end];
    lastBreak = match[2] === undefined ? end : (match.indices?.[2]?.[0] ?? end);
  }
  yield [lastBreak, text.replace(new RegExp(`${space}+$`, 'u'), '').length];
}

/**
 * NLTK's `sent_tokenize(text)` with the pretrained English Punkt parameters (NLTK 3.9): span
 * detection over candidate ends, the two annotation passes, and boundary realignment.
 */
export function punktSentences(text: string): string[] {
  const slices = [...sliceSentences(text)];
  const sentences: string[] = [];
  let realign = 0;
  for (const [index, [start, end]] of slices.entries()) {
    const first: [number, number] = [start + realign, end];
    const second = slices[index + 1];
    if (second === undefined) {
      if (text.slice(first[0], first[1])) sentences.push(text.slice(first[0], first[1]));
      continue;
    }
    boundaryRealignment.lastIndex = 0;
    const match = boundaryRealignment.exec(text.slice(second[0], second[1]));
    if (match) {
      sentences.push(
        text.slice(
          first[0],
          second[0] + match[0].replace(new RegExp(`${space}+$`, 'u'), '').length,
        ),
      );
      realign = match[0].length;
    } else {
      realign = 0;
      if (text.slice(first[0], first[1])) sentences.push(text.slice(first[0], first[1]));
    }
  }
  return sentences;
}
