import { describe, expect, it } from 'vitest';
import { cleanWorld, promptsWith, runOn, textInstance } from '../__fixtures__/contract-messages.js';
import { referenceFormat } from './evaluate-date.js';

const world = cleanWorld();
const seed = promptsWith(world, () => false);
const trainPhrases = promptsWith(world, (rule) => rule.exposedBy === 'train');

describe('evaluateDate', () => {
  it('scores exact matches 1 and everything else 0', async () => {
    const right = await runOn(world, seed, textInstance('Delivered 2021-04-03.', '2021-04-03'));
    expect(right.evaluation.score).toBe(1);
    const wrong = await runOn(world, seed, textInstance('Delivered 03.04.2021.', '2021-04-03'));
    expect(wrong.evaluation.score).toBe(0);
    expect(wrong.evaluation.feedback).toMatch(/^Expected 2021-04-03, got 2021-03-04\./);
  });

  it('names the mechanism per module, in words a reflector can act on', async () => {
    const both = await runOn(world, seed, textInstance('Delivered 27.4.22.', '2022-04-27'));
    expect(both.evaluation.moduleFeedback?.['interpret']).toContain(
      'day and month swapped: the dotted date "27.4.22" was read month-first',
    );
    expect(both.evaluation.moduleFeedback?.['format']).toBe(
      'two-digit year read as 19xx: "22" was expanded to 1922, but it means 2022',
    );
    const abbreviation = await runOn(
      world,
      seed,
      textInstance('Next inspection: 4th Apr 1997.', '1997-04-04'),
    );
    expect(abbreviation.evaluation.moduleFeedback?.['interpret']).toContain(
      'month not recognised: the abbreviated month name "Apr" was not read as a month',
    );
  });

  it('blames the interpret step alone when the format step did its job with wrong parts', async () => {
    const evaluated = await runOn(world, seed, textInstance('Delivered 03.04.2021.', '2021-04-03'));
    expect(evaluated.evaluation.moduleFeedback?.['format']).toMatch(/^Given the parts it received/);
  });

  it('names the validation-only mechanisms when the training rules are stated', async () => {
    const slash = await runOn(world, trainPhrases, textInstance('Shipped 01/08/41.', '2041-01-08'));
    expect(slash.evaluation.moduleFeedback?.['interpret']).toContain(
      'the slash date "01/08/41" was read day-first, but slash dates are written month-first',
    );
    const pivot = await runOn(
      world,
      trainPhrases,
      textInstance("Born 1st September '51.", '1951-09-01'),
    );
    expect(pivot.evaluation.moduleFeedback?.['format']).toBe(
      'two-digit year read as 20xx: "51" was expanded to 2051, but two-digit years from 50 to 99 mean 19xx (1951)',
    );
    const distractor = await runOn(
      world,
      trainPhrases,
      textInstance('Order #1632: Lease starts 11.3.2032.', '2032-03-11'),
    );
    expect(distractor.evaluation.moduleFeedback?.['interpret']).toBe(
      'a number that is not part of the date was read as the year: "Order #1632" is not a date part',
    );
  });

  it('knows what the format step should write for any parts', () => {
    expect(referenceFormat({ day: '3', month: '4', year: '49' })).toBe('2049-04-03');
    expect(referenceFormat({ day: '3', month: '4', year: '50' })).toBe('1950-04-03');
    expect(referenceFormat({ day: '?', month: '4', year: '2021' })).toBe('unknown');
  });
});
