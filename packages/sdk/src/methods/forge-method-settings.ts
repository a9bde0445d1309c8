import { MethodSettingsError } from '@forge/method';
import { z } from 'zod';

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
