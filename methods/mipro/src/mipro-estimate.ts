import type { MethodEstimate, MethodEstimateInput } from '@forge/method';
import { largestTrials, searchEvaluations } from './plan/search-cost.js';
import {
  describeModuleSystemPrompt,
  describeProgramSystemPrompt,
  observeSystemPrompt,
  proposeSystemPrompt,
  summarizeSystemPrompt,
} from './propose/proposal-system-prompts.js';
import { costModelOf } from './run/cost-model.js';
import { instructionCount } from './run/propose-phase.js';
import { miproPresets, presetTrials } from './settings/mipro-presets.js';
import { parseMiproSettings } from './settings/mipro-settings.js';

/**
 * An upper bound of a run's spend, before anything is spent. Bootstrapping is counted at its
 * worst (every training instance run once); the run itself plans its trials from what
 * bootstrapping really spent, so it may run more trials than this estimate shows, never more
 * evaluations than the ceiling.
 */
export function estimateMipro(input: MethodEstimateInput): MethodEstimate {
  const settings = parseMiproSettings(input.settings);
  const preset = miproPresets[settings.auto];
  const validationSize = Math.min(
    input.validationSize,
    settings.validationSize ?? preset.validationSize,
  );
  const cost = costModelOf(settings, validationSize);
  const candidates = settings.candidates ?? preset.candidates;
  const zeroShot = settings.maxBootstrappedDemos === 0 && settings.maxLabeledDemos === 0;
  const reserve = searchEvaluations(1, cost);
  const bootstrap = Math.max(0, Math.min(input.trainingSize, input.maxEvaluations - reserve));
  const available = input.maxEvaluations - bootstrap;
  const cap =
    settings.trials === 'ceiling'
      ? undefined
      : settings.trials === 'preset'
        ? presetTrials(input.modules.length * (zeroShot ? 1 : 2), candidates)
        : settings.trials;
  const trials = largestTrials(available, cost, cap);
  const search = trials === 0 ? validationSize : searchEvaluations(trials, cost);
  const modules = input.modules.length;
  const observationCalls = Math.max(
    1,
    Math.min(10, Math.ceil(input.trainingSize / settings.viewDataBatchSize)),
  );
  const proposals = modules * (instructionCount(settings, candidates) - 1);
  const propose =
    (settings.dataAware ? observationCalls + 1 : 0) +
    (settings.programAware ? 1 + modules : 0) +
    proposals;
  return {
    taskEvaluations: Math.min(input.maxEvaluations, bootstrap + search),
    // A proposal call shows one of the proposer's system prompts, the program's instructions and
    // a few of its executions (data, demonstrations), and answers with an instruction.
    callShapes: {
      propose: {
        callsPerUnit: 1,
        fixedPromptTokens: Math.ceil(
          [
            observeSystemPrompt,
            summarizeSystemPrompt,
            describeProgramSystemPrompt,
            describeModuleSystemPrompt,
            proposeSystemPrompt,
          ].reduce((total, prompt) => total + prompt.length, 0) /
            5 /
            4,
        ),
        instructionsShown: modules,
        executionsShown: 1,
        fixedAnswerTokens: 30,
        instructionsWritten: 1,
        instancesWritten: 0,
      },
    },
    // With a teacher model, bootstrapping runs are its calls (program runs: one unit each).
    optimizerCalls: settings.teacher === 'model' ? { propose, teacher: bootstrap } : { propose },
    assumptions: [
      `preset ${settings.auto}: ${candidates} demo sets, validation ${validationSize} of ${input.validationSize}`,
      `bootstrapping runs each training instance at most once: at most ${bootstrap} evaluations${settings.teacher === 'model' ? ', on the teacher model' : ''}`,
      cost.minibatch
        ? `${trials} trials on minibatches of ${cost.minibatchSize}, a full evaluation every ${cost.fullEvalSteps} and after the last (${search} evaluations with the seed's)`
        : `${trials} trials, each on the whole validation set (${search} evaluations with the seed's)`,
      'the run plans its trials from what bootstrapping really spent: it may run more trials than this, never more evaluations than the ceiling',
      `proposal calls: ${settings.dataAware ? `${observationCalls + 1} for the data summary, ` : ''}${settings.programAware ? `${1 + modules} for the program and module descriptions, ` : ''}${proposals} instruction proposals; they do not count against the ceiling`,
    ],
  };
}
