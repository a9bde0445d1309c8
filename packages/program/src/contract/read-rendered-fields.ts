import { findHeading, readSections } from './read-sections.js';

/**
 * Reads fields rendered by `renderFields` at heading level `level` (`## name` then the value)
 * back as text, trailing whitespace removed (the value of a non-string field is its JSON). Given
 * the field names in their order, only their headings end a value, so a value holding heading
 * lines of its own stays whole; without them every heading line of that level starts a field.
 */
export function readRenderedFields(
  text: string,
  level: number,
  names?: readonly string[],
): Record<string, string> {
  const marks = '#'.repeat(level);
  const starts: { name: string; start: number; contentStart: number }[] = [];
  if (names === undefined) {
    for (const match of text.matchAll(new RegExp(`^${marks} (\\S+)$`, 'gm'))) {
      const start = match.index;
      starts.push({ name: match[1] as string, start, contentStart: start + match[0].length + 1 });
    }
  } else {
    let position = 0;
    for (const name of names) {
      const at = findHeading(text, `${marks} ${name}`, position);
      if (at === undefined) continue;
      starts.push({ name, ...at });
      position = at.contentStart;
    }
  }
  const values: Record<string, string> = {};
  starts.forEach((field, index) => {
    const end = starts[index + 1]?.start ?? text.length;
    values[field.name] = text.slice(field.contentStart, end).trimEnd();
  });
  return values;
}

/** An instance rendered by `renderInstance`, its fields as text. */
export interface RenderedInstance {
  /** Input fields as text (non-string values as their JSON). */
  readonly input: Record<string, string>;
  /** Gold fields as text (non-string values as their JSON); empty when none were shown. */
  readonly gold: Record<string, string>;
}

/**
 * Reads back an instance rendered with `renderInstance` at heading level `level` (`### Input` /
 * `### Gold` at 3, fields one level deeper). `fields` names the signature's fields when the
 * reader knows them (see `readRenderedFields`).
 */
export function readRenderedInstance(
  markdown: string,
  level = 3,
  fields?: { readonly input: readonly string[]; readonly gold: readonly string[] },
): RenderedInstance {
  const marks = '#'.repeat(level);
  const sections = readSections(markdown, [`${marks} Input`, `${marks} Gold`]);
  return {
    input: readRenderedFields(sections.get(`${marks} Input`) ?? '', level + 1, fields?.input),
    gold: readRenderedFields(sections.get(`${marks} Gold`) ?? '', level + 1, fields?.gold),
  };
}
