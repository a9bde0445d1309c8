/**
 * Text from a suite (its name, model and benchmark labels, cell notes) made safe for one line of
 * a Markdown table or heading: `&`, `<` and `>` become entities, so no HTML a label carries is
 * rendered by a Markdown viewer (`tables.md` on a forge or in an editor's preview); a `|` is
 * escaped so it cannot open a column, and a line break becomes a space.
 */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, ' ');
}
