/**
 * The visible record of an agent run: what the assistant said and which tools it called with
 * what results. Hidden reasoning is kept apart (`AgentResult.reasoning`) so that a transcript
 * can be shown to another agent (the verifier) without leaking it.
 */
export type TranscriptEntry =
  | {
      /** Visible assistant text of one model step. */
      readonly type: 'assistant-text';
      /** 0-based model step. */
      readonly step: number;
      readonly text: string;
    }
  | {
      /** A tool call the assistant made. */
      readonly type: 'tool-call';
      readonly step: number;
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
    }
  | {
      /** The result sent back for a tool call. */
      readonly type: 'tool-result';
      readonly step: number;
      readonly toolCallId: string;
      readonly toolName: string;
      /** The text the model received. */
      readonly output: string;
      /** True when the tool failed, was unknown, or its input did not validate. */
      readonly isError: boolean;
    };
