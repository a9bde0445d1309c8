import {
  addToTally,
  type ContractTally,
  type ContractWarning,
  roleContractWarning,
} from '@forge/core';
import type { OptimizerAnswerEvent } from '@forge/method';
import {
  type RoleAnswers,
  readRunAnswers,
  SqliteAnswerRecorder,
  type SqliteRunStore,
} from '@forge/store';

/** The contract named when a method's answer event names none. */
const unnamedContract = 'the output contract of its prompt';

/** Saves every optimizer answer and warns, for any method, when a role's answers mostly break their contract. */
export interface AnswerLedger {
  /** Saves one answer; returns the warning when its role just crossed the threshold. */
  observe(event: OptimizerAnswerEvent): ContractWarning | undefined;
}

/**
 * Opens the run's answer ledger. Tallies start from what earlier invocations saved, so a resumed
 * run warns on the run's whole record (answers an interrupted invocation gave for the steps it
 * did not finish are replaced by the resumed invocation's, so no answer is counted twice); a role already above the threshold is not warned again
 * live (the summary and `run-end` still carry it). With `liveWarnings` false (Forge's variants,
 * whose core warns as it goes) answers are only saved.
 */
export function openAnswerLedger(
  store: SqliteRunStore,
  options: { readonly liveWarnings: boolean },
): AnswerLedger {
  const recorder = new SqliteAnswerRecorder(store.database);
  const tallies = new Map<string, ContractTally>();
  const contracts = new Map<string, string>();
  const warned = new Set<string>();
  for (const [role, answers] of Object.entries(readRunAnswers(store.database))) {
    const tally = tallyOf(answers);
    tallies.set(role, tally);
    if (answers.contract !== undefined) contracts.set(role, answers.contract);
    if (roleContractWarning(role, answers.contract ?? unnamedContract, tally)) warned.add(role);
  }
  // The first step this invocation answers for is where it picks up: answers an interrupted
  // invocation saved for that step and later are recorded again as the steps run again.
  let pickedUp = false;
  return {
    observe(event) {
      if (!pickedUp && event.step !== undefined) {
        pickedUp = true;
        recorder.forgetFrom(event.step);
      }
      recorder.record(event);
      if (!options.liveWarnings) return undefined;
      if (event.contract !== undefined && !contracts.has(event.role)) {
        contracts.set(event.role, event.contract);
      }
      const tally = addToTally(tallies.get(event.role), {
        broken: !event.usable,
        ...(event.excerpt === undefined ? {} : { text: event.excerpt }),
        ...(event.reason === undefined ? {} : { reason: event.reason }),
      });
      tallies.set(event.role, tally);
      if (warned.has(event.role)) return undefined;
      const warning = roleContractWarning(
        event.role,
        contracts.get(event.role) ?? unnamedContract,
        tally,
      );
      if (warning !== undefined) warned.add(event.role);
      return warning;
    },
  };
}

/** The run's warnings from its saved answers: every role above the threshold. */
export function answerWarnings(answers: Readonly<Record<string, RoleAnswers>>): ContractWarning[] {
  const warnings: ContractWarning[] = [];
  for (const [role, roleAnswers] of Object.entries(answers)) {
    const warning = roleContractWarning(
      role,
      roleAnswers.contract ?? unnamedContract,
      tallyOf(roleAnswers),
    );
    if (warning !== undefined) warnings.push(warning);
  }
  return warnings;
}

function tallyOf(answers: RoleAnswers): ContractTally {
  return {
    calls: answers.total,
    noOps: answers.unusable,
    ...(answers.example === undefined ? {} : { example: answers.example }),
    ...(answers.exampleReason === undefined ? {} : { exampleReason: answers.exampleReason }),
  };
}
