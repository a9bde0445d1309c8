import { describe, expect, it } from 'vitest';
import { formatSvgNumber, svgElement, svgText, svgTitle } from './svg-element.js';

describe('formatSvgNumber', () => {
  it('rounds to two decimals and drops trailing zeros', () => {
    expect(formatSvgNumber(12.3456)).toBe('12.35');
    expect(formatSvgNumber(4)).toBe('4');
    expect(formatSvgNumber(0.1 + 0.2)).toBe('0.3');
  });

  it('never writes NaN, Infinity or -0', () => {
    expect(formatSvgNumber(Number.NaN)).toBe('0');
    expect(formatSvgNumber(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatSvgNumber(-0.001)).toBe('0');
  });
});

describe('svgElement', () => {
  it('writes attributes in order, escaped, and self-closes empty elements', () => {
    expect(svgElement('circle', { cx: 1.234, cy: 2, r: 3, class: 'a"b' })).toBe(
      '<circle cx="1.23" cy="2" r="3" class="a&quot;b"/>',
    );
  });

  it('leaves out undefined and false attributes and writes true ones bare', () => {
    expect(svgElement('g', { hidden: false, id: undefined, focusable: true }, 'x')).toBe(
      '<g focusable>x</g>',
    );
  });

  it('joins child markup', () => {
    expect(svgElement('g', {}, ['<a/>', '<b/>'])).toBe('<g><a/><b/></g>');
  });
});

describe('svgText and svgTitle', () => {
  it('escape their text', () => {
    expect(svgText({ x: 0 }, '<b>')).toBe('<text x="0">&lt;b&gt;</text>');
    expect(svgTitle('a & <script>')).toBe('<title>a &amp; &lt;script&gt;</title>');
  });
});
