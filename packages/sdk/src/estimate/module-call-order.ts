import type { GenerateRequest } from '@forge/provider';

/** One module's calls per evaluation, as measured. */
export interface ModuleCalls {
  /** The module's name. */
  readonly module: string;
  /** Its calls per evaluation (re-asks included). */
  readonly calls: number;
}

/**
 * How a program's calls fall to its modules, measured on a few evaluations, and what that means
 * for the run's call cache when a candidate differs from an evaluated one in one module's prompt.
 */
export interface ModuleCallOrder {
  /**
   * Calls per evaluation by module, in the order the program first calls them (a module it never
   * called last, at 0). Calls that name no module are not listed.
   */
  readonly modules: readonly ModuleCalls[];
  /**
   * The share of an evaluation's calls a candidate pays for when its prompts differ from those of
   * a candidate already evaluated on the same instance in one module only, averaged over the
   * program's modules in declaration order (round-robin reflection changes each in turn): the
   * calls from that module's first call on, and any call that names no module. The calls before
   * it have the same prompts and inputs as before, and the cache answers them. 1 for a program
   * of one module; for a chain of M modules of one call each, (M + 1) / (2M).
   */
  readonly oneModuleChangedShare: number;
  /** Modules the measured evaluations never called (their changes are counted as paying every call). */
  readonly uncalled: readonly string[];
}

/** A module as its calls are recognised: its name and the prompt it runs with. */
export interface ModulePrompt {
  readonly name: string;
  readonly prompt: string;
}

/**
 * The module a task call belongs to: the one its request names (`metadata.module`, set by typed
 * modules), else the one whose prompt the request carries as its system prompt or, failing that,
 * in a user message (the longest such prompt, so a prompt contained in another does not win).
 * Undefined when no module's prompt is in the request.
 */
export function moduleOfCall(
  request: GenerateRequest,
  modules: readonly ModulePrompt[],
): string | undefined {
  const named = request.metadata?.module;
  if (named !== undefined && modules.some((module) => module.name === named)) return named;
  const carrying = (text: string) =>
    modules
      .filter((module) => module.prompt.length > 0 && text.includes(module.prompt))
      .sort((left, right) => right.prompt.length - left.prompt.length)[0]?.name;
  const system = carrying(request.system ?? '');
  if (system !== undefined) return system;
  for (const message of request.messages) {
    if (message.role !== 'user') continue;
    const found = carrying(message.content);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The module call order of a program from the modules of each measured evaluation's calls, in
 * the order made (undefined for a call that names no module). A change to module k is billed, on
 * an evaluation, every call from k's first call on plus any call before it that names no module
 * (it cannot be told apart); on an evaluation that never calls k, every call (the stand-in's
 * answers may have steered the program away from k, a real model's may not).
 */
export function moduleCallOrder(
  evaluations: readonly (readonly (string | undefined)[])[],
  modules: readonly string[],
): ModuleCallOrder {
  const total = evaluations.reduce((sum, calls) => sum + calls.length, 0);
  const runs = Math.max(1, evaluations.length);
  const firstIndex = (calls: readonly (string | undefined)[], module: string) =>
    calls.indexOf(module);
  const uncalled = modules.filter((module) =>
    evaluations.every((calls) => firstIndex(calls, module) < 0),
  );
  const meanFirst = (module: string) => {
    const seen = evaluations
      .map((calls) => firstIndex(calls, module))
      .filter((index) => index >= 0);
    return seen.length === 0
      ? Number.POSITIVE_INFINITY
      : seen.reduce((sum, index) => sum + index, 0) / seen.length;
  };
  const ordered = modules
    .map((module, declared) => ({ module, declared, first: meanFirst(module) }))
    .sort((left, right) => left.first - right.first || left.declared - right.declared);
  const paidShare = (module: string) => {
    if (total === 0) return 1;
    let paid = 0;
    for (const calls of evaluations) {
      const first = firstIndex(calls, module);
      const before = first < 0 ? [] : calls.slice(0, first);
      paid += calls.length - before.filter((named) => named !== undefined).length;
    }
    return paid / total;
  };
  const shares = modules.map(paidShare);
  return {
    modules: ordered.map(({ module }) => ({
      module,
      calls:
        evaluations.reduce(
          (sum, calls) => sum + calls.filter((named) => named === module).length,
          0,
        ) / runs,
    })),
    oneModuleChangedShare:
      shares.length === 0 ? 1 : shares.reduce((sum, share) => sum + share, 0) / shares.length,
    uncalled,
  };
}

/** The measured order in words: `extract 1.0 → judge 1.2 → summarize 1.0 calls an evaluation`. */
export function describeModuleCalls(order: ModuleCallOrder): string {
  return `${order.modules
    .map((entry) => `${entry.module} ${entry.calls.toFixed(1)}`)
    .join(' → ')} call(s) an evaluation`;
}
