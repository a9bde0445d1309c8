import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { trainingProfiles, validationOnlyGroups, withDistractors } from './case-profiles.js';
import { conditionsOf, isoDate } from './date-case.js';
import { drawDateCase } from './draw-date-case.js';
import { readDateText } from './read-date-text.js';
import { renderDateText } from './render-date-case.js';

function iso(text: string): string | undefined {
  const reading = readDateText(text);
  return reading.ok ? reading.iso : undefined;
}

describe('readDateText (the reference solver)', () => {
  it('reads dotted dates day-first, slash dates month-first and ISO dates year-first', () => {
    expect(iso('Born 03.04.2021.')).toBe('2021-04-03');
    expect(iso('Born 03/04/2021.')).toBe('2021-03-04');
    expect(iso('Born 2021-03-04.')).toBe('2021-03-04');
  });

  it('expands two-digit years around the pivot of 50', () => {
    expect(iso("Born 3 March '49.")).toBe('2049-03-03');
    expect(iso("Born 3 March '50.")).toBe('1950-03-03');
    expect(iso('Born 03.04.00.')).toBe('2000-04-03');
    expect(iso('Born 03.04.99.')).toBe('1999-04-03');
  });

  it('reads full and abbreviated month names in either order, with ordinals', () => {
    expect(iso("Paid 21st of Sept '07.")).toBe('2007-09-21');
    expect(iso('Paid Dec 2nd, 1988.')).toBe('1988-12-02');
    expect(iso('Paid February 28, 2030.')).toBe('2030-02-28');
  });

  it('ignores distractor numbers before and after the date, and counts them', () => {
    const reading = readDateText('Ticket 7: At 10:30: Invoice dated 4 Mar 2001. (Room 12)');
    expect(reading.ok && reading.iso).toBe('2001-03-04');
    expect(reading.ok && reading.conditions).toMatchObject({
      distractorsBefore: 2,
      distractorsAfter: 1,
    });
    expect(reading.ok && reading.distractors.map((distractor) => distractor.phrase)).toEqual([
      'Ticket 7',
      'At 10:30',
      'Room 12',
    ]);
  });

  it('refuses texts without a date, impossible dates, and conventions outside the world', () => {
    expect(readDateText('Nothing here.').ok).toBe(false);
    expect(readDateText('Born 31.02.2021.').ok).toBe(false);
    expect(readDateText('Born 03-04-2021.').ok).toBe(false);
    expect(readDateText('Born 3 March 21.').ok).toBe(false);
  });

  it('reads back the date and conditions of every case the world can draw', () => {
    const profiles = [
      ...trainingProfiles.map((entry) => entry.profile),
      ...validationOnlyGroups.flat(),
      ...trainingProfiles.map((entry) => withDistractors(entry.profile, 2)),
    ];
    for (const [index, profile] of profiles.entries()) {
      for (let draw = 0; draw < 40; draw++) {
        const dateCase = drawDateCase(profile, createRandom('read-back', index, draw));
        const text = renderDateText(dateCase);
        const reading = readDateText(text);
        expect(reading.ok, text).toBe(true);
        if (!reading.ok) continue;
        expect(reading.iso, text).toBe(isoDate(dateCase.date));
        expect(reading.conditions, text).toEqual(conditionsOf(dateCase));
      }
    }
  });
});
