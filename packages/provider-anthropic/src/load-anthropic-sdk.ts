import type Anthropic from '@anthropic-ai/sdk';

let loading: Promise<typeof Anthropic> | undefined;

/**
 * The Anthropic SDK, imported on first use: with its tracing dependency it is over 300 modules,
 * which a process that never calls Claude (`forge --help`, a run on another provider) should not
 * load.
 */
export function loadAnthropicSdk(): Promise<typeof Anthropic> {
  loading ??= import('@anthropic-ai/sdk').then((module) => module.default);
  return loading;
}
