import type { CheckpointRecord, RoleUsage } from '@forge/method';
import type { EvaluatedExecution, Instance } from '@forge/program';
import { assembleDemoSets, labelledFieldsOf } from '../bootstrap/assemble-demo-sets.js';
import {
  type BootstrapOutcome,
  bootstrapOutcome,
  bootstrapThreshold,
} from '../bootstrap/bootstrap-outcome.js';
import { demoSetErrors } from '../bootstrap/demo-set-errors.js';
import { nextBootstrapBatch } from '../bootstrap/demo-set-plan.js';
import type { BootstrapState } from '../mipro-state.js';
import { searchEvaluations } from '../plan/search-cost.js';
import { costModelOf } from './cost-model.js';
import { evaluateEach } from './evaluate-each.js';
import { addUsage, type MiproRun } from './mipro-run.js';

/**
 * Bootstrapping: the seed program runs on training instances (with the task model, or the
 * `teacher` role's model when `teacher: model`), in the walk order of each demo set, and a run
 * whose score reaches the threshold gives every module it invoked a demonstration. Each instance runs at most once for all sets together; a batch starts only
 * when it leaves room for the seed's search and one trial under the ceiling.
 */
export async function runBootstrapPhase(run: MiproRun): Promise<string | undefined> {
  if (run.state.phase !== 'bootstrap') return undefined;
  const { context, settings } = run;
  const byId = new Map(context.train.map((instance) => [instance.id, instance]));
  const cost = costModelOf(settings, run.validation.length);
  // Room for one trial (and its full evaluation) after the seed, which is already paid.
  const reserve = searchEvaluations(1, cost) - cost.validationSize;
  for (;;) {
    const bootstrap = run.state.bootstrap;
    const batch = nextBootstrapBatch(bootstrap.specs, bootstrap.outcomes);
    if (batch === undefined) break;
    const stop = run.stopRequested();
    if (stop !== undefined) return stop;
    if (run.state.evaluationsUsed + batch.length + reserve > context.budget.maxEvaluations) {
      await finish(run, { ...bootstrap, cutShort: 'evaluation budget' });
      run.note(
        'bootstrap-cut-short',
        `bootstrapping stopped at ${Object.keys(bootstrap.outcomes).length} runs: the next batch would leave no room for a trial under the ceiling`,
      );
      return undefined;
    }
    const instances = batch.flatMap((id) => {
      const instance = byId.get(id);
      return instance === undefined ? [] : [instance];
    });
    const { evaluated, usage, failed } = await bootstrapRuns(run, instances);
    const outcomes: Record<string, BootstrapOutcome> = { ...bootstrap.outcomes };
    for (const instance of failed) {
      outcomes[instance.id] = { score: 0, passed: false, demonstrations: {}, error: true };
    }
    const errors = (bootstrap.errors ?? 0) + failed.length;
    // `reference` counts errors per demo set, as DSPy does; `paper` over all bootstrapping.
    if (settings.maxErrors !== undefined) {
      const counted =
        settings.profile === 'reference' ? demoSetErrors(bootstrap.specs, outcomes) : errors;
      if (counted >= settings.maxErrors) {
        throw new Error(
          settings.profile === 'reference'
            ? `MIPROv2 bootstrapping: ${counted} program run(s) on one demo set's walk raised an error (maxErrors ${settings.maxErrors}, counted per demo set)`
            : `MIPROv2 bootstrapping: ${errors} program run(s) raised an error (maxErrors ${settings.maxErrors})`,
        );
      }
    }
    let example = bootstrap.example;
    for (const result of evaluated) {
      const outcome = bootstrapOutcome(result, bootstrapThreshold(settings));
      outcomes[result.instance.id] = outcome;
      const earlierPassed = example !== undefined && outcomes[example.instanceId]?.passed === true;
      if (example === undefined || (outcome.passed && !earlierPassed)) {
        example = { instanceId: result.instance.id, trace: result.execution.trace };
      }
    }
    const records: CheckpointRecord[] = [
      {
        kind: 'bootstrap-runs',
        step: null,
        data: [
          ...evaluated.map((result) => ({
            instanceId: result.instance.id,
            score: result.evaluation.score,
            passed: outcomes[result.instance.id]?.passed ?? false,
          })),
          ...failed.map((instance) => ({
            instanceId: instance.id,
            score: 0,
            passed: false,
            error: true,
          })),
        ],
      },
    ];
    await run.commit(
      {
        ...run.state,
        // A run that raised still ran the program once.
        evaluationsUsed: run.state.evaluationsUsed + evaluated.length + failed.length,
        usage: addUsage(run.state.usage, usage),
        bootstrap: {
          ...bootstrap,
          outcomes,
          ...(example === undefined ? {} : { example }),
          ...(errors === 0 ? {} : { errors }),
        },
      },
      records,
    );
  }
  await finish(run, run.state.bootstrap);
  return undefined;
}

