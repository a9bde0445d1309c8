import type { Usage } from './generate-result.js';

/** A usage with every count at zero. */
export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

/** Sums two usages; optional counts stay absent unless either side has them. */
export function addUsage(left: Usage, right: Usage): Usage {
  const sum = (a: number | undefined, b: number | undefined) =>
    a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
  const cachedInputTokens = sum(left.cachedInputTokens, right.cachedInputTokens);
  const cacheWriteTokens = sum(left.cacheWriteTokens, right.cacheWriteTokens);
  const reasoningTokens = sum(left.reasoningTokens, right.reasoningTokens);
  return {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
    ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
  };
}
