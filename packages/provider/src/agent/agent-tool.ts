import type { z } from 'zod';

/** What a tool receives besides its input. */
export interface AgentToolContext {
  /** Cancels the tool's work when the agent run is aborted. */
  readonly abortSignal?: AbortSignal;
}

/**
 * A tool an agent may call. The input schema is a zod schema: it documents the input for the
 * model (as JSON Schema) and validates what the model sends before `execute` runs.
 */
export interface AgentTool<TInput = unknown> {
  /** Name the model calls the tool by. */
  readonly name: string;
  /** What the tool does and when to use it, for the model. */
  readonly description: string;
  /** Schema of the input object. */
  readonly inputSchema: z.ZodType<TInput>;
  /**
   * Runs the tool. The returned value is sent to the model as text (strings as they are,
   * anything else as JSON). A thrown error is sent back as an error result; it does not end
   * the agent run.
   */
  execute(input: TInput, context: AgentToolContext): unknown | Promise<unknown>;
}

/** Declares a tool with its input type inferred from the schema. */
export function defineTool<TSchema extends z.ZodType>(tool: {
  name: string;
  description: string;
  inputSchema: TSchema;
  execute(input: z.infer<TSchema>, context: AgentToolContext): unknown | Promise<unknown>;
}): AgentTool<z.infer<TSchema>> {
  return tool as AgentTool<z.infer<TSchema>>;
}
