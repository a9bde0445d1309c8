import { escapeHtml } from './escape-html.js';

/** Attribute values; `undefined` and `false` leave the attribute out, `true` writes it bare. */
export type SvgAttributes = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * Writes a number for SVG coordinates: at most two decimals, no `-0`, and `0` for a non-finite
 * value, so a degenerate input can never put `NaN` into the markup.
 */
export function formatSvgNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Writes an element's attributes, escaped, in the order given (so output is deterministic). */
export function formatAttributes(attributes: SvgAttributes): string {
  let text = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (value === true) {
      text += ` ${name}`;
    } else if (typeof value === 'number') {
      text += ` ${name}="${formatSvgNumber(value)}"`;
    } else {
      text += ` ${name}="${escapeHtml(value)}"`;
    }
  }
  return text;
}

/**
 * Writes one element. Children are markup already (escape text with `escapeHtml` or use
 * `svgText`); an element without children is self-closed, which inline SVG allows.
 */
export function svgElement(
  name: string,
  attributes: SvgAttributes,
  children: string | readonly string[] = '',
): string {
  const content = typeof children === 'string' ? children : children.join('');
  const opening = `<${name}${formatAttributes(attributes)}`;
  return content === '' ? `${opening}/>` : `${opening}>${content}</${name}>`;
}

/** A `<text>` element with escaped content. */
export function svgText(attributes: SvgAttributes, text: string): string {
  return svgElement('text', attributes, escapeHtml(text));
}

/** A `<title>` child, which browsers show as a tooltip on hover and screen readers announce. */
export function svgTitle(text: string): string {
  return `<title>${escapeHtml(text)}</title>`;
}
