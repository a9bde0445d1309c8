import { describe, expect, it } from 'vitest';
import { finerLabelNames } from './finer-labels.js';
import {
  finerSynthesisTools,
  listFinerLabelsTool,
  lookupFinerLabel,
  lookupFinerLabelTool,
} from './finer-tools.js';

describe('FiNER synthesis tools', () => {
  it('lists the 12 labels that occur in the Meta-Harness files', async () => {
    expect(finerLabelNames).toHaveLength(12);
    const listed = (await listFinerLabelsTool.execute({}, {})) as { name: string }[];
    expect(listed.map((label) => label.name)).toEqual(finerLabelNames);
    expect(finerSynthesisTools.map((tool) => tool.name)).toEqual([
      'list_finer_labels',
      'lookup_finer_label',
    ]);
  });

  it('looks a label up by exact name, ignoring case', () => {
    expect(lookupFinerLabel('longtermdebt')).toMatchObject({
      exact: true,
      labels: [{ name: 'LongTermDebt' }],
    });
  });

  it('searches names and descriptions by words', async () => {
    const result = (await lookupFinerLabelTool.execute({ query: 'Coupon rate' }, {})) as ReturnType<
      typeof lookupFinerLabel
    >;
    expect(result.exact).toBe(false);
    expect(result.labels.map((label) => label.name)).toEqual([
      'DebtInstrumentInterestRateStatedPercentage',
    ]);
    expect(lookupFinerLabel('cryptocurrency').labels).toEqual([]);
    expect(lookupFinerLabelTool.inputSchema.safeParse({ query: '' }).success).toBe(false);
  });
});
