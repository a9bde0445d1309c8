import { LoadSettingError } from '../errors/load-setting-error.js';
import { registerSecret } from './redact-secrets.js';

/** Where settings are read from when not passed as options. Default `process.env`. */
export type Environment = { readonly [name: string]: string | undefined };

/**
 * Returns the API key given as an option, else the environment variable; registers it for
 * redaction. Throws `LoadSettingError` naming the option and the variable (never a value) when
 * neither is set, so a run fails before any work is spent.
 */
export function loadApiKey(options: {
  /** The key passed explicitly, if any. */
  readonly apiKey: string | undefined;
  /** The environment variable that provides it, e.g. `OPENAI_API_KEY`. */
  readonly environmentVariable: string;
  /** Who needs the key, for the message, e.g. `OpenAI`. */
  readonly description: string;
  /** The option name in settings. Default `apiKey`. */
  readonly optionName?: string;
  /** Environment to read. Default `process.env`. */
  readonly environment?: Environment;
}): string {
  const value = loadOptionalSetting({
    value: options.apiKey,
    environmentVariable: options.environmentVariable,
    environment: options.environment,
  });
  if (value === undefined) {
    throw new LoadSettingError({
      environmentVariable: options.environmentVariable,
      message: `${options.description} API key is missing: set the ${options.environmentVariable} environment variable or pass the \`${options.optionName ?? 'apiKey'}\` option.`,
    });
  }
  registerSecret(value);
  return value;
}

/**
 * Returns the option when set, else the trimmed environment variable, else `undefined`. Empty
 * strings count as unset: `FOO=` in a shell file should not silently select an empty value.
 */
export function loadOptionalSetting(options: {
  /** The value passed explicitly, if any. */
  readonly value: string | undefined;
  /** The environment variable that provides it. */
  readonly environmentVariable: string;
  /** Environment to read. Default `process.env`. */
  readonly environment?: Environment;
}): string | undefined {
  if (options.value !== undefined && options.value.trim() !== '') return options.value.trim();
  const environment = options.environment ?? process.env;
  const fromEnvironment = environment[options.environmentVariable]?.trim();
  return fromEnvironment === undefined || fromEnvironment === '' ? undefined : fromEnvironment;
}

/**
 * Removes the trailing slashes of a URL's path so paths can be appended; a query or fragment
 * after the path is kept as written (`http://h/v1/?v=a/` → `http://h/v1?v=a/`).
 */
export function withoutTrailingSlash(url: string): string {
  const pathEnd = url.search(/[?#]/);
  if (pathEnd === -1) return url.replace(/\/+$/, '');
  return url.slice(0, pathEnd).replace(/\/+$/, '') + url.slice(pathEnd);
}
