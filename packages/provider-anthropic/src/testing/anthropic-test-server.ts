import {
  type LoopbackHandler,
  type LoopbackResponse,
  type LoopbackServer,
  startLoopbackServer,
} from '@forge/provider/testing';

/**
 * Starts a loopback server for `@forge/provider-anthropic`. Its `url` is the base URL to give
 * the SDK (the SDK appends `/v1/messages`). Queue responses built with `anthropicMessage` /
 * `anthropicError`, or pass a handler.
 */
export function startAnthropicTestServer(
  options: { readonly handler?: LoopbackHandler } = {},
): Promise<LoopbackServer> {
  return startLoopbackServer(options);
}

/** Fields of a scripted Messages API response. */
export interface AnthropicMessageScript {
  /** Text of a text block (omitted when empty and there are tool uses). */
  readonly text?: string;
  /** A thinking block placed first, with a signature. */
  readonly thinking?: { readonly thinking: string; readonly signature: string };
  /** Tool-use blocks. */
  readonly toolUses?: readonly { id: string; name: string; input: unknown }[];
  /** Default `tool_use` when there are tool uses, else `end_turn`. */
  readonly stopReason?: string;
  /** Token counts as the wire has them (`inputTokens` excludes cached parts). */
  readonly usage?: {
    readonly inputTokens: number;
    readonly outputTokens: number;
    readonly cacheCreationInputTokens?: number;
    readonly cacheReadInputTokens?: number;
    readonly thinkingTokens?: number;
  };
  /** Model echoed back. Default `claude-test`. */
  readonly model?: string;
  /** Delay before answering, in milliseconds. */
  readonly delayMs?: number;
}

/** A 200 response with a Messages API body in the 2026-10-21 shape. */
export function anthropicMessage(script: AnthropicMessageScript = {}): LoopbackResponse {
  const toolUses = script.toolUses ?? [];
  const usage = script.usage ?? { inputTokens: 12, outputTokens: 6 };
  const content: unknown[] = [];
  if (script.thinking) content.push({ type: 'thinking', ...script.thinking });
  if (script.text !== undefined || toolUses.length === 0) {
    content.push({ type: 'text', text: script.text ?? '', citations: null });
  }
  for (const use of toolUses) {
    content.push({ type: 'tool_use', ...use, caller: { type: 'direct' } });
  }
  return {
    headers: { 'request-id': 'req_test' },
    ...(script.delayMs === undefined ? {} : { delayMs: script.delayMs }),
    json: {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model: script.model ?? 'claude-test',
      content,
      stop_reason: script.stopReason ?? (toolUses.length > 0 ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: {
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        cache_creation_input_tokens: usage.cacheCreationInputTokens ?? 0,
        cache_read_input_tokens: usage.cacheReadInputTokens ?? 0,
        cache_creation: {
          ephemeral_5m_input_tokens: usage.cacheCreationInputTokens ?? 0,
          ephemeral_1h_input_tokens: 0,
        },
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: null,
        output_tokens_details:
          usage.thinkingTokens === undefined ? null : { thinking_tokens: usage.thinkingTokens },
        speed: null,
      },
    },
  };
}

/** An error response in Anthropic's shape: `{"type":"error","error":{type,message},"request_id"}`. */
export function anthropicError(
  status: number,
  type: string,
  message: string,
  headers: { readonly [name: string]: string } = {},
): LoopbackResponse {
  return {
    status,
    headers: { 'request-id': 'req_test', ...headers },
    json: { type: 'error', error: { type, message }, request_id: 'req_test' },
  };
}
