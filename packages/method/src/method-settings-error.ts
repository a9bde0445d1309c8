import { ForgeError } from '@forge/provider';

const name = 'MethodSettingsError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A method-specific setting (`methodSettings` in a config) is invalid. The host adds the config
 * file and line; the method names the field.
 */
export class MethodSettingsError extends ForgeError {
  protected readonly [symbol] = true;
  /** The setting's path inside `methodSettings`, e.g. `maxMergeInvocations`. */
  readonly field: string;

  constructor(options: { field: string; message: string }) {
    super({ name, message: options.message });
    this.field = options.field;
  }

  static override isInstance(error: unknown): error is MethodSettingsError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
