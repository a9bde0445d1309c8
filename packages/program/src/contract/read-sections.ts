// Reading the user messages of the prompt contracts (docs/prompt-contracts.md) back into their
// parts: the simulated world and the scripted stand-ins play the optimizer roles from these
// messages alone, so they read them with the readers here rather than each with its own.

/**
 * Finds the given headings in order (each searched after the previous one found) and returns
 * the text under each, trimmed, up to the next heading found. Searching in order, rather than
 * splitting on every heading, keeps headings inside embedded content (a system prompt's
 * `# Role`, a model's answer in a trace) from cutting a section short. A heading not found maps
 * to undefined.
 */
export function readSections<Heading extends string>(
  text: string,
  headings: readonly Heading[],
): Map<Heading, string | undefined> {
  const found: { heading: Heading; start: number; contentStart: number }[] = [];
  let position = 0;
  for (const heading of headings) {
    const at = findHeading(text, heading, position);
    if (at === undefined) continue;
    found.push({ heading, start: at.start, contentStart: at.contentStart });
    position = at.contentStart;
  }
  const sections = new Map<Heading, string | undefined>(
    headings.map((heading) => [heading, undefined]),
  );
  found.forEach((entry, index) => {
    const end = found[index + 1]?.start ?? text.length;
    sections.set(entry.heading, text.slice(entry.contentStart, end).trim());
  });
  return sections;
}

/** Where a heading line (`# Name` alone on its line) starts at or after `from`, and its text after it. */
export function findHeading(
  text: string,
  heading: string,
  from = 0,
): { readonly start: number; readonly contentStart: number } | undefined {
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

/** A message without its closing instruction (a contract's fixed last paragraph), trimmed at the end. */
export function withoutTrailer(text: string, trailer: string): string {
  const trimmed = text.trimEnd();
  return trimmed.endsWith(trailer) ? trimmed.slice(0, -trailer.length).trimEnd() : trimmed;
}
