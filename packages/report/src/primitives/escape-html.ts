const replacements: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML and SVG text content and quoted attribute values.
 * Prompts, mode names and descriptions come from models and users, so everything goes through here.
 */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (character) => replacements[character] ?? character);
}
