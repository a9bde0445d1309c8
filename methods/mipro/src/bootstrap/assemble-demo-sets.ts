import { createRandom, type Demonstration, type Instance, type Signature } from '@forge/program';
import type { BootstrapOutcome } from './bootstrap-outcome.js';
import { bootstrappedIds, type DemoSetSpec } from './demo-set-plan.js';

/** The fields a module's labelled demonstrations take from a training instance. */
export interface LabelledFields {
  /** Input fields of the instance the module reads. */
  readonly input: readonly string[];
  /** Gold fields of the instance the module writes. */
  readonly output: readonly string[];
}

/** One candidate demo set: demonstrations per module, bootstrapped ones first. */
export interface DemoSet {
  /** How it was made. */
  readonly kind: DemoSetSpec['kind'];
  /** Per module, its demonstrations in the order they are shown. */
  readonly demos: Readonly<Record<string, readonly Demonstration[]>>;
  /** Per module, how many of its leading demonstrations were bootstrapped (the rest are labelled). */
  readonly bootstrapped: Readonly<Record<string, number>>;
}

/**
 * Which modules can take labelled demonstrations: those whose recorded demonstrations read only
 * signature input fields and write only signature output fields, so a training instance's own
 * inputs and gold are a demonstration of them. (A module in the middle of a pipeline reads and
 * writes intermediate fields no instance holds.)
 */
export function labelledFieldsOf(
  outcomes: Readonly<Record<string, BootstrapOutcome>>,
  signature: Signature,
  modules: readonly string[],
): Record<string, LabelledFields | undefined> {
  const inputs = new Set(signature.inputFields.map((field) => field.name));
  const outputs = new Set(signature.outputFields.map((field) => field.name));
  const fields: Record<string, LabelledFields | undefined> = {};
  for (const module of modules) {
    const example = Object.values(outcomes)
      .map((outcome) => outcome.demonstrations[module])
      .find((demonstration) => demonstration !== undefined);
    if (example === undefined) continue;
    const input = Object.keys(example.input);
    const output = Object.keys(example.output);
    if (input.every((name) => inputs.has(name)) && output.every((name) => outputs.has(name))) {
      fields[module] = { input, output };
    }
  }
  return fields;
}

/** A training instance as a labelled demonstration of a module. */
export function labelledDemonstration(instance: Instance, fields: LabelledFields): Demonstration {
  const pick = (source: Readonly<Record<string, unknown>>, names: readonly string[]) =>
    Object.fromEntries(names.filter((name) => name in source).map((name) => [name, source[name]]));
  return {
    input: pick(instance.input, fields.input),
    output: pick(instance.gold, fields.output),
    instanceId: instance.id,
  };
}

/**
 * The demo sets of a plan, from the bootstrapping outcomes. A bootstrapped set shows each
 * module its kept runs' demonstrations (at most `maxBootstrapped`), then fills up to
 * `maxLabeled` with labelled demonstrations drawn from the training instances it did not keep.
 */
export function assembleDemoSets(options: {
  readonly specs: readonly DemoSetSpec[];
  readonly outcomes: Readonly<Record<string, BootstrapOutcome>>;
  readonly modules: readonly string[];
  readonly train: readonly Instance[];
  readonly labelled: Readonly<Record<string, LabelledFields | undefined>>;
  readonly maxBootstrapped: number;
  readonly maxLabeled: number;
  readonly seed: number;
}): DemoSet[] {
  const byId = new Map(options.train.map((instance) => [instance.id, instance]));
  const labelledOf = (module: string, ids: readonly string[]): Demonstration[] => {
    const fields = options.labelled[module];
    if (fields === undefined) return [];
    return ids.flatMap((id) => {
      const instance = byId.get(id);
      return instance === undefined ? [] : [labelledDemonstration(instance, fields)];
    });
  };
  return options.specs.map((spec, index): DemoSet => {
    if (spec.kind === 'zero-shot') return { kind: spec.kind, demos: {}, bootstrapped: {} };
    if (spec.kind === 'labelled') {
      const demos = Object.fromEntries(
        options.modules.map((module) => [module, labelledOf(module, spec.instances)]),
      );
      return { kind: spec.kind, demos: withoutEmpty(demos), bootstrapped: {} };
    }
    const kept = bootstrappedIds(spec, options.outcomes).slice(0, options.maxBootstrapped);
    const rest = createRandom(options.seed, 'mipro', 'labelled-fill', index).shuffle(
      options.train.map((instance) => instance.id).filter((id) => !kept.includes(id)),
    );
    const demos: Record<string, Demonstration[]> = {};
    const bootstrapped: Record<string, number> = {};
    for (const module of options.modules) {
      const augmented = kept.flatMap((id) => {
        const demonstration = options.outcomes[id]?.demonstrations[module];
        return demonstration === undefined ? [] : [demonstration];
      });
      const room = Math.max(0, options.maxLabeled - augmented.length);
      demos[module] = [...augmented, ...labelledOf(module, rest.slice(0, room))];
      bootstrapped[module] = augmented.length;
    }
    return { kind: spec.kind, demos: withoutEmpty(demos), bootstrapped };
  });
}

function withoutEmpty(
  demos: Readonly<Record<string, readonly Demonstration[]>>,
): Record<string, readonly Demonstration[]> {
  return Object.fromEntries(Object.entries(demos).filter(([, list]) => list.length > 0));
}
