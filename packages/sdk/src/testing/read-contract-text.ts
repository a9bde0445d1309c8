import type { SignatureField } from '@forge/program';

// What the scripted optimizer makes of the contracts' text once @forge/program's readers have
// read it: feedback sentences, rules appended to a prompt, mode names.

/**
 * The distinct sentences of some feedback texts, in first-seen order: what a reflector turns into
 * rules. GEPA's stand-in feedback for a perfect example ("This trajectory got a score of 1.") is
 * not a lesson and is left out.
 */
export function distinctSentences(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  const sentences: string[] = [];
  for (const text of texts) {
    for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
      // A module's feedback as an observation lists it (`` - `module`: text ``) reads as its text.
      const trimmed = sentence.trim().replace(/^- `[^`]+`: /, '');
      if (trimmed === '' || /^This trajectory got a score of /.test(trimmed)) continue;
      const key = normalise(trimmed);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      sentences.push(trimmed);
    }
  }
  return sentences;
}

/** Lower case, letters and digits only, single spaces: how sentences are compared. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A prompt with the sentences it does not already state appended as rules. */
export function appendRules(prompt: string, sentences: readonly string[]): string {
  const known = normalise(prompt);
  const fresh = sentences.filter((sentence) => !known.includes(normalise(sentence)));
  if (fresh.length === 0) return prompt;
  const heading = 'Rules learned from feedback:';
  const base = prompt.includes(heading) ? prompt : `${prompt.trimEnd()}\n\n${heading}`;
  return `${base}\n${fresh.map((sentence) => `- ${sentence}`).join('\n')}`;
}

/** Snake-case name of a sentence's first words (`Outages are high priority.` → `outages_are_high_priority`). */
export function snakeName(sentence: string, words = 5): string {
  const name = normalise(sentence)
    .split(' ')
    .slice(0, words)
    .join('_')
    .replace(/[^a-z0-9_]/g, '');
  return /^[a-z]/.test(name) ? name : `failure_${name}`.replace(/_+$/, '');
}

/** Rendered field values back to their types: strings as they are, everything else from JSON. */
export function typedValues(
  values: Readonly<Record<string, string>>,
  fields: readonly SignatureField[],
): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (raw !== undefined) typed[field.name] = field.type === 'str' ? raw : parseJson(raw);
  }
  return typed;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
