import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import type { RunModels } from './run-models.js';

/**
 * Refuses a cost limit that could never fire: the limit counts the optimizer roles' dollars,
 * and a model without a price always counts $0, so the run would spend without bound. Runs
 * before anything is written, so the user fixes the config and starts again.
 */
export function checkCostLimit(config: ForgeConfig, models: RunModels, file: string): void {
  if (config.budget.maxOptimizerCostUsd === undefined) return;
  const unpriced = new Set(models.unpricedModels);
  // Every role but the task model (and modules' own task models) is an optimizer role: Forge's
  // four, and any a method declared.
  const names = new Map(
    Object.entries(models.names).filter(([role]) => role !== 'task' && !role.startsWith('task.')),
  );
  const offending = [...new Set(names.values())].filter((name) => unpriced.has(name));
  const first = offending[0];
  if (first === undefined) return;
  const roles = [...names].filter(([, name]) => offending.includes(name)).map(([role]) => role);
  throw new ConfigError({
    file,
    field: 'budget.maxOptimizerCostUsd',
    message:
      `the cost limit (--max-cost) cannot be enforced: ${offending.join(', ')} (${roles.join(', ')}) ` +
      'has no price, so its calls would count as $0. Give its price in USD per million tokens, ' +
      `with --price ${first}=<input>/<output> or in the config file as ` +
      `prices: { "${first}": { input: <input>, output: <output> } }, or drop the cost limit ` +
      '(budget.maxOptimizerTokens limits tokens instead).',
  });
}
