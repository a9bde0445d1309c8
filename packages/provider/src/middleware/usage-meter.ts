import type { Usage } from '../language-model/generate-result.js';

/** What `withCostMeter` needs of a meter: `@forge/endpoints`' `CostMeter` is the one Forge uses. */
export interface UsageMeter {
  /**
   * Counts one call under its role and returns its cost in US dollars: 0 for a response-cache hit
   * (`cached`); a cost the provider reported itself (`reportedUsd`) is taken as it is.
   */
  record(
    role: string | undefined,
    provider: string,
    modelId: string,
    usage: Usage,
    options?: { readonly cached?: boolean; readonly reportedUsd?: number },
  ): { readonly usd: number };
}
