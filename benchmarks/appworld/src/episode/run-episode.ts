import {
  type CallMetadata,
  type LanguageModel,
  type Message,
  runAgent,
  type Usage,
} from '@forge/provider';
import type { AppWorldClient } from '../client/appworld-client.js';
import { AppWorldError } from '../client/appworld-error.js';
import type { AppWorldEvaluationReport } from '../client/wire-schemas.js';
import type { AppWorldServerPool } from '../pool/server-pool.js';
import { renderTaskMessage } from '../program/appworld-prompts.js';
import { createAgentTools } from './agent-tools.js';
import { EpisodeControl } from './episode-control.js';
import type { Episode, EpisodeFailure, EpisodeOutput } from './episode-output.js';

/** Options of `runEpisode`. */
export interface RunEpisodeOptions {
  /** The servers to run on. */
  readonly pool: AppWorldServerPool;
  /** The task. */
  readonly taskId: string;
  /** The agent's system prompt (the candidate). */
  readonly system: string | undefined;
  /** The task model. */
  readonly model: LanguageModel;
  /** Model calls allowed. */
  readonly maxSteps: number;
  /** Output-token limit of each call. */
  readonly maxOutputTokens?: number;
  /** Passed to every model call (role `task` is added). */
  readonly metadata?: CallMetadata;
  /** Where AppWorld keeps the episode's outputs; unique per episode. */
  readonly experimentName: string;
  /** Cancels the episode. */
  readonly abortSignal?: AbortSignal;
  /**
   * Text put before the task in the opening user message (the candidate's worked examples). The
   * trace keeps the task message alone.
   */
  readonly preamble?: string;
}

/** What one episode produced. */
export interface EpisodeResult {
  /** The execution output (evaluation report, passed requirements, episode summary). */
  readonly output: EpisodeOutput;
  /** The conversation after the system prompt, starting with the task message. */
  readonly messages: readonly Message[];
  /** Token counts of the model calls. */
  readonly usage: Usage;
}

const closeTimeoutMs = 10_000;

/**
 * One task, start to finish, as the paper's harness runs it (LangProBe's AppWorld program):
 * take a server from the pool, initialise the task, let the agent work for at most `maxSteps`
 * model calls (stopping as soon as the environment reports the task complete), evaluate, close.
 * An environment failure never rejects: it ends the episode with a `failure` (the task scores
 * 0) and, when the server is gone, takes it out of the pool. A model failure or the caller's
 * abort rejects, after the task's world is closed.
 */
export async function runEpisode(options: RunEpisodeOptions): Promise<EpisodeResult> {
  const { taskId, abortSignal } = options;
  const lease = await options.pool.acquire(abortSignal);
  const client = lease.client;
  let retired = false;
  const retireIfDown = (error: unknown) => {
    if (!retired && AppWorldError.isInstance(error) && error.isServerDown) {
      retired = true;
      lease.retire(error.message);
    }
  };
  const episode = (fields: Partial<Episode> & Pick<Episode, 'steps' | 'stop' | 'completed'>) => ({
    task_id: taskId,
    server: lease.url,
    max_steps: options.maxSteps,
    ...fields,
  });
  try {
    let task: Awaited<ReturnType<AppWorldClient['initialize']>>;
    try {
      task = await client.initialize(taskId, {
        experimentName: options.experimentName,
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
    } catch (error) {
      if (abortSignal?.aborted) throw error;
      retireIfDown(error);
      const failure = describe('initialize', error, retired);
      return {
        output: {
          requirements: [],
          episode: episode({ steps: 0, stop: 'failure', completed: false, failure }),
        },
        messages: [],
        usage: { inputTokens: 0, outputTokens: 0 },
      };
    }
    const prompt = renderTaskMessage(task, options.maxSteps);
    const control = new EpisodeControl(abortSignal);
    let conversation: Message[];
    let stop: string;
    try {
      const result = await runAgent({
        model: control.wrap(options.model),
        system: options.system,
        prompt: options.preamble === undefined ? prompt : `${options.preamble}\n\n${prompt}`,
        tools: createAgentTools(client, taskId, control),
        maxSteps: options.maxSteps,
        ...(options.maxOutputTokens === undefined
          ? {}
          : { maxOutputTokens: options.maxOutputTokens }),
        metadata: { ...options.metadata, role: 'task' },
        abortSignal: control.signal,
      });
      conversation = [...result.messages];
      stop = result.finishReason;
    } catch (error) {
      if (!control.stoppedBy()) {
        await closeQuietly(client, taskId);
        throw error;
      }
      conversation = control.messagesSoFar();
      stop = control.stop as string;
    }
    const messages: Message[] = [{ role: 'user', content: prompt }, ...conversation.map(visible)];
    const base = { steps: control.steps, stop, datetime: task.datetime };
    const finish = (
      failure: EpisodeFailure | undefined,
      completed: boolean,
      evaluation?: AppWorldEvaluationReport,
    ): EpisodeResult => ({
      output: {
        requirements: evaluation?.passes.map((pass) => pass.requirement) ?? [],
        ...(evaluation === undefined ? {} : { evaluation }),
        episode: episode({ ...base, completed, ...(failure === undefined ? {} : { failure }) }),
      },
      messages,
      usage: control.usage,
    });
    if (control.stop === 'failure') {
      retireIfDown(control.failure);
      if (!retired) await closeQuietly(client, taskId);
      return finish(describe('agent', control.failure, retired), false);
    }
    let completed = control.stop === 'task-completed';
    let evaluation: AppWorldEvaluationReport;
    try {
      if (!completed) completed = await client.taskCompleted(taskId, { ...signal(abortSignal) });
      evaluation = await client.evaluate(taskId, { suppressErrors: true, ...signal(abortSignal) });
    } catch (error) {
      if (abortSignal?.aborted) throw error;
      retireIfDown(error);
      if (!retired) await closeQuietly(client, taskId);
      return finish(describe('evaluate', error, retired), completed);
    }
    try {
      await client.close(taskId, { timeoutMs: closeTimeoutMs });
    } catch (error) {
      // The evaluation stands; a server that died meanwhile leaves the pool.
      retireIfDown(error);
    }
    return finish(undefined, completed, evaluation);
  } finally {
    if (!retired) lease.release();
  }
}

function signal(abortSignal: AbortSignal | undefined): { abortSignal?: AbortSignal } {
  return abortSignal === undefined ? {} : { abortSignal };
}

async function closeQuietly(client: AppWorldClient, taskId: string): Promise<void> {
  try {
    await client.close(taskId, { timeoutMs: closeTimeoutMs });
  } catch {
    // Best effort: the next /initialize on this server replaces the world anyway.
  }
}

// Hidden reasoning stays out of the trace the optimizer reads.
function visible(message: Message): Message {
  if (message.role !== 'assistant' || message.reasoning === undefined) return message;
  const { reasoning: _hidden, ...rest } = message;
  return rest;
}

function describe(
  stage: EpisodeFailure['stage'],
  error: unknown,
  retired: boolean,
): EpisodeFailure {
  return {
    stage,
    kind: AppWorldError.isInstance(error) ? error.kind : 'error',
    message: error instanceof Error ? error.message : String(error),
    server_retired: retired,
  };
}
