import { z } from 'zod';
import type { CallMetadata, ToolDefinition } from '../language-model/generate-request.js';
import type { FinishReason, Usage } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import type { Message, ToolCall } from '../language-model/message.js';
import { addUsage, emptyUsage } from '../language-model/usage.js';
import type { AgentTool } from './agent-tool.js';
import type { TranscriptEntry } from './agent-transcript.js';

/** Options of `runAgent`. */
export interface RunAgentOptions {
  /** The model that drives the agent. */
  readonly model: LanguageModel;
  /** System prompt. */
  readonly system?: string;
  /** The opening user message. */
  readonly prompt: string;
  /** Tools the agent may call. Default none (a single model call). */
  readonly tools?: readonly AgentTool[];
  /** Maximum number of model calls. Default 8. */
  readonly maxSteps?: number;
  /** Output-token limit per model call. */
  readonly maxOutputTokens?: number;
  /** Sampling temperature. */
  readonly temperature?: number;
  /** Provider-specific options, passed through to every call. */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
  /** Facts for middleware (role, sample index). */
  readonly metadata?: CallMetadata;
  /** Cancels the run. */
  readonly abortSignal?: AbortSignal;
}

/** Why the agent loop ended. */
export type AgentFinishReason = FinishReason | 'step-limit';

/** What an agent run produced. */
export interface AgentResult {
  /** Visible text of the last model step: where the agent's final answer is. */
  readonly text: string;
  /** Visible assistant text and tool activity, in order. */
  readonly transcript: readonly TranscriptEntry[];
  /** Hidden reasoning of each step that had any, kept apart from the transcript. */
  readonly reasoning: readonly string[];
  /** The full conversation after the opening prompt, as sent to the model. */
  readonly messages: readonly Message[];
  /** Number of model calls made. */
  readonly steps: number;
  /** Why the loop ended: the last call's finish reason, or `step-limit`. */
  readonly finishReason: AgentFinishReason;
  /** Token counts summed over all steps. */
  readonly usage: Usage;
  /** Summed cost of all steps, when the model reports cost. */
  readonly costUsd?: number;
}

/**
 * The multi-step tool loop: call the model; if it asks for tools, validate each call's input
 * against the tool's zod schema, run it, send the results back and call again; stop when the
 * model answers without tool calls or the step limit is reached. Invalid input, unknown tools
 * and tool errors are returned to the model as error results, so it can correct itself.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const tools = options.tools ?? [];
  const maxSteps = options.maxSteps ?? 8;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new RangeError(`runAgent: maxSteps must be a positive integer, got ${maxSteps}`);
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const definitions = tools.map(toToolDefinition);
  const messages: Message[] = [{ role: 'user', content: options.prompt }];
  const transcript: TranscriptEntry[] = [];
  const reasoning: string[] = [];
  let usage = emptyUsage();
  let costUsd: number | undefined;
  let text = '';

  for (let step = 0; step < maxSteps; step++) {
    const result = await options.model.generate({
      system: options.system,
      messages: messages.slice(),
      tools: definitions.length > 0 ? definitions : undefined,
      maxOutputTokens: options.maxOutputTokens,
      temperature: options.temperature,
      providerOptions: options.providerOptions,
      metadata: options.metadata,
      abortSignal: options.abortSignal,
    });
    usage = addUsage(usage, result.usage);
    if (result.costUsd !== undefined) costUsd = (costUsd ?? 0) + result.costUsd;
    if (result.reasoning) reasoning.push(result.reasoning);
    text = result.text;
    if (result.text.length > 0)
      transcript.push({ type: 'assistant-text', step, text: result.text });
    messages.push({
      role: 'assistant',
      content: result.text,
      toolCalls: result.toolCalls.length > 0 ? result.toolCalls : undefined,
      reasoning: result.reasoning,
    });
    if (result.toolCalls.length === 0) {
      return finish(result.finishReason, step + 1);
    }
    for (const call of result.toolCalls) {
      transcript.push({
        type: 'tool-call',
        step,
        toolCallId: call.id,
        toolName: call.name,
        input: call.input,
      });
      const outcome = await runTool(byName.get(call.name), call, options.abortSignal);
      transcript.push({
        type: 'tool-result',
        step,
        toolCallId: call.id,
        toolName: call.name,
        output: outcome.output,
        isError: outcome.isError,
      });
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: outcome.output,
        isError: outcome.isError || undefined,
      });
    }
  }
  return finish('step-limit', maxSteps);

  function finish(finishReason: AgentFinishReason, steps: number): AgentResult {
    return {
      text,
      transcript,
      reasoning,
      messages: messages.slice(1),
      steps,
      finishReason,
      usage,
      ...(costUsd === undefined ? {} : { costUsd }),
    };
  }
}

async function runTool(
  tool: AgentTool | undefined,
  call: ToolCall,
  abortSignal: AbortSignal | undefined,
): Promise<{ output: string; isError: boolean }> {
  if (tool === undefined) {
    return { output: `Error: there is no tool named "${call.name}".`, isError: true };
  }
  const parsed = tool.inputSchema.safeParse(call.input);
  if (!parsed.success) {
    return {
      output: `Error: invalid input for tool "${call.name}": ${z.prettifyError(parsed.error)}`,
      isError: true,
    };
  }
  try {
    const value = await tool.execute(parsed.data, { abortSignal });
    return {
      output: typeof value === 'string' ? value : JSON.stringify(value ?? null),
      isError: false,
    };
  } catch (error) {
    if (abortSignal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return { output: `Error: tool "${call.name}" failed: ${message}`, isError: true };
  }
}

function toToolDefinition(tool: AgentTool): ToolDefinition {
  const schema = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as Record<string, unknown>;
  const { $schema: _ignored, ...inputSchema } = schema;
  return { name: tool.name, description: tool.description, inputSchema };
}
