import type { MethodCandidate } from '@forge/method';
import type { Demonstration } from '@forge/program';
import type { DemoSet } from '../bootstrap/assemble-demo-sets.js';

/** One searched parameter: which module, and what it chooses. */
export interface SearchParameter {
  /** `<module>.instruction` or `<module>.demos`. */
  readonly name: string;
  /** The module. */
  readonly module: string;
  /** An instruction candidate or a demo set. */
  readonly kind: 'instruction' | 'demos';
  /** How many choices it has. */
  readonly choices: number;
}

/** A module's choice: an instruction candidate and a demo set (0 and 0 are the seed's). */
export interface ModuleSelection {
  /** Index among the module's instruction candidates (0 is its seed prompt). */
  readonly instruction: number;
  /** Index among the demo sets (0 is zero-shot). */
  readonly demoSet: number;
}

/**
 * The categorical parameters of the search (the reference's `<i>_predictor_instruction` and
 * `<i>_predictor_demos`): per module, its instruction candidate, and its demo set when demos
 * are searched and some set gives the module demonstrations. A parameter with a single choice is
 * left out, as Optuna leaves single-valued distributions out of the relative search space.
 */
export function searchSpace(options: {
  readonly modules: readonly string[];
  readonly instructions: Readonly<Record<string, readonly string[]>>;
  readonly demoSets: readonly DemoSet[];
  readonly searchDemos: boolean;
}): SearchParameter[] {
  const parameters: SearchParameter[] = [];
  for (const module of options.modules) {
    const instructions = options.instructions[module]?.length ?? 1;
    if (instructions > 1) {
      parameters.push({
        name: `${module}.instruction`,
        module,
        kind: 'instruction',
        choices: instructions,
      });
    }
    const anyDemos = options.demoSets.some((set) => (set.demos[module]?.length ?? 0) > 0);
    if (options.searchDemos && anyDemos && options.demoSets.length > 1) {
      parameters.push({
        name: `${module}.demos`,
        module,
        kind: 'demos',
        choices: options.demoSets.length,
      });
    }
  }
  return parameters;
}

/** Each module's selection for a point of the space (unsearched parameters stay at 0). */
export function selectionOf(
  modules: readonly string[],
  parameters: readonly SearchParameter[],
  params: readonly number[],
): Record<string, ModuleSelection> {
  const selection: Record<string, { instruction: number; demoSet: number }> = Object.fromEntries(
    modules.map((module) => [module, { instruction: 0, demoSet: 0 }]),
  );
  parameters.forEach((parameter, index) => {
    const entry = selection[parameter.module];
    if (entry === undefined) return;
    if (parameter.kind === 'instruction') entry.instruction = params[index] ?? 0;
    else entry.demoSet = params[index] ?? 0;
  });
  return selection;
}

/** The candidate a selection makes: each module's chosen instruction and demo set. */
export function candidateOf(
  selection: Readonly<Record<string, ModuleSelection>>,
  instructions: Readonly<Record<string, readonly string[]>>,
  demoSets: readonly DemoSet[],
): MethodCandidate {
  const prompts: Record<string, string> = {};
  const demos: Record<string, readonly Demonstration[]> = {};
  for (const [module, choice] of Object.entries(selection)) {
    prompts[module] = instructions[module]?.[choice.instruction] ?? instructions[module]?.[0] ?? '';
    const shown = demoSets[choice.demoSet]?.demos[module] ?? [];
    if (shown.length > 0) demos[module] = shown;
  }
  return Object.keys(demos).length === 0 ? { prompts } : { prompts, demos };
}

/** The key of a combination in the search's records (prefixed, so object keys keep their order). */
export function comboKey(params: readonly number[]): string {
  return `c:${params.join(',')}`;
}
