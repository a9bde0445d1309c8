import type OpenAI from 'openai';

let loading: Promise<typeof OpenAI> | undefined;

/**
 * The OpenAI SDK, imported on first use: it is about 150 modules, which a process that never
 * calls an OpenAI-compatible model (`forge --help`, a run on another provider) should not load.
 */
export function loadOpenAISdk(): Promise<typeof OpenAI> {
  loading ??= import('openai').then((module) => module.default);
  return loading;
}
