import { createRandom, type Instance } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { allocateAttempts } from '../allocation/allocate-attempts.js';
import { cycleIntent } from './mutation-intent.js';
import type { SynthesisMode, SynthesisSlot } from './synthesis-slot.js';

/** Where the seeds of an event come from (§10 ablations). */
export type SynthesisSource = 'failure-modes' | 'random';

/** How intents are assigned: the paper's cycle, or one generic intent (failure-memory ablation). */
export type IntentPolicy = 'cycle' | 'generic';

/** Options of `planSynthesisEvent`. */
export interface PlanSynthesisEventOptions {
  /** Event number (0-based); part of every random draw. */
  readonly event: number;
  /** K: generation attempts of the event. */
  readonly attempts: number;
  /** Active failure modes in creation order (ignored for `source: 'random'`). */
  readonly modes: readonly SynthesisMode[];
  /** Seed source. Default `failure-modes`. */
  readonly source?: SynthesisSource;
  /** Intent policy for failure-mode seeds. Default `cycle`. Random seeds always get `random`. */
  readonly intents?: IntentPolicy;
  /** Training instances to draw from, for `source: 'random'`. */
  readonly trainingInstances?: readonly Instance[];
  /** The run's seed. */
  readonly seed: number | string;
}

/**
 * Lays out the K slots of one synthesis event (Algorithm 3, lines 1–7). Pure: the same options
 * always give the same slots.
 *
 * - `failure-modes`: attempts are split over the modes by `allocateAttempts` on their supports;
 *   slots are numbered across modes in mode order; slot i of the event gets intent Ω[i mod 4]
 *   (the cycle restarts at `positive` for each event), and draws its supporting observation
 *   uniformly with replacement from the stream `createRandom(seed, 'synthesis', event, slot)`,
 *   so no draw depends on any other.
 * - `random`: K slots, each drawing one training instance uniformly with replacement from the
 *   same per-slot stream, intent `random`, no mode.
 * An event without modes (or without support) has no slots.
 */
export function planSynthesisEvent(options: PlanSynthesisEventOptions): SynthesisSlot[] {
  const source = options.source ?? 'failure-modes';
  if (!Number.isInteger(options.event) || options.event < 0) {
    throw new InvalidArgumentError({
      argument: 'event',
      message: `event: expected a non-negative integer, got ${options.event}`,
    });
  }
  if (source === 'random') return planRandom(options);

  const supports = options.modes.map((mode) => mode.observations.length);
  const allocation = allocateAttempts(options.attempts, supports);
  const slots: SynthesisSlot[] = [];
  for (const [modeIndex, mode] of options.modes.entries()) {
    for (let attempt = 0; attempt < (allocation[modeIndex] ?? 0); attempt++) {
      const slot = slots.length;
      const random = createRandom(options.seed, 'synthesis', options.event, slot);
      const observation = random.pick(mode.observations);
      slots.push({
        slot,
        modeId: mode.id,
        modeName: mode.name,
        modeDescription: mode.description,
        intent: options.intents === 'generic' ? 'generic' : cycleIntent(slot),
        observation,
        sourceInstance: observation.instance,
      });
    }
  }
  return slots;
}

function planRandom(options: PlanSynthesisEventOptions): SynthesisSlot[] {
  // Validates K the same way as the failure-mode path.
  allocateAttempts(options.attempts, [1]);
  const pool = options.trainingInstances ?? [];
  if (options.attempts > 0 && pool.length === 0) {
    throw new InvalidArgumentError({
      argument: 'trainingInstances',
      message: 'trainingInstances: random synthesis needs at least one training instance',
    });
  }
  return Array.from({ length: options.attempts }, (_, slot) => ({
    slot,
    intent: 'random' as const,
    sourceInstance: createRandom(options.seed, 'synthesis', options.event, slot).pick(pool),
  }));
}
