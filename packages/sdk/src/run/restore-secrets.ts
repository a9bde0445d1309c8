import { LoadSettingError } from '@forge/provider';
import { ConfigError } from '../config/config-error.js';

/** What a secret is replaced by in the config saved with a run. */
export const redactedPlaceholder = '[REDACTED]';

/**
 * A saved run config with every redacted secret taken out, so that each one comes again from its
 * source — the environment variable, or the config file given on `--resume` — and never as the
 * placeholder. Returns the removed fields' paths (`taskModel.settings.apiKey`).
 */
export function withoutRedactedSecrets(value: unknown): { value: unknown; removed: string[] } {
  const removed: string[] = [];
  const strip = (item: unknown, path: string): unknown => {
    if (Array.isArray(item))
      return item.map((element, index) => strip(element, `${path}[${index}]`));
    if (typeof item !== 'object' || item === null) return item;
    const kept: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(item)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (child === redactedPlaceholder) removed.push(childPath);
      else kept[key] = strip(child, childPath);
    }
    return kept;
  };
  return { value: strip(value, ''), removed };
}

/**
 * Refuses a config in which a value still carries a redacted part (a URL whose credentials were
 * removed when the run was saved), naming the field: sending it would fail, or worse, reach a
 * server without the credentials it needs.
 */
export function assertNoRedactedValues(config: unknown, file = 'the run config'): void {
  const visit = (item: unknown, path: string): void => {
    if (typeof item === 'string' && item.includes(redactedPlaceholder)) {
      throw new ConfigError({
        file,
        field: path,
        message: `held a secret (credentials in a URL), which is never saved with a run; give it again in the config file or its environment variable`,
      });
    }
    if (typeof item !== 'object' || item === null) return;
    for (const [key, child] of Object.entries(item))
      visit(child, path === '' ? key : `${path}.${key}`);
  };
  visit(config, '');
}

const keyVariables: Readonly<Record<string, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

/**
 * On `--resume`, refuses to go on when a secret the run was started with is given neither by the
 * config of this invocation nor by its provider's environment variable: the server would refuse
 * every call (or, keyless, get none). Names each missing field and where to give it.
 */
export function assertSecretsResupplied(
  config: unknown,
  removed: readonly string[],
  environment: Readonly<Record<string, string | undefined>>,
  file: string,
): void {
  const missing: string[] = [];
  for (const path of removed) {
    if (valueAt(config, path) !== undefined) continue;
    if (path.startsWith('telemetry.headers.')) {
      // The standard variable gives a collector's headers as well as the config does.
      if (environment['OTEL_EXPORTER_OTLP_HEADERS']?.trim()) continue;
      missing.push(`${path} (or OTEL_EXPORTER_OTLP_HEADERS)`);
      continue;
    }
    const owner = path.split('.settings.')[0] ?? '';
    const model = valueAt(config, owner);
    const modelString =
      typeof model === 'string' ? model : (valueAt(config, `${owner}.model`) as unknown);
    const provider = typeof modelString === 'string' ? modelString.split(':')[0] : undefined;
    const variable = provider === undefined ? undefined : keyVariables[provider];
    const isKey = /api[-_]?key$/i.test(path);
    if (isKey && variable !== undefined && environment[variable]?.trim()) continue;
    missing.push(isKey && variable !== undefined ? `${path} (or ${variable})` : path);
  }
  if (missing.length > 0) {
    throw new ConfigError({
      file,
      message: `the run was started with ${missing.join(', ')}, secret${missing.length === 1 ? '' : 's'} never saved with a run: give ${missing.length === 1 ? 'it' : 'them'} again to resume (the same config file, or the environment variable)`,
    });
  }
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * On `--resume`, a missing key whose saved value was removed gets a word on why: the run's saved
 * config never holds secrets.
 */
export function explainMissingSecret(error: unknown, removed: readonly string[]): unknown {
  if (!LoadSettingError.isInstance(error) || removed.length === 0) return error;
  return new LoadSettingError({
    environmentVariable: error.environmentVariable,
    message: `${error.message} Secrets are never saved with a run (${removed.join(', ')} ${removed.length === 1 ? 'was' : 'were'} given when it started): on --resume each comes again from the environment or the config file.`,
  });
}
