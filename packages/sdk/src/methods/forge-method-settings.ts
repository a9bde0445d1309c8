import { MethodSettingsError } from '@forge/method';
import type { SynthesisGuardOptions } from '@forge/synth';
import { z } from 'zod';
import { guardsSchema } from '../config/forge-config-schema.js';

/** Settings of Forge's variants (the config's `synthesis` block and B.4's completion rule). */
export interface ForgeMethodSettings {
  /** Overrides of the benchmark's (K, E, P) and the synthesis limits. */
  readonly synthesis: {
    readonly attempts?: number;
    readonly epochs?: number;
    readonly patience?: number;
    readonly concurrency?: number;
    readonly maxAgentSteps?: number;
  };
  /** Stop at completion: after all E events and P more steps without a validation gain (B.4). */
  readonly stopAtCompletion: boolean;
  /**
   * Stop once the best candidate's mean validation score is the maximum (1). Default true: our
   * choice, the paper is silent (the baseline never searches, so it does not apply there).
   */
  readonly stopAtPerfectScore: boolean;
  /** The config's `guards` (coercion mode, duplicate and leakage guards); absent: all defaults. */
  readonly guards?: z.output<typeof guardsSchema>;
}

/** The config's `guards` as the synthesis options of `@forge/synth`. */
export function synthesisGuards(
  guards: ForgeMethodSettings['guards'],
): SynthesisGuardOptions | undefined {
  if (guards === undefined) return undefined;
  const toggle = <T extends object>(value: boolean | T | undefined): false | T | undefined =>
    value === false ? false : value === true || value === undefined ? undefined : value;
  const duplicates = toggle(guards.duplicates);
  const leakage = toggle(guards.leakage);
  return {
    ...(guards.coercion === undefined ? {} : { coercion: guards.coercion }),
    ...(duplicates === undefined ? {} : { duplicates }),
    ...(leakage === undefined ? {} : { leakage }),
  };
}

const settingsSchema = z
  .object({
    synthesis: z
      .object({
        attempts: z.number().int().positive(),
        epochs: z.number().int().min(0),
        patience: z.number().int().positive(),
        concurrency: z.number().int().positive(),
        maxAgentSteps: z.number().int().positive(),
      })
      .partial()
      .strict()
      .default({}),
    stopAtCompletion: z.boolean().default(false),
    stopAtPerfectScore: z.boolean().default(true),
    guards: guardsSchema.optional(),
  })
  .strict();

/** Validates Forge's settings, naming the first bad field. */
export function parseForgeMethodSettings(
  raw: Readonly<Record<string, unknown>>,
): ForgeMethodSettings & Readonly<Record<string, unknown>> {
  const parsed = settingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  throw new MethodSettingsError({
    field,
    message: `${field === '' ? 'settings' : field}: ${issue?.message ?? 'invalid'}`,
  });
}
