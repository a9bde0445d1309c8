import type { Signature } from '@forge/program';

// Scripts written without spaces between words: each character counts as one token, so n-gram
// measures work on Chinese and Japanese text (LawBench) as they do on English.
const unspacedCharacter = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;
const word = /[\p{L}\p{N}]+/gu;

/**
 * Splits text into comparison tokens: Unicode NFKC, lowercase, runs of letters and digits
 * (punctuation and spacing dropped), with each Han, Hiragana or Katakana character its own token.
 */
export function textTokens(text: string): string[] {
  const spaced = text.normalize('NFKC').toLowerCase().replace(unspacedCharacter, ' $1 ');
  return spaced.match(word) ?? [];
}

/** The text of some fields of an instance, in declaration order: strings as is, others as JSON. */
export function fieldsText(
  values: Readonly<Record<string, unknown>>,
  fields: readonly { readonly name: string }[],
): string {
  return fields
    .map((field) => {
      const value = values[field.name];
      return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    })
    .join('\n');
}

/** The tokens of an instance's input fields (what identifies an example). */
export function inputTokens(
  input: Readonly<Record<string, unknown>>,
  signature: Signature,
): string[] {
  return textTokens(fieldsText(input, signature.inputFields));
}

/** The tokens of an instance's gold fields, joined: equal keys mean equal gold after normalizing. */
export function goldKey(gold: Readonly<Record<string, unknown>>, signature: Signature): string {
  return textTokens(fieldsText(gold, signature.outputFields)).join(' ');
}

/**
 * Word n-grams of a token list, as strings. A text shorter than n yields itself as its one
 * n-gram, so short items are still compared (as a whole).
 */
export function ngrams(tokens: readonly string[], size: number): Set<string> {
  const grams = new Set<string>();
  if (tokens.length === 0) return grams;
  if (tokens.length < size) {
    grams.add(tokens.join(' '));
    return grams;
  }
  for (let start = 0; start + size <= tokens.length; start++) {
    grams.add(tokens.slice(start, start + size).join(' '));
  }
  return grams;
}
