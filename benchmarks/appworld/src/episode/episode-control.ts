import {
  addUsage,
  emptyUsage,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
  type Message,
  type Usage,
} from '@forge/provider';

/** Why the control stopped the agent loop. */
export type EpisodeStop = 'task-completed' | 'failure';

/** Thrown by a tool to end the agent loop; the episode catches it. */
class EpisodeStopped extends Error {
  constructor(readonly stop: EpisodeStop) {
    super(`episode stopped: ${stop}`);
    this.name = 'EpisodeStopped';
  }
}

/**
 * Ends an agent loop from inside its tools, and keeps what `runAgent` would otherwise lose when
 * it ends that way: the conversation so far. Tools stop the loop by aborting the signal the loop
 * runs with and throwing (runAgent rethrows a tool error once its signal is aborted); the model
 * passed to the loop is wrapped so the last request, its answer and the tool results since are
 * known, and the conversation can be rebuilt exactly as the model saw it.
 */
export class EpisodeControl {
  /** Why the loop was stopped, if a tool stopped it. */
  stop: EpisodeStop | undefined;
  /** The error that stopped it, for `failure`. */
  failure: unknown;
  /** Model calls made. */
  steps = 0;
  /** Token counts of those calls. */
  usage: Usage = emptyUsage();
  private readonly controller = new AbortController();
  private lastRequest: readonly Message[] = [];
  private lastAnswer: GenerateResult | undefined;
  private toolOutputs: { readonly name: string; readonly output: string }[] = [];

  /** The signal the agent loop runs with: the caller's, or this control's stop. */
  readonly signal: AbortSignal;

  constructor(readonly outerSignal: AbortSignal | undefined) {
    this.signal =
      outerSignal === undefined
        ? this.controller.signal
        : AbortSignal.any([outerSignal, this.controller.signal]);
  }

  /** The model, recording every call. */
  wrap(model: LanguageModel): LanguageModel {
    return {
      specificationVersion: model.specificationVersion,
      provider: model.provider,
      modelId: model.modelId,
      generate: async (request: GenerateRequest) => {
        this.steps += 1;
        this.lastRequest = request.messages;
        this.lastAnswer = undefined;
        this.toolOutputs = [];
        const answer = await model.generate(request);
        this.lastAnswer = answer;
        this.usage = addUsage(this.usage, answer.usage);
        return answer;
      },
    };
  }

  /** Keeps a tool's output (tools run one after another, in the order the model called them). */
  recordToolOutput(name: string, output: string): void {
    this.toolOutputs.push({ name, output });
  }

  /** Ends the loop because the environment reports the task complete. */
  complete(): never {
    this.stop = 'task-completed';
    this.controller.abort(new EpisodeStopped('task-completed'));
    throw new EpisodeStopped('task-completed');
  }

  /** Ends the loop because the environment failed; a caller's abort passes through unchanged. */
  fail(error: unknown): never {
    if (this.outerSignal?.aborted) throw error;
    this.stop = 'failure';
    this.failure = error;
    this.controller.abort(new EpisodeStopped('failure'));
    throw new EpisodeStopped('failure');
  }

  /** True when this control ended the loop (not a model failure or the caller's abort). */
  stoppedBy(): boolean {
    return this.stop !== undefined && !(this.outerSignal?.aborted ?? false);
  }

  /**
   * The conversation after the opening user message, as far as it went: the last request, the
   * last answer, and the results of the tools that ran after it. A tool that failed has no
   * result; its call stays, so the trace shows where the episode broke. Only for a loop this
   * control stopped: when `runAgent` returns, its own `messages` are the record.
   */
  messagesSoFar(): Message[] {
    const messages = this.lastRequest.slice(1);
    const answer = this.lastAnswer;
    if (answer === undefined) return messages;
    messages.push({
      role: 'assistant',
      content: answer.text,
      ...(answer.toolCalls.length > 0 ? { toolCalls: answer.toolCalls } : {}),
    });
    // runAgent answers invalid or unknown calls itself, without running a tool: results are
    // matched to calls by tool name, in order, and calls after the stopping one have none.
    let next = 0;
    for (const call of answer.toolCalls) {
      const recorded = this.toolOutputs[next];
      if (recorded === undefined) break;
      if (recorded.name !== call.name) {
        messages.push({
          role: 'tool',
          toolCallId: call.id,
          toolName: call.name,
          content: 'Error: the call was not run (unknown tool or invalid input).',
          isError: true,
        });
        continue;
      }
      next += 1;
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: recorded.output,
      });
    }
    return messages;
  }
}
