import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { PythonRandom } from '@forge/python-compat';
import { isPythonUpper } from '../python/python-text.js';
import {
  CJK_CLASSES,
  DMARK_CLASS,
  LATIN1_EXCLUDED,
  NORMALIZED_VI_CHARS,
  TO_NORMALIZE_VI_CHARS,
} from './langdetect-data.js';
import { PythonGauss } from './python-gauss.js';

interface Profiles {
  readonly languages: readonly string[];
  /** n-gram → probability per language (freq / n_words of its length). */
  readonly probabilities: ReadonlyMap<string, Float64Array>;
}

let profiles: Profiles | undefined;

// assets/langdetect-profiles.txt.gz holds langdetect 1.0.9's 55 language profiles, languages
// sorted by name: "#languages", one "#nwords" line per language, then "gram<TAB>index:count …".
function loadProfiles(): Profiles {
  if (profiles !== undefined) return profiles;
  const path = new URL('../../assets/langdetect-profiles.txt.gz', import.meta.url);
  const lines = gunzipSync(readFileSync(path)).toString('utf8').split('\n');
  const languages = (lines[0] as string).split('\t')[1]?.split(' ') ?? [];
  const totals = lines
    .slice(1, 1 + languages.length)
    .map((line) => (line.split('\t')[1] ?? '').split(' ').map(Number));
  const probabilities = new Map<string, Float64Array>();
  for (const line of lines.slice(2 + languages.length)) {
    const tab = line.indexOf('\t');
    const gram = line.slice(0, tab);
    const length = Array.from(gram).length;
    const vector = new Float64Array(languages.length);
    for (const entry of line.slice(tab + 1).split(' ')) {
      const colon = entry.indexOf(':');
      const language = Number(entry.slice(0, colon));
      vector[language] =
        Number(entry.slice(colon + 1)) / (totals[language]?.[length - 1] as number);
    }
    probabilities.set(gram, vector);
  }
  profiles = { languages, probabilities };
  return profiles;
}

const cjkMap = new Map<string, string>();
for (const group of CJK_CLASSES) {
  const characters = Array.from(group);
  for (const character of characters) cjkMap.set(character, characters[0] as string);
}

function inRange(codePoint: number, start: number, end: number): boolean {
  return start <= codePoint && codePoint <= end;
}

/** langdetect's NGram.normalize for one character (by Unicode block). */
function normalizeCharacter(character: string): string {
  const codePoint = character.codePointAt(0) as number;
  if (codePoint <= 0x7f) {
    return character < 'A' || ('Z' < character && character < 'a') || 'z' < character
      ? ' '
      : character;
  }
  if (inRange(codePoint, 0x80, 0xff)) return LATIN1_EXCLUDED.includes(character) ? ' ' : character;
  if (inRange(codePoint, 0x180, 0x24f)) {
    if (character === '\u0219') return '\u015f';
    if (character === '\u021b') return '\u0163';
    return character;
  }
  if (inRange(codePoint, 0x2000, 0x206f)) return ' ';
  if (inRange(codePoint, 0x600, 0x6ff)) return character === '\u06cc' ? '\u064a' : character;
  if (inRange(codePoint, 0x1e00, 0x1eff)) return codePoint >= 0x1ea0 ? '\u1ec3' : character;
  if (inRange(codePoint, 0x3040, 0x309f)) return '\u3042';
  if (inRange(codePoint, 0x30a0, 0x30ff)) return '\u30a2';
  if (inRange(codePoint, 0x3100, 0x312f) || inRange(codePoint, 0x31a0, 0x31bf)) return '\u3105';
  if (inRange(codePoint, 0x4e00, 0x9fff)) return cjkMap.get(character) ?? character;
  if (inRange(codePoint, 0xac00, 0xd7af)) return '\uac00';
  return character;
}

