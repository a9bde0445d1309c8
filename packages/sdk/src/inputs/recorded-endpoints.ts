import { nonSecretHeaderNames } from '@forge/provider';
import { ConfigError } from '../config/config-error.js';

/** Where a recorded model setting may be used from, and what this call gives itself. */
export interface RecordedEndpointsCheck {
  /** The file the settings were recorded in (a run's `config.json`, a suite's `suite.json`). */
  readonly file: string;
  /** The saved config: the settings someone else may have written. */
  readonly recorded: unknown;
  /** The config the call hands to its models (the saved one with the call's fields on top). */
  readonly used: unknown;
  /** The config this call was given itself (flags, config file, library options), if any. */
  readonly given?: unknown;
  /** This call's environment: its endpoint variables count as given again. */
  readonly environment: Readonly<Record<string, string | undefined>>;
  /** Model servers this call vouches for (`--base-url`, `endpoints`). */
  readonly endpoints?: readonly string[] | undefined;
  /** The directory is the caller's own (`--trust-run-modules`): everything recorded is used. */
  readonly trust?: boolean | undefined;
  /** The command, as the message names it: `eval --run`. */
  readonly call: string;
}

// The model fields of a run config (`taskModel`, …), a suite config (`taskModels[]`, …) and a
// synthesis call (`model`, `verifierModel`).
const singleModelFields = ['taskModel', 'optimizerModel', 'model', 'verifierModel'] as const;
const listModelFields = ['taskModels', 'optimizerModels'] as const;
// The provider settings that choose the server a model's calls (and keys) go to.
const addressKeys = ['baseURL', 'baseURLs', 'baseUrl', 'host'] as const;
// Environment variables that name a provider's server.
const addressVariables = ['OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'OLLAMA_HOST'] as const;

/**
 * Refuses to send this machine's credentials to a server a run or suite directory recorded: a
 * recorded endpoint is data. Every model server (`baseURL`, a pool's `baseURLs`, `settings.baseURL`
 * or `settings.host`) and every header other than the well-known harmless ones (`Accept`,
 * `User-Agent`, `X-Title`, …) that the used config takes from the recorded one must be given
 * again — in the call's own config, in `endpoints` (`--base-url`), or in the environment
 * (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `OLLAMA_HOST`, the same value) — unless `trust`.
 * A model whose settings the call gives itself, or whose server is the provider's default, passes.
 * @throws ConfigError naming the recorded file, each endpoint, and the way on.
 */
export function assertRecordedEndpointsGiven(check: RecordedEndpointsCheck): void {
  if (check.trust === true) return;
  const recorded = endpointsOf(check.recorded);
  if (recorded.size === 0) return;
  const given = endpointsOf(check.given);
  for (const url of check.endpoints ?? []) for (const part of splitUrls(url)) given.add(part);
  for (const variable of addressVariables) {
    const value = check.environment[variable];
    if (typeof value === 'string') for (const part of splitUrls(value)) given.add(part);
  }
  const refused = [...endpointsOf(check.used)].filter(
    (endpoint) => recorded.has(endpoint) && !given.has(endpoint),
  );
  if (refused.length === 0) return;
  const servers = refused.filter((endpoint) => !endpoint.startsWith('header '));
  const fix =
    servers.length > 0
      ? `give ${servers.length === 1 ? 'it' : 'them'} again (--base-url ${servers.join(' --base-url ')}, the provider's environment variable, or your own config file)`
      : 'give the model settings again in your own config file';
  throw new ConfigError({
    file: check.file,
    message: `records the model endpoint${refused.length === 1 ? '' : 's'} ${refused.map((endpoint) => JSON.stringify(endpoint)).join(', ')}; ${check.call} does not send this machine's credentials (API keys, headers) or data to a server a directory names on its own. To use it, ${fix}, or pass --trust-run-modules (trustRunModules: true) if this directory is yours`,
  });
}

/**
 * Every endpoint the model settings of `config` name: each server URL (trailing slashes
 * dropped, comma-separated lists split) and each header other than the harmless ones, as
 * `header <name>: <value>`.
 */
export function endpointsOf(config: unknown): Set<string> {
  const found = new Set<string>();
  if (!isRecord(config)) return found;
  const models: unknown[] = [];
  for (const field of singleModelFields) models.push(config[field]);
  for (const field of listModelFields) {
    const list = config[field];
    if (Array.isArray(list)) models.push(...list);
  }
  for (const field of ['roleModels', 'moduleModels']) {
    const byName = config[field];
    if (isRecord(byName)) models.push(...Object.values(byName));
  }
  for (const model of models) {
    if (!isRecord(model)) continue;
    addAddresses(model, found);
    const settings = model['settings'];
    if (!isRecord(settings)) continue;
    addAddresses(settings, found);
    const headers = settings['headers'];
    if (!isRecord(headers)) continue;
    for (const [name, value] of Object.entries(headers)) {
      if (nonSecretHeaderNames.has(name.toLowerCase())) continue;
      found.add(`header ${name.toLowerCase()}: ${String(value)}`);
    }
  }
  return found;
}

function addAddresses(settings: Readonly<Record<string, unknown>>, found: Set<string>): void {
  for (const key of addressKeys) {
    const value = settings[key];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string') for (const url of splitUrls(item)) found.add(url);
    }
  }
}

function splitUrls(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/\/+$/, ''))
    .filter((part) => part !== '');
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
