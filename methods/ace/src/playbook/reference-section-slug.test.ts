import { describe, expect, it } from 'vitest';
import { defaultSections } from '../ace-settings.js';
import {
  referenceHeading,
  referenceSectionName,
  referenceSectionSlug,
} from './reference-section-slug.js';

// ace-agent/ace ba78d34: playbook_utils.py:146 (names), utils.py:44–69 (slugs).
describe('reference section names and slugs', () => {
  it('normalises case, spaces and ampersands, and trims nothing', () => {
    expect(referenceSectionName('STRATEGIES & INSIGHTS')).toBe('strategies_and_insights');
    expect(referenceSectionName('Common Mistakes To Avoid')).toBe('common_mistakes_to_avoid');
    expect(referenceSectionName(' others')).toBe('_others');
  });

  it('knows the reference`s headings of the default sections, one of which keeps a hyphen', () => {
    // ace/ace.py:97–109.
    expect(
      defaultSections.map((section) => referenceSectionName(referenceHeading(section))),
    ).toEqual([
      ...defaultSections.slice(0, 4),
      'problem-solving_heuristics',
      ...defaultSections.slice(5),
    ]);
    expect(referenceHeading('rules')).toBe('rules');
  });

  it('gives the default sections the reference`s slugs', () => {
    expect(defaultSections.map(referenceSectionSlug)).toEqual([
      'sai',
      'calc',
      'code',
      'err',
      'prob',
      'ctx',
      'misc',
    ]);
  });

  it('takes four letters of one word, else the initials of up to five words', () => {
    expect(referenceSectionSlug('general')).toBe('gene');
    expect(referenceSectionSlug('dates')).toBe('date');
    expect(referenceSectionSlug('one_two_three_four_five_six')).toBe('ottff');
    expect(referenceSectionSlug('META STRATEGIES')).toBe('meta');
  });
});
