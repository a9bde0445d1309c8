import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Demonstrations, Prompts } from '@forge/program';
import { z } from 'zod';
import { ConfigError } from '../config/config-error.js';

/** The file of a run directory that holds its best candidate. */
export const bestPromptsFileName = 'best-prompts.json';

/** A run's best candidate, as `loadBestPrompts` reads it back. */
export interface BestPrompts {
  /** Module name → the best candidate's system prompt. */
  readonly prompts: Prompts;
  /** The best candidate's few-shot demonstrations by module (MIPROv2), when it has any. */
  readonly demos?: Demonstrations;
  /** The candidate's index in the run (0 is the seed). */
  readonly candidate: number;
  /** Its mean validation score. */
  readonly validationScore: number;
}

// A run directory may come from anywhere: the file is data, checked field by field, and a file
// far larger than any prompt set is refused before it is read.
const maxFileBytes = 64 * 1024 * 1024;

const demonstrationSchema = z.object({
  input: z.record(z.string(), z.unknown()),
  output: z.record(z.string(), z.unknown()),
  reasoning: z.string().optional(),
  instanceId: z.string().optional(),
});

const bestPromptsSchema = z.object({
  candidate: z.number().int().nonnegative(),
  validationScore: z.number(),
  prompts: z.record(z.string(), z.string()),
  demos: z.record(z.string(), z.array(demonstrationSchema)).optional(),
});

/**
 * The best prompts (and demonstrations) of a finished or stopped run, by module — what a
 * program in production runs with:
 *
 * ```ts
 * const { prompts, demos } = loadBestPrompts('forge-runs/triage');
 * const execution = await program.run(instance, prompts, { model, demos });
 * ```
 *
 * @param runDir The run directory (`OptimizeResult.runDir`).
 * @throws ConfigError naming the file (and the field) when it is missing, unreadable, not JSON,
 * or not the shape a run writes.
 */
export function loadBestPrompts(runDir: string): BestPrompts {
  const file = join(resolve(runDir), bestPromptsFileName);
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > maxFileBytes) {
      throw new ConfigError({
        file,
        message: `${size} bytes; a run's best prompts are never this large`,
      });
    }
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (ConfigError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError({
      file,
      message:
        code === 'ENOENT'
          ? 'no best prompts here: the run has not finished a step, or this is not a run directory'
          : `cannot read (${code ?? (error as Error).message})`,
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError({ file, message: `not JSON: ${(error as Error).message}`, cause: error });
  }
  const parsed = bestPromptsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? undefined : issue.path.join('.');
    throw new ConfigError({ file, field, message: issue?.message ?? 'unexpected shape' });
  }
  // Rebuilt with fromEntries, which defines own properties: a module named "__proto__" in a
  // hostile file stays a key and never becomes the object's prototype.
  const raw = value as z.infer<typeof bestPromptsSchema>;
  return {
    prompts: Object.fromEntries(Object.entries(raw.prompts)),
    ...(raw.demos === undefined ? {} : { demos: Object.fromEntries(Object.entries(raw.demos)) }),
    candidate: parsed.data.candidate,
    validationScore: parsed.data.validationScore,
  };
}
