import { type RoleAnswers, type RunDatabase, readRunAnswers } from '@forge/store';
import type { RunReportAnswers } from './run-report-data.js';

/** True when the run's database has the `optimizer_answers` table (runs recorded before it do not). */
function hasAnswersTable(database: RunDatabase): boolean {
  return (
    database
      .prepare(
        "SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = 'optimizer_answers'",
      )
      .get() !== undefined
  );
}

/** Every optimizer role's saved answers, by role, or nothing for a run recorded before they were kept. */
export function loadRoleAnswers(database: RunDatabase): Readonly<Record<string, RoleAnswers>> {
  return hasAnswersTable(database) ? readRunAnswers(database) : {};
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
