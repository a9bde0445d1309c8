import { dirname } from 'node:path';
import { registerProviderModule } from './load-provider-module.js';

/**
 * Registers the provider modules a config names (`providers: { mine: ./my-provider.mjs }`),
 * resolving relative paths from the config file's directory (or the working directory).
 */
export async function registerConfigProviders(
  providers: Readonly<Record<string, string>> | undefined,
  configFile?: string,
): Promise<void> {
  const cwd =
    configFile === undefined || configFile.startsWith('<') ? process.cwd() : dirname(configFile);
  for (const [name, modulePath] of Object.entries(providers ?? {})) {
    await registerProviderModule(name, modulePath, { cwd });
  }
}
