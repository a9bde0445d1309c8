import {
  type ContractTally,
  contractExample,
  contractWarning,
  type OptimizerRole,
  optimizerContracts,
  roleContractWarning,
} from '@forge/core';
import {
  type RoleAnswers,
  type RunDatabase,
  readAssignmentTally,
  readRunReflections,
  readRunSteps,
  readSynthesisAttempts,
} from '@forge/store';
import { parseJson } from './clip-text.js';
import { loadRoleAnswers } from './load-answers.js';
import type { RunReportWarning } from './run-report-details.js';

function tally(calls: number, noOps: number, example?: string, reason?: string): ContractTally {
  // Runs recorded before raw answers were kept know the count but not the text.
  const text = example ?? (noOps > 0 ? '(the answer was not recorded for this run)' : undefined);
  return {
    calls,
    noOps,
    ...(text === undefined ? {} : { example: contractExample(text) }),
    ...(reason === undefined ? {} : { exampleReason: reason }),
  };
}

/** The contract named when a method's answers name none (as the run's own warning does). */
const unnamedContract = 'the output contract of its prompt';

/**
 * A role's tally from its saved answers; the example falls back on what Forge's own tables kept
 * when the answers table has none for the role.
 */
function answersTally(answers: RoleAnswers, fallback: ContractTally | undefined): ContractTally {
  const fromAnswers = answers.example !== undefined;
  const example = fromAnswers ? answers.example : fallback?.example;
  const reason = fromAnswers ? answers.exampleReason : fallback?.exampleReason;
  return {
    calls: answers.total,
    noOps: answers.unusable,
    ...(example === undefined ? {} : { example: contractExample(example) }),
    ...(reason === undefined ? {} : { exampleReason: reason }),
  };
}

function contractOf(role: string, answers: RoleAnswers): string {
  if (answers.contract !== undefined) return answers.contract;
  return Object.hasOwn(optimizerContracts, role)
    ? optimizerContracts[role as OptimizerRole]
    : unnamedContract;
}

/**
 * The contract-violation warnings of a whole run, counted with the same rule the run applies
 * while it goes, so a killed or older run gets them too. Every method's roles are counted from
 * the run's `optimizer_answers`; Forge's roles that table does not know (runs recorded before
 * it) are counted from Forge's own tables.
 */
export function loadWarnings(database: RunDatabase): RunReportWarning[] {
  const tallies = new Map<OptimizerRole, ContractTally>();

  // An unchanged prompt follows the contract; only malformed answers count.
  const steps = readRunSteps(database);
  const malformed = steps.filter(
    (step) => step.outcome === 'no-op' && (step.noOpReason ?? '') !== 'unchanged',
  );
  const badReflection = malformed[0];
  const badReflectionText =
    badReflection === undefined
      ? undefined
      : readRunReflections(database).find((row) => row.step === badReflection.step)?.responseText;
  tallies.set(
    'reflect',
    tally(
      steps.filter((step) => step.outcome !== 'perfect').length,
      malformed.length,
      badReflectionText,
      badReflection?.noOpReason ?? undefined,
    ),
  );

  const assignments = readAssignmentTally(database);
  const badAssignment = assignments.firstNoOp;
  tallies.set(
    'assign',
    tally(
      assignments.total,
      assignments.byAction['no-op'] ?? 0,
      badAssignment?.responseText ?? undefined,
      badAssignment?.reason?.split(':')[0] ?? undefined,
    ),
  );

  const attempts = readSynthesisAttempts(database);
  const verifierRan = attempts.filter((attempt) =>
    [
      'verification-failed',
      'rejected-validity',
      'rejected-faithfulness',
      'rejected-both',
      'admitted',
    ].includes(attempt.outcome),
  );
  const failed = (outcome: string) => attempts.filter((attempt) => attempt.outcome === outcome);
  const firstRecord = (outcome: string) =>
    parseJson<{ generatorResponseText?: string; verifierResponseText?: string; reason?: string }>(
      failed(outcome)[0]?.recordJson,
      {},
    );
  const badGeneration = firstRecord('generation-failed');
  tallies.set(
    'generate',
    tally(
      attempts.length,
      failed('generation-failed').length,
      badGeneration.generatorResponseText,
      badGeneration.reason,
    ),
  );
  const badVerification = firstRecord('verification-failed');
  tallies.set(
    'verify',
    tally(
      verifierRan.length,
      failed('verification-failed').length,
      badVerification.verifierResponseText,
      badVerification.reason,
    ),
  );

  const saved = loadRoleAnswers(database);
  const warnings: RunReportWarning[] = [];
  for (const [role, current] of tallies) {
    if (Object.hasOwn(saved, role)) continue;
    const warning = contractWarning(role, current);
    if (warning !== undefined) warnings.push(warning);
  }
  for (const [role, answers] of Object.entries(saved)) {
    const fallback = tallies.get(role as OptimizerRole);
    const warning = roleContractWarning(
      role,
      contractOf(role, answers),
      answersTally(answers, fallback),
    );
    if (warning !== undefined) warnings.push(warning);
  }
  return warnings;
}
