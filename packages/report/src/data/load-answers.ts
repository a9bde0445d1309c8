import { type RoleAnswers, type RunDatabase, readRunAnswers } from '@forge/store';
import type { RunReportAnswers } from './run-report-data.js';

/** Every optimizer role's saved answers, by role, or nothing for a run recorded before they were kept. */
export function loadRoleAnswers(database: RunDatabase): Readonly<Record<string, RoleAnswers>> {
  return readRunAnswers(database);
}

/** The report's view of the run's answers: one row per role, in the order roles first answered. */
export function loadAnswers(database: RunDatabase): RunReportAnswers[] {
  return Object.entries(loadRoleAnswers(database)).map(([role, answers]) => ({
    role,
    total: answers.total,
    unusable: answers.unusable,
    reasons: answers.reasons,
  }));
}
