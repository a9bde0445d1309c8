import type { Observation } from '../observation/observation.js';
import type { AssignmentNoOpReason, FailureMemoryState } from '../state/failure-memory-state.js';
import type { FailureMode } from '../state/failure-mode.js';
import type { AssignmentOutcome } from './assignment-outcome.js';
import { checkFailureModeName } from './failure-mode-name.js';
import { parseAssignment } from './parse-assignment.js';

/**
 * Applies one assigner answer for one observation (A.4). Pure and deterministic: the result
 * depends only on the arguments, and the input state is never mutated, so a saved answer can be
 * replayed on resume. Unchanged modes and observations are shared with the input state.
 *
 * Decisions beyond the paper, each a counted no-op:
 * - destinations are the active (current-epoch) modes only; a past epoch's name is unknown;
 * - `create` with a name an active mode holds is a name conflict;
 * - `rename` to the mode's own name is legal (it rewrites the description); to a name another
 *   active mode holds is a name conflict;
 * - new names must pass `checkFailureModeName` (snake_case), else `invalid-name`.
 * Checks run in this order: block, JSON, form, destination, name syntax, name conflict.
 */
export function applyAssignment(
  state: FailureMemoryState,
  observation: Observation,
  responseText: string,
  finishReason?: string,
): { state: FailureMemoryState; outcome: AssignmentOutcome } {
  const parsed = parseAssignment(responseText, finishReason);
  if (parsed.action === 'no-op') return refuse(state, parsed.reason, parsed.detail);

  const active = activeIndexes(state);
  const indexByName = new Map(active.map((index) => [state.modes[index]!.name, index]));

  if (parsed.action === 'create') {
    const invalid = checkFailureModeName(parsed.name);
    if (invalid !== undefined) return refuse(state, 'invalid-name', invalid);
    if (indexByName.has(parsed.name)) {
      return refuse(
        state,
        'name-conflict',
        `cannot create ${JSON.stringify(parsed.name)}: an active mode already has that name`,
      );
    }
    const mode: FailureMode = {
      id: `e${state.epoch}-m${active.length}`,
      name: parsed.name,
      description: parsed.description,
      epoch: state.epoch,
      observations: [observation],
      renames: [],
    };
    return {
      state: {
        ...state,
        modes: [...state.modes, mode],
        actions: { ...state.actions, create: state.actions.create + 1 },
      },
      outcome: { action: 'create', modeId: mode.id, name: mode.name },
    };
  }

  const index = indexByName.get(parsed.failureMode);
  if (index === undefined) {
    return refuse(
      state,
      'unknown-cluster',
      `no active mode is named ${JSON.stringify(parsed.failureMode)}`,
    );
  }
  const mode = state.modes[index]!;

  if (parsed.action === 'assign') {
    const updated: FailureMode = { ...mode, observations: [...mode.observations, observation] };
    return {
      state: {
        ...state,
        modes: replaceAt(state.modes, index, updated),
        actions: { ...state.actions, assign: state.actions.assign + 1 },
      },
      outcome: { action: 'assign', modeId: mode.id, name: mode.name },
    };
  }

  const invalid = checkFailureModeName(parsed.name);
  if (invalid !== undefined) return refuse(state, 'invalid-name', invalid);
  const holder = indexByName.get(parsed.name);
  if (holder !== undefined && holder !== index) {
    return refuse(
      state,
      'name-conflict',
      `cannot rename ${JSON.stringify(mode.name)} to ${JSON.stringify(parsed.name)}: another active mode has that name`,
    );
  }
  const updated: FailureMode = {
    ...mode,
    name: parsed.name,
    description: parsed.description,
    observations: [...mode.observations, observation],
    renames: [
      ...mode.renames,
      {
        from: mode.name,
        to: parsed.name,
        previousDescription: mode.description,
        step: observation.step,
        observationId: observation.id,
      },
    ],
  };
  return {
    state: {
      ...state,
      modes: replaceAt(state.modes, index, updated),
      actions: { ...state.actions, rename: state.actions.rename + 1 },
    },
    outcome: { action: 'rename', modeId: mode.id, name: parsed.name, previousName: mode.name },
  };
}

function refuse(
  state: FailureMemoryState,
  reason: AssignmentNoOpReason,
  detail: string,
): { state: FailureMemoryState; outcome: AssignmentOutcome } {
  return {
    state: { ...state, noOps: { ...state.noOps, [reason]: state.noOps[reason] + 1 } },
    outcome: { action: 'no-op', reason, detail },
  };
}

/** Indexes of the active modes. They form a suffix of `modes`: epochs only grow. */
function activeIndexes(state: FailureMemoryState): number[] {
  let start = state.modes.length;
  while (start > 0 && state.modes[start - 1]!.epoch === state.epoch) start--;
  return Array.from({ length: state.modes.length - start }, (_, offset) => start + offset);
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}
