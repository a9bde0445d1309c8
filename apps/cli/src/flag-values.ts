import { InvalidArgumentError } from '@forge/provider';

function fail(flag: string, rule: string, value: string): never {
  throw new InvalidArgumentError({
    argument: flag,
    message: `${flag} must be ${rule} (got ${JSON.stringify(value)})`,
  });
}

/** A whole number of at least `minimum`, or undefined when the flag was not given. */
export function integerFlag(
  flag: string,
  value: string | undefined,
  minimum: number,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < minimum) {
    const rule =
      minimum === 1
        ? 'a positive integer'
        : minimum === 0
          ? 'a whole number (0 or more)'
          : `an integer of at least ${minimum}`;
    fail(flag, rule, value);
  }
  return number;
}

/** A number above zero, or undefined when the flag was not given. */
export function positiveNumberFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
    fail(flag, 'a positive number', value);
  return number;
}

/** Any integer (a seed), or undefined when the flag was not given. */
export function seedFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(number)) fail(flag, 'an integer', value);
  return number;
}

/** A loopback port: 0 (any free one) to 65535. */
export function portFlag(flag: string, value: string | undefined): number | undefined {
  const port = integerFlag(flag, value, 0);
  if (port !== undefined && port > 65_535)
    fail(flag, 'a port number from 0 to 65535', String(value));
  return port;
}

/** Prices from repeated `--price provider:model=<input>/<output>` (USD per million tokens). */
export function priceFlags(
  values: readonly string[] | undefined,
): Record<string, { input: number; output: number }> | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const prices: Record<string, { input: number; output: number }> = {};
  for (const value of values) {
    const match = /^(.+)=([^=/]+)\/([^=/]+)$/.exec(value);
    const input = Number(match?.[2]);
    const output = Number(match?.[3]);
    if (
      match === null ||
      !Number.isFinite(input) ||
      !Number.isFinite(output) ||
      input < 0 ||
      output < 0 ||
      match[2]?.trim() === '' ||
      match[3]?.trim() === ''
    ) {
      fail(
        '--price',
        'provider:model=<input>/<output> in USD per million tokens, e.g. openai:my-model=1.25/10',
        value,
      );
    }
    prices[match[1] as string] = { input, output };
  }
  return prices;
}