const vietnamese = new RegExp(`([${TO_NORMALIZE_VI_CHARS}])([${DMARK_CLASS}])`, 'gu');
const url = /https?:\/\/[-_.?&~;+=/#0-9A-Za-z]{1,2076}/g;
const mail = /[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}/g;

/** Detector.append: drop URLs and e-mail addresses, recompose Vietnamese, squeeze spaces. */
function prepare(input: string): string[] {
  const text = input
    .replace(url, ' ')
    .replace(mail, ' ')
    .replace(vietnamese, (_match, letter: string, mark: string) => {
      const row = NORMALIZED_VI_CHARS[Array.from(DMARK_CLASS).indexOf(mark)] as string;
      return Array.from(row)[Array.from(TO_NORMALIZE_VI_CHARS).indexOf(letter)] as string;
    });
  const kept: string[] = [];
  let previous = '';
  for (const character of Array.from(text).slice(0, 10_000)) {
    if (character !== ' ' || previous !== ' ') kept.push(character);
    previous = character;
  }
  return kept;
}

/** Detector.cleaning_text: drop Latin letters when non-Latin characters dominate. */
function clean(characters: string[]): string[] {
  let latin = 0;
  let nonLatin = 0;
  for (const character of characters) {
    if ('A' <= character && character <= 'z') latin++;
    // langdetect compares a block number with a block name here, so every character from
    // U+0300 on counts as non-Latin, Latin Extended Additional included.
    else if (character >= '\u0300') nonLatin++;
  }
  if (latin * 2 >= nonLatin) return characters;
  return characters.filter((character) => character < 'A' || 'z' < character);
}

function extractGrams(
  characters: readonly string[],
  known: ReadonlyMap<string, Float64Array>,
): string[] {
  const grams: string[] = [];
  let buffer = [' '];
  let capitalWord = false;
  for (const raw of characters) {
    const character = normalizeCharacter(raw);
    const last = buffer[buffer.length - 1] as string;
    if (last === ' ') {
      buffer = [' '];
      capitalWord = false;
      if (character === ' ') continue;
    } else if (buffer.length >= 3) {
      buffer = buffer.slice(1);
    }
    buffer.push(character);
    if (isPythonUpper(character)) {
      if (isPythonUpper(last)) capitalWord = true;
    } else {
      capitalWord = false;
    }
    if (capitalWord) continue;
    for (let size = 1; size <= 3 && size <= buffer.length; size++) {
      const gram = buffer.slice(-size).join('');
      if (gram !== ' ' && known.has(gram)) grams.push(gram);
    }
  }
  return grams;
}

/**
 * `langdetect.detect(text)` (Python langdetect 1.0.9, the package IFEval uses), with its 55
 * profiles: the language code with the highest probability, `unknown` when none passes 0.1,
 * and undefined where langdetect raises "No features in text". The reference seeds its
 * generator from the OS; this port uses seed 0 (langdetect's documented way to make it
 * repeatable) and the profiles in name order.
 */
export function detectLanguage(text: string): string | undefined {
  const { languages, probabilities } = loadProfiles();
  const grams = extractGrams(clean(prepare(text)), probabilities);
  if (grams.length === 0) return undefined;
  const random = new PythonRandom(0);
  const gauss = new PythonGauss(random);
  const total = new Float64Array(languages.length);
  for (let trial = 0; trial < 7; trial++) {
    const probability = new Float64Array(languages.length).fill(1 / languages.length);
    const alpha = 0.5 + gauss.gauss(0, 1) * 0.05;
    const weight = alpha / 10_000;
    for (let iteration = 0; ; iteration++) {
      const vector = probabilities.get(random.choice(grams)) as Float64Array;
      for (let index = 0; index < probability.length; index++) {
        probability[index] = (probability[index] as number) * (weight + (vector[index] as number));
      }
      if (iteration % 5 === 0) {
        let sum = 0;
        for (const value of probability) sum += value;
        let maximum = 0;
        for (let index = 0; index < probability.length; index++) {
          const normalized = (probability[index] as number) / sum;
          if (maximum < normalized) maximum = normalized;
          probability[index] = normalized;
        }
        if (maximum > 0.99999 || iteration >= 1000) break;
      }
    }
    for (let index = 0; index < total.length; index++) {
      total[index] = (total[index] as number) + (probability[index] as number) / 7;
    }
  }
  let best = -1;
  for (let index = 0; index < total.length; index++) {
    const value = total[index] as number;
    if (value > 0.1 && (best === -1 || value > (total[best] as number))) best = index;
  }
  return best === -1 ? 'unknown' : languages[best];
}
