/** A thinking block exactly as the API returned it (signature included). */
export type ThinkingBlock =
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | { readonly type: 'redacted_thinking'; readonly data: string };

/**
 * With extended thinking on, the Messages API wants an assistant turn's thinking blocks sent
 * back verbatim (with their signatures) when the conversation continues after a tool call.
 * Forge's message contract carries reasoning as plain text only, so the adapter remembers the
 * blocks here, keyed by the turn's first tool-call id, and restores them when that turn is sent
 * back. Bounded: the oldest turns are forgotten first.
 */
export class ThinkingBlockMemory {
  private readonly blocks = new Map<string, readonly ThinkingBlock[]>();

  constructor(private readonly capacity = 2048) {}

  /** Remembers the thinking blocks of the turn whose first tool call is `toolCallId`. */
  remember(toolCallId: string, blocks: readonly ThinkingBlock[]): void {
    if (blocks.length === 0) return;
    this.blocks.delete(toolCallId);
    this.blocks.set(toolCallId, blocks);
    while (this.blocks.size > this.capacity) {
      this.blocks.delete(this.blocks.keys().next().value as string);
    }
  }

  /** The blocks remembered for the turn whose first tool call is `toolCallId`. */
  recall(toolCallId: string): readonly ThinkingBlock[] {
    return this.blocks.get(toolCallId) ?? [];
  }
}
