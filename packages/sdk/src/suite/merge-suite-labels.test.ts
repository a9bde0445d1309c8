import { describe, expect, it } from 'vitest';
import { mergeSuiteLabels } from './merge-suite-labels.js';

describe('mergeSuiteLabels', () => {
  it("keeps the saved titles of methods this invocation did not load, and adds the loaded ones' profiles", () => {
    expect(
      mergeSuiteLabels(
        { methods: { forge: 'Forge', ace: 'ACE' }, benchmarks: { sim: 'Sim' } },
        { methods: { ace: 'ACE' }, benchmarks: {}, profiles: { ace: 'reference' } },
      ),
    ).toEqual({
      methods: { forge: 'Forge', ace: 'ACE' },
      benchmarks: { sim: 'Sim' },
      profiles: { ace: 'reference' },
    });
  });

  it('writes no profiles when no method has a non-default one', () => {
    expect(mergeSuiteLabels(undefined, { methods: { gepa: 'GEPA' } })).toEqual({
      methods: { gepa: 'GEPA' },
      benchmarks: {},
    });
  });
});