async function finish(run: MiproRun, bootstrap: BootstrapState): Promise<void> {
  const { context, settings } = run;
  const zeroShot = settings.maxBootstrappedDemos === 0 && settings.maxLabeledDemos === 0;
  const demoSets = assembleDemoSets({
    specs: bootstrap.specs,
    outcomes: bootstrap.outcomes,
    modules: run.modules,
    train: context.train,
    labelled: labelledFieldsOf(bootstrap.outcomes, context.benchmark.signature, run.modules),
    // Zero-shot runs bootstrap three demonstrations to show the proposer, and search none.
    maxBootstrapped: zeroShot ? 3 : settings.maxBootstrappedDemos,
    maxLabeled: zeroShot ? 0 : settings.maxLabeledDemos,
    seed: context.seed,
  });
  const runs = Object.values(bootstrap.outcomes);
  const passed = runs.filter((outcome) => outcome.passed).length;
  await run.commit({ ...run.state, phase: 'propose', bootstrap, demoSets }, [
    {
      kind: 'demo-sets',
      step: null,
      data: {
        runs: runs.length,
        passed,
        ...(bootstrap.cutShort === undefined ? {} : { cutShort: bootstrap.cutShort }),
        ...(bootstrap.errors === undefined ? {} : { errors: bootstrap.errors }),
        sets: demoSets.map((set, index) => ({
          index,
          kind: set.kind,
          modules: Object.fromEntries(
            Object.entries(set.demos).map(([module, demos]) => [
              module,
              demos.map((demo) => demo.instanceId ?? null),
            ]),
          ),
          bootstrapped: set.bootstrapped,
        })),
      },
    },
  ]);
  run.note(
    'demo-sets-bootstrapped',
    `${demoSets.length} demo sets from ${runs.length} bootstrapping runs (${passed} passed)`,
    { runs: runs.length, passed, sets: demoSets.length },
  );
}

/**
 * One batch of bootstrapping runs. Without `maxErrors` a program error ends the run; with it,
 * the instances that raised are returned as `failed` (an abort still ends the run).
 */
async function bootstrapRuns(
  run: MiproRun,
  instances: readonly Instance[],
): Promise<{
  evaluated: EvaluatedExecution[];
  usage: Readonly<Record<string, RoleUsage>>;
  failed: Instance[];
}> {
  const { context, settings } = run;
  const options = {
    target: 'bootstrap',
    step: null,
    record: true,
    teacher: settings.teacher === 'model',
  } as const;
  if (settings.maxErrors === undefined) {
    return { ...(await run.evaluate(context.seedCandidate, instances, options)), failed: [] };
  }
  const { evaluated, usage, failed } = await evaluateEach(
    run,
    context.seedCandidate,
    instances,
    options,
  );
  return { evaluated, usage, failed: failed.map((entry) => entry.instance) };
}
