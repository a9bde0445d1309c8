import { describe, expect, it } from 'vitest';
import { additionalCharges, chargeCatalogue, lawbenchCharges } from './charge-catalogue.js';
import {
  lawbenchSynthesisTools,
  listChargesTool,
  searchCharges,
  searchChargesTool,
} from './lawbench-tools.js';

describe('charge catalogue', () => {
  it('holds LawBench’s 189 names and the 11 gold charges it lacks, all distinct', () => {
    expect(lawbenchCharges).toHaveLength(189);
    expect(additionalCharges).toHaveLength(11);
    expect(new Set(chargeCatalogue).size).toBe(200);
    expect(lawbenchCharges.filter((charge) => charge.endsWith('罪'))).toEqual([]);
  });
});

describe('LawBench synthesis tools', () => {
  it('lists the whole catalogue', async () => {
    expect(await listChargesTool.execute({}, {})).toEqual({ count: 200, charges: chargeCatalogue });
    expect(lawbenchSynthesisTools.map((tool) => tool.name)).toEqual([
      'list_charges',
      'search_charges',
    ]);
  });

  it('checks names and finds related ones in both directions', async () => {
    expect(searchCharges('盗窃')).toMatchObject({ exact: true });
    expect(searchCharges('盗窃罪')).toEqual({ exact: false, matches: ['盗窃'] });
    const fraud = (await searchChargesTool.execute({ query: '诈骗' }, {})) as ReturnType<
      typeof searchCharges
    >;
    expect(fraud.exact).toBe(true);
    expect(fraud.matches).toContain('合同诈骗');
    expect(fraud.matches).toContain('信用卡诈骗');
    expect(searchCharges('走私').matches).toContain('走私普通货物、物品');
  });
});
