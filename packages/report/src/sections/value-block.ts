import { escapeHtml } from '../primitives/escape-html.js';

/** A value as readable text: strings as they are, anything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** A labelled block of text or JSON, escaped. */
export function renderValueBlock(label: string, value: unknown): string {
  return (
    `<div class="value-block"><h5>${escapeHtml(label)}</h5>` +
    `<pre class="value-text">${escapeHtml(formatValue(value))}</pre></div>`
  );
}

/** The fields of a record, one block each (an instance's input or gold). */
export function renderFields(label: string, fields: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(fields);
  if (entries.length === 0) return renderValueBlock(label, '(none)');
  return entries.map(([name, value]) => renderValueBlock(`${label}: ${name}`, value)).join('');
}
