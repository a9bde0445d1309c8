import type { Method, MethodEstimate, MethodEstimateInput } from '@forge/method';
import { parseGepaSettings } from './gepa-settings.js';
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
  return {
    taskEvaluations: input.maxEvaluations,
    optimizerCalls: { reflect: iterations * perIteration },
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
