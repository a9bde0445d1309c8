import type {
  RunReportEvaluation,
  RunReportProposal,
  RunReportSynthesisAttempt,
  RunReportValidationInstance,
} from '../data/run-report-details.js';
import type { RunReportCandidate, RunReportSynthesisEvent } from '../data/run-report-data.js';

const intents = ['positive', 'negative', 'boundary', 'stress'];

/** The explorers' data for the sample run: instances, evaluations, proposals and attempts. */
export function sampleRunDetails(options: {
  readonly candidates: readonly RunReportCandidate[];
  readonly steps: number;
  readonly validationSize: number;
  readonly random: () => number;
  readonly events: readonly RunReportSynthesisEvent[];
  readonly modeNames: readonly string[];
}): {
  validationInstances: RunReportValidationInstance[];
  evaluations: RunReportEvaluation[];
  proposals: RunReportProposal[];
  synthesisAttempts: RunReportSynthesisAttempt[];
} {
  const { candidates, random } = options;
  // Candidate i solves instance z when z falls below its score's share of the set.
  const solves = (candidate: RunReportCandidate, position: number) =>
    position < Math.round(candidate.validationScore * options.validationSize);
  const validationInstances = Array.from({ length: options.validationSize }, (_, position) => ({
    id: `v-${String(position).padStart(3, '0')}`,
    input: { claim: `Claim ${position} about <b>entity ${position % 7}</b> and its founder.` },
    gold: { label: position % 3 === 0 ? 'NOT_SUPPORTED' : 'SUPPORTED' },
    scores: candidates.map((candidate) => (solves(candidate, position) ? 1 : 0)),
  }));
  const evaluations = candidates.flatMap((candidate) =>
    validationInstances.map((instance, position) => {
      const correct = solves(candidate, position);
      const label = correct ? instance.gold['label'] : 'SUPPORTED?';
      return {
        candidate: candidate.index,
        instanceId: instance.id,
        output: { label },
        ...(correct ? {} : { feedback: `Expected ${String(instance.gold['label'])}: hop 2 was never checked.` }),
        trace: [
          {
            module: 'query',
            messages: [
              { role: 'user', text: String(instance.input['claim']) },
              { role: 'assistant', text: `query: founder of entity ${position % 7}` },
            ],
          },
          {
            module: 'answer',
            messages: [
              { role: 'user', text: 'Passages: …' },
              { role: 'assistant', text: String(label) },
            ],
            output: { label },
          },
        ],
      };
    }),
  );
  const accepted = new Map(candidates.filter((candidate) => candidate.step !== null).map((candidate) => [candidate.step, candidate]));
  const proposals: RunReportProposal[] = [];
  for (let step = 1; step <= options.steps; step++) {
    const candidate = accepted.get(step);
    const parent = candidate?.parent ?? Math.floor(random() * candidates.length);
    const module = candidate?.module ?? (step % 2 === 0 ? 'answer' : 'query');
    const noOp = candidate === undefined && random() < 0.15;
    const parentScores = [0, 1, 0];
    const parentPrompt = `Decide SUPPORTED or NOT_SUPPORTED.\nRevision ${parent}.`;
    proposals.push({
      step,
      parent,
      module,
      outcome: candidate !== undefined ? 'accepted' : noOp ? 'no-op' : 'rejected',
      ...(noOp ? { noOpReason: 'missing-block' } : {}),
      minibatch: [`t-${step}`, `t-${step + 1}`, `t-${step + 2}`],
      parentScores,
      ...(noOp ? {} : { proposalScores: candidate === undefined ? [0, 1, 0] : [1, 1, 0] }),
      ...(candidate === undefined ? {} : { candidate: candidate.index }),
      parentPrompt,
      ...(noOp ? {} : { proposedPrompt: `${parentPrompt}\nCheck hop ${step} against a passage before answering.` }),
      reflection: noOp
        ? 'I am not sure what to change.'
        : `The failures skip hop ${step}.\n<system_prompt>…</system_prompt>`,
    });
  }
  const outcomesInOrder = (event: RunReportSynthesisEvent) =>
    Object.entries(event.outcomes).flatMap(([outcome, count]) => Array.from({ length: count }, () => outcome));
  const synthesisAttempts = options.events.flatMap((event) =>
    outcomesInOrder(event).map((outcome, slot): RunReportSynthesisAttempt => {
      const modeName = options.modeNames[slot % options.modeNames.length] ?? 'mode';
      const generated = outcome !== 'generation-failed';
      const verified = generated && !['duplicate', 'leaked'].includes(outcome);
      return {
        event: event.event,
        slot,
        modeName,
        modeDescription: `The program ${modeName.replaceAll('-', ' ')}.`,
        intent: intents[slot % 4] ?? 'positive',
        outcome,
        reason: outcome === 'admitted' ? 'valid and faithful' : `attempt ended ${outcome}`,
        sourceInstanceId: `t-${slot}`,
        source: { id: `o-${slot}-0`, instanceId: `t-${slot}`, score: 0, feedback: 'hop 2 was never checked', input: { claim: `Training claim ${slot}` } },
        ...(generated
          ? { instance: { id: `syn-${event.event}-${slot}`, input: { claim: `Synthetic claim ${slot}` }, gold: { label: 'SUPPORTED' } } }
          : { generatorText: 'Here is an example, in prose rather than the block.' }),
        ...(verified
          ? {
              verdict:
                outcome === 'verification-failed'
                  ? {
                      ok: false as const,
                      code: 'invalid-answer' as const,
                      reason: '<validity> must be true or false, got "yes"' }
                  : {
                      ok: true as const,
                      validity: outcome !== 'rejected-validity' && outcome !== 'rejected-both',
                      validityReason: 'The gold label follows from the passages.',
                      faithfulness: outcome !== 'rejected-faithfulness' && outcome !== 'rejected-both',
                      faithfulnessReason: `It exercises ${modeName}.`,
                    },
            }
          : {}),
      };
    }),
  );
  return { validationInstances, evaluations, proposals, synthesisAttempts };
}
