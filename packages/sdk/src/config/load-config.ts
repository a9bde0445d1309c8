import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { isMap, LineCounter, parseDocument, visit } from 'yaml';
import type { z } from 'zod';
import { importUserModule, userModuleExtensions } from '../inputs/import-user-module.js';
import { hasMethod, methodIds } from '../methods/method-registry.js';
import { ConfigError } from './config-error.js';
import { type ForgeConfig, forgeConfigSchema } from './forge-config-schema.js';

/** How many times aliases may repeat an anchor's content in a YAML config (yaml's own default). */
export const maxYamlAliasCount = 100;

/** Config file names looked for, in order, when none is given. */
export const configFileNames = [
  'forge.config.ts',
  'forge.config.mts',
  'forge.config.mjs',
  'forge.config.js',
  'forge.config.json',
  'forge.config.yaml',
  'forge.config.yml',
] as const;

/** Finds the config file in `directory`, if there is one. */
export function findConfigFile(directory: string): string | undefined {
  for (const name of configFileNames) {
    const file = resolve(directory, name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** A config as read from a file, before validation, with a way to locate fields in it. */
export interface RawConfig {
  /** The file it came from. */
  readonly file: string;
  /** The parsed value. */
  readonly value: unknown;
  /** The 1-based line of a field, when the format keeps positions (JSON, YAML). */
  readonly lineOf: (path: readonly PropertyKey[]) => number | undefined;
}

/**
 * Reads a config file: `.json`, `.yaml`/`.yml`, or a module (`.ts`, `.mts`, `.js`, `.mjs`, …,
 * loaded by `importUserModule`) whose default export is the config object. Syntax errors name
 * the file and line.
 *
 * @throws ConfigError
 */
export async function readConfigFile(path: string): Promise<RawConfig> {
  const file = resolve(path);
  const extension = extname(file);
  if ((userModuleExtensions as readonly string[]).includes(extension)) {
    return { file, value: await importConfigModule(file), lineOf: () => undefined };
  }
  if (extension !== '.json' && extension !== '.yaml' && extension !== '.yml') {
    throw new ConfigError({
      file,
      message: `unknown config format (use ${userModuleExtensions.join(', ')}, .json, .yaml or .yml)`,
    });
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError({
      file,
      message: code === 'ENOENT' ? 'file not found' : `cannot read (${code})`,
      cause: error,
    });
  }
  return parseStructuredText(file, text, extension === '.json' ? 'json' : 'yaml');
}

/**
 * Parses a JSON or YAML text read from `file` into a raw config with positions, so a validation
 * error can name the line of its field. Syntax errors name the file and line.
 *
 * @throws ConfigError
 */
export function parseStructuredText(
  file: string,
  text: string,
  format: 'json' | 'yaml',
): RawConfig {
  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      throw new ConfigError({
        file,
        line: jsonErrorLine(text, error as Error),
        message: `invalid JSON: ${(error as Error).message}`,
      });
    }
  }
  // JSON is YAML, so one parser gives positions for both.
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const firstError = document.errors[0];
  if (firstError !== undefined) {
    const line = lineCounter.linePos(firstError.pos[0]).line;
    throw new ConfigError({
      file,
      line,
      message: `invalid YAML: ${firstError.message.split('\n')[0]}`,
    });
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: maxYamlAliasCount });
  } catch (error) {
    // yaml refuses a document whose aliases expand past the limit (an "alias bomb").
    let line: number | undefined;
    visit(document, {
      Alias(_key, node) {
        if (node.range) line = lineCounter.linePos(node.range[0]).line;
        return visit.BREAK;
      },
    });
    throw new ConfigError({
      file,
      line,
      message: `invalid YAML: its aliases expand too far (more than ${maxYamlAliasCount} uses of one anchor's content; ${(error as Error).message})`,
    });
  }
  return {
    file,
    value,
    lineOf: (path) => {
      for (let length = path.length; length >= 0; length--) {
        const node = document.getIn(path.slice(0, length) as unknown[], true) as
          | { range?: [number, number, number] }
          | undefined;
        if (node?.range) return lineCounter.linePos(node.range[0]).line;
        if (length === 0 && isMap(document.contents) && document.contents.range) {
          return lineCounter.linePos(document.contents.range[0]).line;
        }
      }
      return undefined;
    },
  };
}

/**
 * Validates a raw config (from a file, or `{ file: '<options>' }` for objects given in code) and
 * applies defaults. The first problem becomes a ConfigError naming file, line and field.
 */
export function parseForgeConfig(
  raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>>,
): ForgeConfig {
  const parsed = forgeConfigSchema.safeParse(raw.value);
  if (!parsed.success) throw issueToError(raw, parsed.error.issues[0]);
  const { variant, method, ...rest } = parsed.data;
  if (variant !== undefined && method !== undefined && variant !== method) {
    throw new ConfigError({
      file: raw.file,
      line: raw.lineOf?.(['variant']),
      field: 'variant',
      message: `variant "${variant}" contradicts method "${method}" (variant is an alias of method; give one)`,
    });
  }
  const chosen = method ?? variant ?? 'forge';
  if (!hasMethod(chosen)) {
    throw new ConfigError({
      file: raw.file,
      line: raw.lineOf?.([method === undefined ? 'variant' : 'method']),
      field: method === undefined ? 'variant' : 'method',
      message: `unknown method "${chosen}" (known: ${methodIds().join(', ')})`,
    });
  }
  return { ...rest, method: chosen };
}

/** The ConfigError of a zod issue: file, line and field of the offending value. */
export function issueToError(
  raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>>,
  issue: z.core.$ZodIssue | undefined,
  schemaFile = 'forge.config.schema.json',
): ConfigError {
  if (issue === undefined) return new ConfigError({ file: raw.file, message: 'invalid config' });
  let path = issue.path;
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    path = [...issue.path, issue.keys[0] as string];
    message = `unknown field (known fields are listed in ${schemaFile})`;
  } else if (valueAt(raw.value, path) === undefined) {
    message = 'required field is missing';
  }
  const field = path.length === 0 ? undefined : path.map(String).join('.');
  return new ConfigError({ file: raw.file, line: raw.lineOf?.(path), field, message });
}

async function importConfigModule(file: string): Promise<unknown> {
  if (!existsSync(file)) throw new ConfigError({ file, message: 'file not found' });
  try {
    const module = await importUserModule(file, {
      purpose: `TypeScript config file ${file}`,
      argument: 'config',
    });
    // A module compiled as CommonJS nests the default export one level deeper.
    let value: unknown = module;
    while (typeof value === 'object' && value !== null && 'default' in value) {
      value = (value as { default: unknown }).default;
    }
    return typeof value === 'function' ? await (value as () => unknown)() : value;
  } catch (error) {
    throw new ConfigError({
      file,
      message: `cannot load the config module: ${(error as Error).message}`,
      cause: error,
    });
  }
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function jsonErrorLine(text: string, error: Error): number | undefined {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return undefined;
  return text.slice(0, Number(position)).split('\n').length;
}
