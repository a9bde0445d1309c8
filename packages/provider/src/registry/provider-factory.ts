import type { LanguageModel } from '../language-model/language-model.js';
import type { Environment } from '../settings/load-setting.js';

/** What a provider factory receives besides the model id. */
export interface ProviderFactoryOptions {
  /**
   * Provider settings (API key, base URL, …) as the user gave them; the factory validates them
   * and reads whatever is missing from `environment`.
   */
  readonly settings?: { readonly [key: string]: unknown };
  /** Environment variables to read settings from. Default `process.env`. */
  readonly environment?: Environment;
}

/**
 * Builds a model of one provider. Must validate settings and fail (e.g. `LoadSettingError` for a
 * missing key) before any call is made.
 */
export type ProviderFactory = (modelId: string, options: ProviderFactoryOptions) => LanguageModel;
