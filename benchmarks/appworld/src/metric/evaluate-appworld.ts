import type { Evaluation, Execution, Instance } from '@forge/program';
import type { AppWorldEvaluationReport } from '../client/wire-schemas.js';
import { type Episode, episodeOutputSchema } from '../episode/episode-output.js';

const maxTraceLength = 600;

/**
 * The paper's AppWorld score (B.2, SPEC §11): passed tests / `num_tests` of the environment's
 * evaluation. Zero when `num_tests` is 0 (AppWorld's `safe_divide`), and zero on any error: an
 * episode that failed, a missing or malformed report, or a report whose counts do not add up.
 */
export function scoreReport(report: AppWorldEvaluationReport | undefined): number {
  if (report === undefined || report.num_tests <= 0) return 0;
  if (report.passes.length + report.failures.length !== report.num_tests) return 0;
  return report.passes.length / report.num_tests;
}

/**
 * Scores one AppWorld execution from the report the run obtained and writes feedback from it:
 * every failed requirement with the start of its failure trace, the tests that pass without
 * any action, whether the agent completed the task, and whether it ran out of steps. Feedback
 * on an infrastructure failure says so, so it is not read as the prompt's fault.
 */
export function evaluateAppWorld(_instance: Instance, execution: Execution): Evaluation {
  const parsed = episodeOutputSchema.safeParse(execution.output);
  if (!parsed.success) {
    return {
      score: 0,
      feedback:
        'The run produced no AppWorld evaluation report (its output is not an episode record), so it scores 0.',
    };
  }
  const { episode, evaluation } = parsed.data;
  if (episode.failure !== undefined) {
    const { failure } = episode;
    return {
      score: 0,
      feedback: `The episode failed during ${failure.stage} (${failure.kind}): ${failure.message} Any error scores 0.${failure.server_retired ? ' The server was taken out of the pool.' : ''} This is a failure of the environment, not of the agent's reasoning.`,
    };
  }
  if (evaluation === undefined) {
    return {
      score: 0,
      feedback: 'The environment returned no evaluation report, so the task scores 0.',
    };
  }
  if (evaluation.num_tests <= 0) {
    return {
      score: 0,
      feedback: 'The environment reported no tests for this task (num_tests = 0), so it scores 0.',
    };
  }
  if (evaluation.passes.length + evaluation.failures.length !== evaluation.num_tests) {
    return {
      score: 0,
      feedback: `The evaluation report is inconsistent (${evaluation.passes.length} passes and ${evaluation.failures.length} failures for ${evaluation.num_tests} tests), so the task scores 0.`,
    };
  }
  return { score: scoreReport(evaluation), feedback: feedback(evaluation, episode) };
}

function feedback(report: AppWorldEvaluationReport, episode: Episode): string {
  const parts = [
    `The environment's tests: ${report.passes.length} of ${report.num_tests} passed${report.success ? ' (the task succeeded)' : ''}.`,
  ];
  if (report.failures.length > 0) {
    parts.push(
      `Failed requirements:\n${report.failures
        .map((failure, index) => {
          const trace = failure.trace.trim();
          const shown =
            trace.length <= maxTraceLength ? trace : `${trace.slice(0, maxTraceLength)}…`;
          return `${index + 1}. ${failure.requirement}${shown === '' ? '' : `\n${shown}`}`;
        })
        .join('\n')}`,
    );
  }
  const idle = report.passes.filter((pass) => pass.label === 'no_op_pass');
  if (idle.length > 0) {
    parts.push(
      `${idle.length} of the passed requirements hold even when nothing is done (no_op_pass): ${idle.map((pass) => pass.requirement).join('; ')}.`,
    );
  }
  if (!episode.completed) {
    parts.push(
      'The agent never called apis.supervisor.complete_task(), so the task was not marked complete.',
    );
  }
  if (episode.stop === 'step-limit') {
    parts.push(`The agent used all ${episode.max_steps} steps without finishing.`);
  } else if (episode.stop !== 'task-completed') {
    parts.push(
      `The agent stopped after ${episode.steps} steps by answering without running code (finish reason ${episode.stop}).`,
    );
  }
  return parts.join('\n\n');
}
