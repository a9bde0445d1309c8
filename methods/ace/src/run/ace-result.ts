import type { MethodContext, MethodResult } from '@forge/method';
import { playbookTotals } from '../playbook/playbook.js';
import { playbookTokens, renderPlaybook } from '../playbook/render-playbook.js';
import { type AceRuntime, promptsFor } from './ace-runtime.js';
import type { AceState } from './ace-state.js';

/** The contract's result of an ACE run, from its state. */
export function aceResult(
  context: MethodContext,
  runtime: AceRuntime,
  state: AceState,
  stopReason: string,
): MethodResult {
  const seed = state.candidates[0];
  const best = state.candidates[state.best] ?? seed;
  if (seed === undefined || best === undefined)
    throw new Error('ACE: the seed was never validated');
  const size = (playbook: AceState['playbook']) => ({
    ...playbookTotals(playbook),
    tokens: playbookTokens(playbook),
  });
  return {
    stopReason,
    seedCandidate: context.seedCandidate,
    bestCandidate: { prompts: promptsFor(runtime, best.playbook) },
    bestCandidateIndex: best.index,
    seedValidation: seed.validation,
    bestValidation: best.validation,
    evaluationsUsed: state.evaluationsUsed,
    steps: state.step,
    candidates: state.candidates.length,
    usage: state.usage,
    history: state.history,
    summary: {
      epochsCompleted: state.epochsCompleted,
      samplesTrained: state.step,
      finalPlaybook: size(state.playbook),
      bestPlaybook: {
        ...size(best.playbook),
        text: renderPlaybook(best.playbook, { showModules: true }),
      },
      ...state.tallies,
    },
  };
}
