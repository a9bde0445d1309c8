import type { RunEstimate, SuiteEstimate } from '@forge/sdk';
import { table } from './terminal.js';

/** What an estimate prints below its headline: one row per role, the total, the assumptions. */
type EstimateBody = Pick<
  RunEstimate & SuiteEstimate,
  'roles' | 'usd' | 'unpricedModels' | 'assumptions'
>;

/**
 * The text of `forge optimize --dry-run` and `forge suite --dry-run`: `headline`, a table of
 * calls, tokens and cost by role, the total (naming models without a price) and the
 * assumptions behind it.
 */
export function estimateLines(headline: string, estimate: EstimateBody): string {
  return `${[
    headline,
    table([
      ['role', 'model', 'calls', 'input tokens', 'output tokens', 'USD'],
      ...estimate.roles.map((role) => [
        role.role,
        role.model,
        String(role.calls),
        String(role.inputTokens),
        String(role.outputTokens),
        role.usd === undefined ? 'no price' : `$${role.usd.toFixed(2)}`,
      ]),
    ]),
    `total: $${estimate.usd.toFixed(2)}${estimate.unpricedModels.length > 0 ? ` (no price for ${estimate.unpricedModels.join(', ')}; counted as $0)` : ''}`,
    'assumptions:',
    ...estimate.assumptions.map((assumption) => `  - ${assumption}`),
  ].join('\n')}\n`;
}
