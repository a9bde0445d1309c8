import { planSuite } from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { cellRunConfig } from './cell-run-config.js';
import { suiteConfigSchema } from './suite-config-schema.js';

const config = suiteConfigSchema.parse({
  benchmarks: ['sim'],
  methods: ['forge', 'prompt-search', 'baseline', 'gepa', 'ace'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  budget: { maxEvaluations: 400, stopAtCompletion: true },
});

const plan = planSuite({
  benchmarks: ['sim'],
  methods: config.methods,
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  alignment: { reference: 'forge', controls: ['baseline'] },
});

function budgetOf(method: string) {
  const cell = plan.cells.find((candidate) => candidate.method === method);
  if (cell === undefined) throw new Error(`no ${method} cell`);
  return cellRunConfig({ config, cell, ceiling: 120, runDir: 'cells/x', methodRoles: [] }).budget;
}

describe('cellRunConfig', () => {
  it('runs every Forge cell without the perfect-score stop, so spends align as the paper’s do', () => {
    expect(budgetOf('forge')).toMatchObject({ stopAtPerfectScore: false, stopAtCompletion: true });
    expect(budgetOf('prompt-search')).toMatchObject({
      stopAtPerfectScore: false,
      maxEvaluations: 120,
    });
    expect(budgetOf('baseline')).toMatchObject({ stopAtPerfectScore: false });
  });

  it('leaves the peers’ budgets without the field (they never stop at a perfect score)', () => {
    expect(budgetOf('gepa')).not.toHaveProperty('stopAtPerfectScore');
    expect(budgetOf('ace')).not.toHaveProperty('stopAtPerfectScore');
  });
});
