import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';
import type { AppWorldAuthoring } from './authoring/authoring-protocol.js';

/** The default port of `appworld serve environment`. */
export const defaultEnvironmentPort = 8000;

const port = z.number().int().min(1).max(65_535);
const milliseconds = z.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ });

const authoringSchema = z.custom<AppWorldAuthoring>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['draftTask', 'runInSandbox', 'finalizeTask'].every(
      (method) => typeof (value as Record<string, unknown>)[method] === 'function',
    ),
  'an object with draftTask, runInSandbox and finalizeTask methods',
);

/** `benchmarkSettings` of the AppWorld benchmark (unknown keys are ignored). */
export const appworldSettingsSchema = z.object({
  appworldRoot: z.string().min(1).optional(),
  serverUrls: z.union([z.array(httpUrl).min(1), z.string().min(1)]).optional(),
  servers: z.number().int().positive().optional(),
  basePort: port.optional(),
  host: z.string().min(1).optional(),
  authoringUrl: httpUrl.optional(),
  authoring: authoringSchema.optional(),
  maxSteps: z.number().int().positive().optional(),
  requestTimeoutMs: milliseconds.optional(),
  waitForServerMs: z.number().int().min(0).optional(),
  experimentPrefix: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, _ and -')
    .optional(),
});

/** The parsed settings. */
export type AppWorldSettings = z.infer<typeof appworldSettingsSchema>;

/** Parses `benchmarkSettings`. @throws InvalidArgumentError naming the setting. */
export function parseAppWorldSettings(value: unknown): AppWorldSettings {
  const parsed = appworldSettingsSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const setting = path === '' ? 'benchmarkSettings' : `benchmarkSettings.${path}`;
  throw new InvalidArgumentError({
    argument: setting,
    message: `appworld: ${setting}: ${issue?.message ?? 'invalid'}`,
  });
}

/**
 * The environment servers to use: `serverUrls` (a list, or a comma-separated string); else
 * `servers` consecutive ports from `basePort` on `host` (what `forge appworld serve -n N
 * --port P` starts); else the `APPWORLD_SERVER_URLS` environment variable; else the one
 * default server, `http://127.0.0.1:8000`.
 */
export function resolveServerUrls(
  settings: AppWorldSettings,
  environment: Readonly<Record<string, string | undefined>>,
): string[] {
  if (settings.serverUrls !== undefined)
    return urlList(settings.serverUrls, 'benchmarkSettings.serverUrls');
  const host = settings.host ?? '127.0.0.1';
  if (settings.servers !== undefined) {
    const base = settings.basePort ?? defaultEnvironmentPort;
    if (base + settings.servers - 1 > 65_535) {
      throw new InvalidArgumentError({
        argument: 'benchmarkSettings.servers',
        message: `appworld: benchmarkSettings.servers: ${settings.servers} ports from ${base} run past 65535`,
      });
    }
    return Array.from({ length: settings.servers }, (_, index) => `http://${host}:${base + index}`);
  }
  const variable = environment['APPWORLD_SERVER_URLS'];
  if (variable !== undefined && variable.trim() !== '')
    return urlList(variable, 'APPWORLD_SERVER_URLS');
  return [`http://${host}:${settings.basePort ?? defaultEnvironmentPort}`];
}

function urlList(value: string | readonly string[], setting: string): string[] {
  const urls = typeof value === 'string' ? value.split(',').map((url) => url.trim()) : [...value];
  for (const url of urls) {
    if (!httpUrl.safeParse(url).success) {
      throw new InvalidArgumentError({
        argument: setting,
        message: `appworld: ${setting}: "${url}" is not an http(s) URL`,
      });
    }
  }
  return urls;
}
