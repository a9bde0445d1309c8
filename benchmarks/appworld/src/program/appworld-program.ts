import { randomUUID } from 'node:crypto';
import {
  demonstrationsFor,
  type Execution,
  type Instance,
  type Program,
  type ProgramContext,
  type Prompts,
  taskMaxOutputTokens,
} from '@forge/program';
import { runEpisode } from '../episode/run-episode.js';
import type { AppWorldServerPool } from '../pool/server-pool.js';
import { appworldDemonstration, renderAppWorldDemonstrations } from './appworld-demonstrations.js';
import { appworldMaxSteps, appworldModuleName, appworldSeedPrompt } from './appworld-prompts.js';

/** Settings of `createAppWorldProgram`. */
export interface AppWorldProgramSettings {
  /** The environment servers. */
  readonly pool: AppWorldServerPool;
  /** Model calls per task. Default 50 (the paper). */
  readonly maxSteps?: number;
  /**
   * Prefix of the AppWorld experiment name of each episode (`<prefix>-<uuid>`, so concurrent
   * episodes of one task never share an output directory). Default `forge`.
   */
  readonly experimentPrefix?: string;
}

/**
 * The AppWorld program: one module, `appworld_agent`, a ReAct-style code agent whose system
 * prompt is the candidate. Each run is one episode on a server from the pool; the environment's
 * evaluation is part of the run (it needs the task's live world), and the evaluator scores the
 * report the run returns. The trace is the agent's whole conversation: every step's code and
 * the environment's output.
 */
export function createAppWorldProgram(settings: AppWorldProgramSettings): Program {
  const maxSteps = settings.maxSteps ?? appworldMaxSteps;
  const prefix = settings.experimentPrefix ?? 'forge';
  return {
    name: 'appworld',
    modules: [
      {
        name: appworldModuleName,
        seedPrompt: appworldSeedPrompt,
        description:
          "Completes the supervisor's task by writing Python against the apps' APIs, step by step, in the AppWorld REPL.",
      },
    ],
    async run(instance: Instance, prompts: Prompts, context: ProgramContext): Promise<Execution> {
      const taskId = String(instance.input['task_id'] ?? instance.id);
      const demonstrations = demonstrationsFor(context.demos, appworldModuleName);
      const result = await runEpisode({
        ...(demonstrations.length === 0
          ? {}
          : { preamble: renderAppWorldDemonstrations(demonstrations) }),
        pool: settings.pool,
        taskId,
        system: prompts[appworldModuleName],
        model: context.model,
        maxSteps,
        maxOutputTokens: taskMaxOutputTokens,
        ...(context.metadata === undefined ? {} : { metadata: context.metadata }),
        experimentName: `${prefix}-${randomUUID()}`,
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
      });
      const { episode, evaluation } = result.output;
      const notes = [
        `episode on ${episode.server}: task ${taskId}${episode.datetime === undefined ? '' : ` (world date-time ${episode.datetime})`}, ${episode.steps} of ${maxSteps} steps, ended by ${episode.stop}; complete_task called: ${episode.completed ? 'yes' : 'no'}`,
      ];
      if (evaluation !== undefined) {
        notes.push(
          `evaluation: ${evaluation.passes.length} of ${evaluation.num_tests} tests passed`,
        );
      }
      if (episode.failure !== undefined) {
        notes.push(`the ${episode.failure.stage} stage failed: ${episode.failure.message}`);
      }
      return {
        output: result.output,
        trace: [
          {
            module: appworldModuleName,
            messages: result.messages,
            output: { requirements: result.output.requirements },
            notes,
            ...(context.recordDemonstrations === true
              ? {
                  demonstration: appworldDemonstration(
                    String(instance.input['instruction'] ?? ''),
                    result.messages,
                    instance.id,
                  ),
                }
              : {}),
          },
        ],
        usage: result.usage,
      };
    },
  };
}
