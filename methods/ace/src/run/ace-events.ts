import { type MethodContext, optimizerAnswer } from '@forge/method';
import type { AceState, SampleOutcome } from './ace-state.js';

/** Emits a method-specific note. */
export type NoteEmitter = (kind: string, message: string, data?: Record<string, unknown>) => void;

/** Announces the candidate just validated (the contract's `candidate-validated`). */
export function announceCandidate(context: MethodContext, state: AceState): void {
  const candidate = state.candidates[state.candidates.length - 1];
  if (candidate === undefined) return;
  context.onEvent({
    type: 'candidate-validated',
    candidate: candidate.index,
    parent: candidate.parent,
    score: candidate.validation,
    improved: state.best === candidate.index,
    evaluationsUsed: state.evaluationsUsed,
  });
}

/** The reflector's answer contract, in the words a warning shows. */
const reflectorContract = 'one JSON object with the diagnosis fields and bullet_tags';
/** The curator's answer contract, in the words a warning shows. */
const curatorContract = 'one JSON object with reasoning and an operations list';

export function announceSample(
  context: MethodContext,
  state: AceState,
  step: number,
  outcome: SampleOutcome,
  note: NoteEmitter,
): void {
  for (const reflection of outcome.reflections) {
    context.onEvent(
      optimizerAnswer({
        role: 'reflect',
        reason:
          reflection.outcome === 'malformed' ? (reflection.code ?? 'invalid-json') : undefined,
        contract: reflectorContract,
        ...(reflection.reason === undefined ? {} : { text: reflection.reason }),
        step,
      }),
    );
    if (reflection.outcome === 'malformed') {
      note(
        'reflection-malformed',
        `reflection could not be read (${reflection.reason}); no counter moved`,
      );
    }
  }
  const curation = outcome.curation;
  if (curation.outcome !== 'skipped') {
    context.onEvent(
      optimizerAnswer({
        role: 'curate',
        reason: curation.outcome === 'malformed' ? (curation.code ?? 'invalid-json') : undefined,
        contract: curatorContract,
        ...(curation.outcome === 'malformed' ? { text: curation.reason } : {}),
        step,
      }),
    );
  }
  if (curation.outcome === 'malformed') {
    note(
      'curation-malformed',
      `curation could not be read (${curation.reason}); the playbook is unchanged`,
    );
  } else if (
    curation.outcome === 'applied' &&
    curation.applied.length + curation.rejected.length + curation.merges.length > 0
  ) {
    // A curation that proposed nothing is not worth a line.
    const counts = new Map<string, number>();
    for (const operation of curation.applied)
      counts.set(operation.type, (counts.get(operation.type) ?? 0) + 1);
    const parts = [...counts].map(([type, count]) => `${count} ${type}`);
    if (curation.rejected.length > 0) parts.push(`${curation.rejected.length} rejected`);
    if (curation.merges.length > 0) parts.push(`${curation.merges.length} duplicate(s) folded`);
    if (curation.evicted.length + curation.dropped.length > 0) {
      parts.push(
        `${curation.evicted.length + curation.dropped.length} removed for the token budget`,
      );
    }
    if (curation.reverted) parts.push('reverted: over the token budget');
    note(
      'playbook-curated',
      `playbook: ${parts.length > 0 ? parts.join(', ') : 'no change'}; ${state.playbook.bullets.length} bullets`,
      {
        applied: curation.applied.length,
        rejected: curation.rejected.length,
        duplicatesFolded: curation.merges.length,
        bullets: state.playbook.bullets.length,
      },
    );
  }
  const best = state.candidates[state.best];
  context.onEvent({
    type: 'step-end',
    step,
    outcome:
      outcome.initialScore === 1 ? 'correct' : outcome.corrected ? 'corrected' : 'unresolved',
    evaluationsUsed: state.evaluationsUsed,
    bestCandidate: state.best,
    bestScore: best?.validation ?? 0,
    candidates: state.candidates.length,
  });
}
