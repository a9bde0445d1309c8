import type { Method, MethodEstimate, MethodEstimateInput } from '@forge/method';
import { parseGepaSettings } from './gepa-settings.js';
import { defaultReflectionTemplate } from './reflection-prompt.js';
import { runGepa } from './run-gepa.js';

/** The two GEPA methods: plain reflective search, and with merge proposals. */
export type GepaMethodId = 'gepa' | 'gepa-merge';

const descriptions: Record<GepaMethodId, { title: string; description: string }> = {
  gepa: {
    title: 'GEPA',
    description:
      'GEPA (gepa-ai/gepa): reflective prompt mutation with instance-level Pareto parent selection.',
  },
  'gepa-merge': {
    title: 'GEPA+merge',
    description:
      'GEPA with merge proposals: descendants of a common ancestor combined component by component.',
  },
};

/** Creates one of the GEPA methods (`gepa-merge` turns `useMerge` on by default). */
export function createGepaMethod(id: GepaMethodId): Method {
  const defaults = { useMerge: id === 'gepa-merge' };
  return {
    id,
    ...descriptions[id],
    roles: ['reflect'],
    parseSettings: (raw) => ({ ...parseGepaSettings(raw, defaults) }),
    estimate: (input) => estimateGepa(input, defaults),
    run: (context) => runGepa(id, parseGepaSettings(context.settings, defaults), context),
  };
}

/** GEPA without merge (`forge optimize --method gepa`). */
export const gepaMethod: Method = createGepaMethod('gepa');

/** GEPA with merge (`forge optimize --method gepa-merge`). */
export const gepaMergeMethod: Method = createGepaMethod('gepa-merge');

/**
 * The shares a typical GEPA iteration shows, which its expected figure assumes. Read off runs on
 * the simulated world (three seeds of the peer suite: 33–45 iterations per run, 42–51% with a
 * perfect minibatch, half to 58% of the reflected children accepted); a real task model's run
 * may differ, which is why the dry run also prints the upper bound.
 */
export const gepaTypicalIteration = {
  /** Iterations whose parent minibatch is perfect: skipped after b evaluations, no reflection. */
  perfectShare: 0.45,
  /** Reflected children that beat their parent on the minibatch and are evaluated on V. */
  acceptedShare: 0.55,
} as const;

function estimateGepa(
  input: MethodEstimateInput,
  defaults: { readonly useMerge: boolean },
): MethodEstimate {
  const settings = parseGepaSettings(input.settings, defaults);
  const batch = settings.reflectionMinibatchSize ?? input.minibatchSize;
  // The cheapest iteration that reflects spends 2·b (a rejected child); each one makes one
  // reflection call per rewritten component.
  const iterations = Math.max(
    0,
    Math.floor((input.maxEvaluations - input.validationSize) / (2 * batch)),
  );
  const perIteration = settings.componentSelection === 'all' ? input.modules.length : 1;
  // Typically: b evaluations of the parent; unless perfect, a child on b more and, accepted, |V|.
  const typical = gepaTypicalIteration;
  const skips = settings.skipPerfectScore ? typical.perfectShare : 0;
  const typicalCost = batch + (1 - skips) * (batch + typical.acceptedShare * input.validationSize);
  const typicalIterations = Math.max(
    0,
    Math.floor((input.maxEvaluations - input.validationSize) / typicalCost),
  );
  const reflections = Math.round(typicalIterations * (1 - skips) * perIteration);
  // A reflected child is evaluated on the minibatch its parent was just evaluated on, and an
  // accepted one on V, where its parent (a validated candidate) was evaluated before: with round
  // robin selection the child differs in one component, and the host's cache answers the calls
  // before it. Merges (two parents' components) are not counted apart.
  const oneModuleChanged =
    settings.componentSelection === 'all' || input.modules.length < 2
      ? 0
      : Math.round(
          typicalIterations * (1 - skips) * (batch + typical.acceptedShare * input.validationSize),
        );
  const moduleCache =
    oneModuleChanged > 0
      ? `; ${oneModuleChanged} of them (each reflected child on its parent's minibatch, each accepted one on V) differ from their parent's evaluation on the same instance in the one component reflection rewrote (round robin over the ${input.modules.length}), and the cache answers their calls before that module`
      : '';
  return {
    taskEvaluations: input.maxEvaluations,
    optimizerCalls: { reflect: iterations * perIteration },
    expected: {
      taskEvaluations: input.maxEvaluations,
      optimizerCalls: { reflect: reflections },
      ...(oneModuleChanged > 0
        ? {
            billed: {
              taskEvaluations: input.maxEvaluations,
              oneModuleChanged,
              optimizerCalls: { reflect: reflections },
            },
          }
        : {}),
      basis: `no stop of its own before the ceiling (${input.maxEvaluations}): about ${typicalIterations} typical iterations of ${typicalCost.toFixed(1)} evaluations (${settings.skipPerfectScore ? `${Math.round(skips * 100)}% skipped on a perfect minibatch, ` : ''}${Math.round(typical.acceptedShare * 100)}% of the reflected children accepted and evaluated on |V| = ${input.validationSize}${settings.useMerge ? '; merges not counted apart' : ''}), ${reflections} reflection call(s); shares read off the simulated world${moduleCache}`,
    },
    // A reflection shows the component's instruction and the minibatch's records, and answers
    // with the new instruction in a fenced block.
    callShapes: {
      reflect: {
        callsPerUnit: 1,
        fixedPromptTokens: Math.ceil(
          (settings.reflectionPromptTemplate ?? defaultReflectionTemplate).length / 4,
        ),
        instructionsShown: 1,
        executionsShown: batch,
        fixedAnswerTokens: 10,
        instructionsWritten: 1,
        instancesWritten: 0,
      },
    },
    assumptions: [
      `up to ${iterations} iterations of 2·b = ${2 * batch} evaluations (fewer when children are accepted: each costs |V| = ${input.validationSize} more)`,
      `${perIteration} reflection call(s) per iteration`,
      ...(settings.useMerge
        ? [
            `at most ${settings.maxMergeInvocations} accepted merges of ${settings.mergeSubsampleSize} + |V| evaluations`,
          ]
        : []),
    ],
  };
}
