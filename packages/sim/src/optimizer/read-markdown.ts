/**
 * Finds the given headings in order (each searched after the previous one found) and returns
 * the text under each, up to the next heading found. Searching in order, rather than splitting
 * on every heading, keeps headings inside embedded content (a system prompt's `# Role`) from
 * cutting a section short. A heading not found maps to undefined.
 */
export function readSections(
  text: string,
  headings: readonly string[],
): Map<string, string | undefined> {
  const found: { heading: string; start: number; contentStart: number }[] = [];
  let position = 0;
  for (const heading of headings) {
    const at = findHeading(text, heading, position);
    if (at === undefined) continue;
    found.push({ heading, start: at.start, contentStart: at.contentStart });
    position = at.contentStart;
  }
  const sections = new Map<string, string | undefined>(
    headings.map((heading) => [heading, undefined]),
  );
  found.forEach((entry, index) => {
    const end = found[index + 1]?.start ?? text.length;
    sections.set(entry.heading, text.slice(entry.contentStart, end).trim());
  });
  return sections;
}

/** The offset of a heading line (`# Name` at the start of a line) at or after `from`. */
export function findHeading(
  text: string,
  heading: string,
  from = 0,
): { start: number; contentStart: number } | undefined {
  let at = text.indexOf(heading, from);
  while (at >= 0) {
    const lineStart = at === 0 || text[at - 1] === '\n';
    const after = text[at + heading.length];
    if (lineStart && (after === undefined || after === '\n' || after === '\r')) {
      return { start: at, contentStart: at + heading.length + 1 };
    }
    at = text.indexOf(heading, at + 1);
  }
  return undefined;
}

/** Removes a known closing instruction from the end of a message. */
export function withoutTrailer(text: string, trailer: string): string {
  const trimmed = text.trimEnd();
  return trimmed.endsWith(trailer) ? trimmed.slice(0, -trailer.length).trimEnd() : trimmed;
}

/** An instance rendered by `renderInstance`: fields under `### Input` and `### Gold`. */
export interface RenderedInstance {
  /** Input fields as text. */
  readonly input: Record<string, string>;
  /** Gold fields as text. */
  readonly gold: Record<string, string>;
}

/**
 * Reads back an instance rendered with `renderInstance` at heading level `level` (sections
 * `### Input` / `### Gold`, fields as `#### name`). Field values come back as their text.
 */
export function readRenderedInstance(markdown: string, level = 3): RenderedInstance {
  const section = '#'.repeat(level);
  const field = '#'.repeat(level + 1);
  const sections = readSections(markdown, [`${section} Input`, `${section} Gold`]);
  const fields = (block: string | undefined) => {
    const values: Record<string, string> = {};
    if (block === undefined) return values;
    const pattern = new RegExp(`^${field} (\\S+)$`, 'gm');
    const matches = [...block.matchAll(pattern)];
    matches.forEach((match, index) => {
      const name = match[1] ?? '';
      const start = match.index + match[0].length + 1;
      const end = matches[index + 1]?.index ?? block.length;
      values[name] = block.slice(start, end).trim();
    });
    return values;
  };
  return {
    input: fields(sections.get(`${section} Input`)),
    gold: fields(sections.get(`${section} Gold`)),
  };
}
