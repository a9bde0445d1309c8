import type { Method, MethodEstimate, MethodEstimateInput } from '@forge/method';
import { parseAceSettings } from './ace-settings.js';
import { worstCaseSampleEvaluations } from './run/ace-budget.js';
import { runAce } from './run/run-ace.js';

/**
 * ACE (Agentic Context Engineering) as a Forge method: a generator (the task program run with
 * the playbook), a reflector (`reflect`) and a curator (`curate`) grow an itemized playbook by
 * delta updates over the training split; the validated playbook with the best mean validation
 * score is returned, rendered into the modules' system prompts.
 */
export const aceMethod: Method = {
  id: 'ace',
  title: 'ACE',
  description:
    'Agentic Context Engineering: reflector and curator grow a playbook of bullets by delta updates over the training split.',
  roles: ['reflect', 'curate'],
  parseSettings: (raw) => ({ ...parseAceSettings(raw) }),
  estimate: estimateAce,
  run: (context) => runAce(context, parseAceSettings(context.settings)),
};

function estimateAce(input: MethodEstimateInput): MethodEstimate {
  const settings = parseAceSettings(input.settings);
  const worst = worstCaseSampleEvaluations(settings);
  const validationsPerEpoch =
    1 +
    (settings.evalSteps === null ? 0 : Math.floor((input.trainingSize - 1) / settings.evalSteps));
  const wanted =
    input.validationSize +
    settings.numEpochs * (input.trainingSize * worst + validationsPerEpoch * input.validationSize);
  // The seed's pass and one reserved pass come first; every sample may take its worst case.
  const affordable = Math.max(
    0,
    Math.floor((input.maxEvaluations - 2 * input.validationSize) / worst),
  );
  const samples = Math.min(settings.numEpochs * input.trainingSize, affordable);
  return {
    taskEvaluations: Math.min(input.maxEvaluations, wanted),
    optimizerCalls: {
      reflect: samples * settings.maxReflectionRounds,
      curate: Math.ceil(samples / settings.curatorFrequency),
    },
    assumptions: [
      `up to ${settings.numEpochs} epochs of ${input.trainingSize} samples, each at most ${worst} evaluations (1 answer, ${settings.maxReflectionRounds} regenerations${settings.evaluateAfterCuration ? ', 1 post-curation answer' : ''})`,
      `${validationsPerEpoch} validation pass(es) of ${input.validationSize} per epoch`,
      'every reflection round used (a right answer ends its rounds early), so calls are an upper bound',
    ],
  };
}
