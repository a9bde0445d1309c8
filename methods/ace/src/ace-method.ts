import type { Method, MethodEstimate, MethodEstimateInput } from '@forge/method';
import { parseAceSettings } from './ace-settings.js';
import { curatorSystemPrompt } from './roles/curator-prompt.js';
import { reflectorSystemPrompt } from './roles/reflector-prompt.js';
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

/**
 * What a typical ACE run shows, which its expected figure assumes. Read off runs on the simulated
 * world (three seeds of the peer suite: every run converged after its second epoch, 60 samples,
 * 182–184 evaluations); a real task model's run may differ, which is why the dry run also prints
 * the upper bound.
 */
export const aceTypicalRun = {
  /** Epochs before an epoch changes no bullet (the convergence stop, when it is on). */
  epochsToConvergence: 2,
  /** Samples whose first answer is wrong (they go through reflection rounds). */
  wrongShare: 0.4,
  /** Reflection rounds a wrong sample uses, as a share of `maxReflectionRounds` (a right regenerated answer ends them). */
  roundsShare: 0.5,
  /** Prompt tokens of the playbook a reflector or curator call shows (it grows from empty). */
  playbookTokens: 200,
} as const;

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
  // Typically a right first answer is reflected on once (to tag bullets), a wrong one through
  // half its rounds, each with a regeneration; the convergence stop ends the second epoch.
  const typical = aceTypicalRun;
  const epochs = settings.stopWhenUnchanged
    ? Math.min(settings.numEpochs, typical.epochsToConvergence)
    : settings.numEpochs;
  const rounds = Math.max(1, Math.round(settings.maxReflectionRounds * typical.roundsShare));
  const perSample = 1 + typical.wrongShare * rounds + (settings.evaluateAfterCuration ? 1 : 0);
  const typicalSamples = Math.min(
    epochs * input.trainingSize,
    Math.max(0, Math.floor((input.maxEvaluations - 2 * input.validationSize) / perSample)),
  );
  const typicalEvaluations = Math.min(
    input.maxEvaluations,
    Math.round(
      input.validationSize +
        typicalSamples * perSample +
        Math.ceil(typicalSamples / Math.max(1, input.trainingSize)) *
          validationsPerEpoch *
          input.validationSize,
    ),
  );
  return {
    expected: {
      taskEvaluations: typicalEvaluations,
      optimizerCalls: {
        reflect: Math.round(
          typicalSamples * (1 - typical.wrongShare + typical.wrongShare * rounds),
        ),
        curate: Math.ceil(typicalSamples / settings.curatorFrequency),
      },
      basis: `a typical run: ${epochs} epoch(s)${settings.stopWhenUnchanged ? ' (the convergence stop)' : ''} of ${input.trainingSize} samples, ${Math.round(typical.wrongShare * 100)}% of first answers wrong and reflected on for ${rounds} round(s), the others once; ${perSample.toFixed(1)} evaluations a sample and ${validationsPerEpoch} validation pass(es) of ${input.validationSize} an epoch; shares read off the simulated world`,
    },
    // The reflector sees the bullets, one execution and the gold answer and answers with a JSON
    // analysis; the curator sees the playbook, the reflection and the question, and answers with
    // a JSON list of operations.
    callShapes: {
      reflect: {
        callsPerUnit: 1,
        fixedPromptTokens: Math.ceil(reflectorSystemPrompt.length / 4) + typical.playbookTokens,
        instructionsShown: 0,
        executionsShown: 1,
        fixedAnswerTokens: 150,
        instructionsWritten: 0,
        instancesWritten: 0,
      },
      curate: {
        callsPerUnit: 1,
        fixedPromptTokens: Math.ceil(curatorSystemPrompt.length / 4) + typical.playbookTokens + 150,
        instructionsShown: 0,
        executionsShown: 1,
        fixedAnswerTokens: 60,
        instructionsWritten: 0,
        instancesWritten: 0,
      },
    },
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
