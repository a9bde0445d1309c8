import { ForgeError } from './forge-error.js';

const name = 'LoadSettingError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A required setting (an API key, a base URL) is neither passed as an option nor set in the
 * environment. Raised when a model is created, before any work is spent. The message names the
 * option and the environment variable, never a value.
 */
export class LoadSettingError extends ForgeError {
  protected readonly [symbol] = true;
  /** The environment variable that would provide the setting, e.g. `OPENAI_API_KEY`. */
  readonly environmentVariable: string;

  constructor(options: { environmentVariable: string; message: string }) {
    super({ name, message: options.message });
    this.environmentVariable = options.environmentVariable;
  }

  static override isInstance(error: unknown): error is LoadSettingError {
    return ForgeError.hasMarker(error, marker);
  }
}
