/** A tool call the model asked for. */
export interface ToolCall {
  /** Id the provider gave the call; tool results refer back to it. */
  readonly id: string;
  /** Name of the tool, as declared in `GenerateRequest.tools`. */
  readonly name: string;
  /** Arguments, parsed from the provider's JSON. Unparseable arguments arrive as the raw string. */
  readonly input: unknown;
}

/** A user turn. */
export interface UserMessage {
  readonly role: 'user';
  /** Plain text. */
  readonly content: string;
}

/** An assistant turn: visible text and the tool calls it made. */
export interface AssistantMessage {
  readonly role: 'assistant';
  /** Visible text; empty when the turn only called tools. */
  readonly content: string;
  /** Tool calls made in this turn, in the order the model made them. */
  readonly toolCalls?: readonly ToolCall[];
  /**
   * Hidden reasoning the provider returned for this turn, kept only so providers that require
   * it can be sent it back. Never rendered into optimizer-side prompts.
   */
  readonly reasoning?: string;
}

/** The result of one tool call, sent back to the model. */
export interface ToolMessage {
  readonly role: 'tool';
  /** The `ToolCall.id` this result answers. */
  readonly toolCallId: string;
  /** The tool's name (some wire formats need it). */
  readonly toolName: string;
  /** The result as text (JSON for structured results). */
  readonly content: string;
  /** True when the tool failed or its input did not validate; the text says why. */
  readonly isError?: boolean;
}

/** One message of a conversation. The system prompt is not a message: see `GenerateRequest.system`. */
export type Message = UserMessage | AssistantMessage | ToolMessage;
