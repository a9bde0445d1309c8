import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';
import { checkFailureModeName } from '../assignment/failure-mode-name.js';
import { observationSchema } from '../observation/observation-schema.js';
import type { FailureMemoryState } from './failure-memory-state.js';
import { assignmentNoOpReasons } from './failure-memory-state.js';

const count = z.number().int().min(0);

const renameSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  previousDescription: z.string(),
  step: count.optional(),
  observationId: z.string().optional(),
});

const modeSchema = z.strictObject({
  id: z.string().min(1),
  name: z
    .string()
    .refine((name) => checkFailureModeName(name) === undefined, 'not a snake_case name'),
  description: z.string(),
  epoch: count,
  observations: z.array(observationSchema).min(1),
  renames: z.array(renameSchema),
});

const stateSchema = z
  .strictObject({
    version: z.literal(1),
    epoch: count,
    modes: z.array(modeSchema),
    actions: z.strictObject({ create: count, assign: count, rename: count }),
    noOps: z.strictObject(
      // `empty` and `truncated` came later: a state saved before them counts 0.
      Object.fromEntries(
        assignmentNoOpReasons.map((reason) => [
          reason,
          reason === 'empty' || reason === 'truncated' ? count.default(0) : count,
        ]),
      ) as Record<(typeof assignmentNoOpReasons)[number], typeof count>,
    ),
  })
  .superRefine((state, context) => {
    const namesByEpoch = new Map<number, Set<string>>();
    let previousEpoch = 0;
    for (const [index, mode] of state.modes.entries()) {
      // The active catalogue is found as a suffix of `modes`: epochs never decrease.
      if (mode.epoch < previousEpoch || mode.epoch > state.epoch) {
        context.addIssue({
          code: 'custom',
          path: ['modes', index, 'epoch'],
          message: `epoch ${mode.epoch} is out of order (modes are in creation order, epochs 0..${state.epoch})`,
        });
      }
      previousEpoch = mode.epoch;
      const names = namesByEpoch.get(mode.epoch) ?? new Set<string>();
      if (names.has(mode.name)) {
        context.addIssue({
          code: 'custom',
          path: ['modes', index, 'name'],
          message: `name ${JSON.stringify(mode.name)} is used twice in epoch ${mode.epoch}`,
        });
      }
      names.add(mode.name);
      namesByEpoch.set(mode.epoch, names);
    }
  });

/**
 * Loads a failure-memory state saved with `JSON.stringify` (or received from elsewhere) and
 * checks it, including the invariants the pure functions rely on: creation order, epochs in
 * range, names unique within an epoch.
 *
 * @throws InvalidArgumentError naming the first offending path.
 */
export function parseFailureMemoryState(
  value: unknown,
  argument = 'failure memory state',
): FailureMemoryState {
  const parsed = stateSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.') ?? '';
    throw new InvalidArgumentError({
      argument,
      message: `${argument}${path === '' ? '' : `, field "${path}"`}: ${issue?.message ?? 'invalid'}`,
    });
  }
  return parsed.data as FailureMemoryState;
}
