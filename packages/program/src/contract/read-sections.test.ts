import { describe, expect, it } from 'vitest';
import { findHeading, readSections, withoutTrailer } from './read-sections.js';

describe('readSections', () => {
  it('reads each heading in order, so a heading inside embedded text does not end a section', () => {
    const text = [
      '# Current Playbook',
      '',
      'A prompt that has its own sections:',
      '# Task Input',
      'not the real one',
      '',
      '# Recent Reflection',
      '',
      '(empty)',
      '',
      '# Task Input',
      '',
      '## ticket',
      'Login is down.',
    ].join('\n');
    const sections = readSections(text, [
      '# Current Playbook',
      '# Recent Reflection',
      '# Task Input',
    ]);
    expect(sections.get('# Current Playbook')).toBe(
      'A prompt that has its own sections:\n# Task Input\nnot the real one',
    );
    expect(sections.get('# Recent Reflection')).toBe('(empty)');
    expect(sections.get('# Task Input')).toBe('## ticket\nLogin is down.');
  });

  it('maps a heading that is missing to undefined and lets the one before run on', () => {
    const sections = readSections('# A\n\none\n\n# C\n\nthree', ['# A', '# B', '# C']);
    expect([...sections.entries()]).toEqual([
      ['# A', 'one'],
      ['# B', undefined],
      ['# C', 'three'],
    ]);
  });

  it('takes a heading only when it is alone on its line', () => {
    expect(findHeading('# Tipping point\n# Tip\nx', '# Tip')).toEqual({
      start: 16,
      contentStart: 22,
    });
    expect(findHeading('see # Tip\n', '# Tip')).toBeUndefined();
  });
});

describe('withoutTrailer', () => {
  it('removes the closing instruction only when the message ends with it', () => {
    expect(withoutTrailer('# A\n\none\n\nDo it.\n', 'Do it.')).toBe('# A\n\none');
    expect(withoutTrailer('# A\n\none\n', 'Do it.')).toBe('# A\n\none');
  });
});
