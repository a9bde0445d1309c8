import { createRandom } from '@forge/program';
import type { BootstrapOutcome } from './bootstrap-outcome.js';

/** How one candidate demo set is made (the reference's `create_n_fewshot_demo_sets`). */
export type DemoSetSpec =
  /** No demonstrations. */
  | { readonly kind: 'zero-shot' }
  /** Labelled training instances only, these ones. */
  | { readonly kind: 'labelled'; readonly instances: readonly string[] }
  /**
   * Bootstrapped: walk the training instances in this order, keep the first `size` whose
   * seed run passes, then fill up with labelled ones.
   */
  | { readonly kind: 'bootstrapped'; readonly order: readonly string[]; readonly size: number };

/**
 * The reference's sequence of N demo sets: zero-shot; labelled only (when labelled demos are
 * allowed); bootstrapped from the training order with the full count; then bootstrapped from a
 * shuffled order with a random count in [1, max]. Each draw has its own seeded stream.
 */
export function planDemoSets(options: {
  readonly trainIds: readonly string[];
  readonly count: number;
  readonly maxBootstrapped: number;
  readonly maxLabeled: number;
  readonly seed: number;
}): DemoSetSpec[] {
  const specs: DemoSetSpec[] = [];
  for (let index = 0; index < options.count; index++) {
    if (index === 0) {
      specs.push({ kind: 'zero-shot' });
    } else if (index === 1 && options.maxLabeled > 0) {
      const chosen = createRandom(options.seed, 'mipro', 'demo-set', index).shuffle(
        options.trainIds,
      );
      specs.push({ kind: 'labelled', instances: chosen.slice(0, options.maxLabeled) });
    } else if (index === 2) {
      specs.push({ kind: 'bootstrapped', order: options.trainIds, size: options.maxBootstrapped });
    } else {
      const random = createRandom(options.seed, 'mipro', 'demo-set', index);
      const order = random.shuffle(options.trainIds);
      const size = options.maxBootstrapped === 0 ? 0 : 1 + random.int(options.maxBootstrapped);
      specs.push({ kind: 'bootstrapped', order, size });
    }
  }
  return specs;
}

/** The training instances a bootstrapped set keeps: the first `size` passing ones of its walk. */
export function bootstrappedIds(
  spec: Extract<DemoSetSpec, { kind: 'bootstrapped' }>,
  outcomes: Readonly<Record<string, BootstrapOutcome>>,
): string[] {
  const kept: string[] = [];
  for (const id of spec.order) {
    if (kept.length >= spec.size) break;
    const outcome = outcomes[id];
    if (outcome === undefined) break;
    if (outcome.passed) kept.push(id);
  }
  return kept;
}

/**
 * The next training instances to run the seed program on, or undefined when every set is
 * complete (it has its count, or its walk ran out). The first incomplete set asks for the unseen
 * instances of its walk that could still be kept, as many as it lacks passing ones (counting the
 * known passes further along), so the batches, and the evaluations spent, never depend on
 * concurrency. Each instance is run at most once for all sets together.
 */
export function nextBootstrapBatch(
  specs: readonly DemoSetSpec[],
  outcomes: Readonly<Record<string, BootstrapOutcome>>,
): string[] | undefined {
  for (const spec of specs) {
    if (spec.kind !== 'bootstrapped') continue;
    let passed = 0;
    const batch: string[] = [];
    for (const id of spec.order) {
      if (passed + batch.length >= spec.size) break;
      const outcome = outcomes[id];
      if (outcome === undefined) batch.push(id);
      else if (outcome.passed) passed += 1;
    }
    if (batch.length > 0) return batch;
  }
  return undefined;
}
