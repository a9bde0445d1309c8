import { type EvaluatedExecution, extractXmlBlock, parseJsonObject } from '@forge/program';
import { describe, expect, it } from 'vitest';
import {
  assignerMessage,
  cleanWorld,
  promptsWith,
  runOn,
  textInstance,
} from '../__fixtures__/contract-messages.js';
import { failureMechanisms, formSlug, mechanismFamilies } from '../world/failure-mechanisms.js';

const world = cleanWorld();
const seed = promptsWith(world, () => false);
const afterInterpret = promptsWith(
  world,
  (rule) => rule.id === 'numeric-day-first' || rule.id === 'abbreviated-months',
);

type Catalogue = { cluster_name: string; failure_description: string }[];

async function decide(catalogue: Catalogue, evaluated: EvaluatedExecution) {
  const result = await world.optimizerModel.generate({
    messages: [{ role: 'user', content: assignerMessage(catalogue, evaluated) }],
  });
  const block = extractXmlBlock(result.text, 'assignment');
  if (!block.ok) throw new Error(block.reason);
  const parsed = parseJsonObject(block.content);
  if (!parsed.ok) throw new Error(parsed.reason);
  expect(Object.keys(parsed.value).sort()).toEqual([
    'cluster_name',
    'new_cluster_name',
    'new_failure_description',
  ]);
  return parsed.value;
}

/** Applies a decision the way failure memory does (SPEC §6), for a sequence of observations. */
function apply(catalogue: Catalogue, decision: Record<string, unknown>): Catalogue {
  if (decision['cluster_name'] === null) {
    return [
      ...catalogue,
      {
        cluster_name: String(decision['new_cluster_name']),
        failure_description: String(decision['new_failure_description']),
      },
    ];
  }
  if (decision['new_cluster_name'] === null) return catalogue;
  return catalogue.map((entry) =>
    entry.cluster_name === decision['cluster_name']
      ? {
          cluster_name: String(decision['new_cluster_name']),
          failure_description: String(decision['new_failure_description']),
        }
      : entry,
  );
}

describe('the simulated assigner', () => {
  it('only ever proposes short snake_case names, as failure memory requires', () => {
    const forms = ['dotted', 'slash', 'iso', 'day-month-name', 'month-name-day'] as const;
    const names = [
      ...mechanismFamilies.map((family) => family.clusterName),
      ...failureMechanisms.flatMap((mechanism) => [
        mechanism.clusterName,
        ...forms.map((form) => `${mechanism.clusterName}_in_${formSlug(form)}_2`),
      ]),
    ];
    for (const name of names) {
      expect(name).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      expect(name.length, name).toBeLessThanOrEqual(64);
    }
  });

  it('creates, assigns, and renames a cluster when the same mechanism shows up in another form', async () => {
    let catalogue: Catalogue = [];
    const named = await runOn(
      world,
      afterInterpret,
      textInstance("Born 3 March '21.", '2021-03-03'),
    );
    const first = await decide(catalogue, named);
    expect(first).toEqual({
      cluster_name: null,
      new_cluster_name: 'two_digit_year_read_as_1900s_in_day_month_name_dates',
      new_failure_description: expect.stringContaining('Two-digit years'),
    });
    catalogue = apply(catalogue, first);

    const sameForm = await runOn(
      world,
      afterInterpret,
      textInstance("Paid 9 July '04.", '2004-07-09'),
    );
    const second = await decide(catalogue, sameForm);
    expect(second).toEqual({
      cluster_name: 'two_digit_year_read_as_1900s_in_day_month_name_dates',
      new_cluster_name: null,
      new_failure_description: null,
    });

    const dotted = await runOn(world, afterInterpret, textInstance('Born 27.4.22.', '2022-04-27'));
    const third = await decide(catalogue, dotted);
    expect(third).toEqual({
      cluster_name: 'two_digit_year_read_as_1900s_in_day_month_name_dates',
      new_cluster_name: 'two_digit_year_century_wrong',
      new_failure_description: 'Two-digit years are expanded to the wrong century.',
    });
    catalogue = apply(catalogue, third);

    const later = await runOn(
      world,
      afterInterpret,
      textInstance("Paid Oct 2, '11.", '2011-10-02'),
    );
    expect(await decide(catalogue, later)).toMatchObject({
      cluster_name: 'two_digit_year_century_wrong',
      new_cluster_name: null,
    });
  });

  it('clusters by the mechanism the feedback names first, beside unrelated clusters', async () => {
    const catalogue: Catalogue = [
      {
        cluster_name: 'abbreviated_month_names_missed_in_day_month_name_dates',
        failure_description: 'x',
      },
    ];
    const dotted = await runOn(world, seed, textInstance('Delivered 03.04.2021.', '2021-04-03'));
    expect(await decide(catalogue, dotted)).toMatchObject({
      cluster_name: null,
      new_cluster_name: 'dotted_dates_read_month_first',
    });
  });

  it('recognises the family of clusters named by someone else from their description', async () => {
    const catalogue: Catalogue = [
      {
        cluster_name: 'year_century_problems',
        failure_description: 'A two-digit year ends up in the wrong century.',
      },
    ];
    const named = await runOn(
      world,
      afterInterpret,
      textInstance("Born 3 March '21.", '2021-03-03'),
    );
    expect(await decide(catalogue, named)).toMatchObject({
      cluster_name: 'year_century_problems',
      new_cluster_name: null,
    });
  });

  it('puts failures without a known mechanism into one unclassified cluster', async () => {
    const unreadable = await runOn(world, seed, textInstance('No date at all.', '2021-01-01'));
    const first = await decide([], unreadable);
    expect(first).toMatchObject({ cluster_name: null, new_cluster_name: 'other_date_errors' });
    const catalogue = apply([], first);
    expect(await decide(catalogue, unreadable)).toMatchObject({
      cluster_name: 'other_date_errors',
      new_cluster_name: null,
    });
  });
});
