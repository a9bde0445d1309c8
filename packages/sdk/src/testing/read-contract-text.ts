import type { SignatureField } from '@forge/program';

// Readers for the fixed user messages of docs/prompt-contracts.md. They read only headings and
// fixed phrases, never a program's own words, so the scripted optimizer works on any program.

/** The text under a heading, up to the next heading of the same or a higher level (or the end). */
export function sectionText(text: string, heading: string): string | undefined {
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const start = text.startsWith(`${heading}\n`) ? 0 : text.indexOf(`\n${heading}\n`);
  if (start < 0) return undefined;
  const body = text.slice(start + (start === 0 ? 0 : 1) + heading.length + 1);
  const next = new RegExp(`\\n#{1,${level}} `).exec(body);
  return (next === null ? body : body.slice(0, next.index)).trim();
}

/** The feedback sections of a rendering (`#… Feedback` headings at any level), in order. */
export function feedbackTexts(text: string): string[] {
  return [...text.matchAll(/^(#+) Feedback\n\n?([\s\S]*?)(?=\n#{1,3} |(?![\s\S]))/gm)]
    .map((match) => (match[2] ?? '').trim())
    .filter((feedback) => feedback !== '' && feedback !== '(none)');
}

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

/**
 * Reads fields rendered by `renderFields` (`{#…} name` then the value: strings as they are,
 * everything else as JSON) back into values, given the fields in their order.
 */
export function readRenderedFields(
  text: string,
  fields: readonly Pick<SignatureField, 'name' | 'type'>[],
  level: number,
): Record<string, unknown> {
  const heading = '#'.repeat(level);
  const values: Record<string, unknown> = {};
  let position = 0;
  for (const [index, field] of fields.entries()) {
    const marker = `${heading} ${field.name}\n`;
    const start = text.startsWith(marker, position)
      ? position
      : text.indexOf(`\n${marker}`, position);
    if (start < 0) continue;
    const valueStart =
      start + (start === position && text.startsWith(marker, position) ? 0 : 1) + marker.length;
    const next = fields[index + 1];
    const end = next === undefined ? -1 : text.indexOf(`\n\n${heading} ${next.name}\n`, valueStart);
    const raw = (end < 0 ? text.slice(valueStart) : text.slice(valueStart, end)).replace(
      /\s+$/,
      '',
    );
    values[field.name] = field.type === 'str' ? raw : parseJson(raw);
    position = end < 0 ? text.length : end + 2;
  }
  return values;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
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
