import {
  type LoopbackHandler,
  type LoopbackResponse,
  type LoopbackServer,
  startLoopbackServer,
} from '@forge/provider/testing';

/**
 * Starts a loopback server for `@forge/provider-ollama`; its `url` is the `host` setting.
 * Queue responses built with `ollamaChatResponse` / `ollamaError`, or pass a handler.
 */
export function startOllamaTestServer(
  options: { readonly handler?: LoopbackHandler } = {},
): Promise<LoopbackServer> {
  return startLoopbackServer(options);
}

/** Fields of a scripted `/api/chat` response. */
export interface OllamaChatScript {
  /** Assistant text. */
  readonly text?: string;
  /** `message.thinking`. */
  readonly thinking?: string;
  /** Tool calls; arguments are objects on this wire. `id` is optional, as on the server. */
  readonly toolCalls?: readonly { id?: string; name: string; arguments: unknown }[];
  /** `done_reason`. Default `stop`. */
  readonly doneReason?: string;
  /** Input tokens; `null` omits the field, as the server does for a fully cached prompt. */
  readonly promptEvalCount?: number | null;
  /** Output tokens. Default 7. */
  readonly evalCount?: number;
  /** Model echoed back. Default `qwen3:8b`. */
  readonly model?: string;
  /** Delay before answering, in milliseconds. */
  readonly delayMs?: number;
}

/** A 200 response with a non-streamed `/api/chat` body. */
export function ollamaChatResponse(script: OllamaChatScript = {}): LoopbackResponse {
  const toolCalls = script.toolCalls ?? [];
  return {
    ...(script.delayMs === undefined ? {} : { delayMs: script.delayMs }),
    json: {
      model: script.model ?? 'qwen3:8b',
      created_at: '2026-12-02T10:00:00.123456Z',
      message: {
        role: 'assistant',
        content: script.text ?? '',
        ...(script.thinking === undefined ? {} : { thinking: script.thinking }),
        ...(toolCalls.length === 0
          ? {}
          : {
              tool_calls: toolCalls.map((call, index) => ({
                ...(call.id === undefined ? {} : { id: call.id }),
                function: { index, name: call.name, arguments: call.arguments },
              })),
            }),
      },
      done: true,
      done_reason: script.doneReason ?? 'stop',
      total_duration: 5_191_566_416,
      load_duration: 2_154_458,
      ...(script.promptEvalCount === null
        ? {}
        : { prompt_eval_count: script.promptEvalCount ?? 26 }),
      prompt_eval_duration: 383_809_000,
      eval_count: script.evalCount ?? 7,
      eval_duration: 4_799_921_000,
    },
  };
}

/** An error response in Ollama's shape: `{"error":"…"}`. */
export function ollamaError(
  status: number,
  message: string,
  headers: { readonly [name: string]: string } = {},
): LoopbackResponse {
  return { status, headers, json: { error: message } };
}
