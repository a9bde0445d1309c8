import {
  type LoopbackHandler,
  type LoopbackResponse,
  type LoopbackServer,
  startLoopbackServer,
} from '@forge/provider/testing';

/** A loopback server speaking the Chat Completions wire format. */
export interface OpenAITestServer extends LoopbackServer {
  /** Base URL to give the SDK: `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
}

/**
 * Starts a loopback server for `@forge/provider-openai` (or any OpenAI-compatible client).
 * Queue responses built with `openAIChatCompletion` / `openAIError`, or pass a handler.
 */
export async function startOpenAITestServer(
  options: { readonly handler?: LoopbackHandler } = {},
): Promise<OpenAITestServer> {
  const server = await startLoopbackServer(options);
  return Object.assign(server, { baseURL: `${server.url}/v1` });
}

/** Fields of a scripted chat completion. */
export interface OpenAIChatCompletionScript {
  /** Assistant text; `null` when the turn only calls tools. Default `''` unless tool calls are given. */
  readonly text?: string | null;
  /** Tool calls as the wire has them: arguments are a JSON string. */
  readonly toolCalls?: readonly { id: string; name: string; arguments: string }[];
  /** `reasoning_content`, as vLLM returns it. */
  readonly reasoningContent?: string;
  /** Default `tool_calls` when there are tool calls, else `stop`. */
  readonly finishReason?: string;
  /** Token counts; `null` omits usage like some compatible servers. */
  readonly usage?: {
    readonly promptTokens: number;
    readonly completionTokens: number;
    readonly cachedTokens?: number;
    readonly reasoningTokens?: number;
  } | null;
  /** Model name echoed back. Default `gpt-test`. */
  readonly model?: string;
  /** Extra response headers. */
  readonly headers?: { readonly [name: string]: string };
  /** Delay before answering, in milliseconds. */
  readonly delayMs?: number;
}

/** A 200 response with a Chat Completions body. */
export function openAIChatCompletion(script: OpenAIChatCompletionScript = {}): LoopbackResponse {
  const toolCalls = script.toolCalls ?? [];
  const usage =
    script.usage === null ? undefined : (script.usage ?? { promptTokens: 11, completionTokens: 7 });
  return {
    headers: { 'x-request-id': 'req_test', ...script.headers },
    ...(script.delayMs === undefined ? {} : { delayMs: script.delayMs }),
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_767_225_600,
      model: script.model ?? 'gpt-test',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: script.text === undefined ? (toolCalls.length > 0 ? null : '') : script.text,
            refusal: null,
            annotations: [],
            ...(script.reasoningContent === undefined
              ? {}
              : { reasoning_content: script.reasoningContent }),
            ...(toolCalls.length === 0
              ? {}
              : {
                  tool_calls: toolCalls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }),
          },
          logprobs: null,
          finish_reason: script.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
        },
      ],
      ...(usage === undefined
        ? {}
        : {
            usage: {
              prompt_tokens: usage.promptTokens,
              completion_tokens: usage.completionTokens,
              total_tokens: usage.promptTokens + usage.completionTokens,
              prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0, audio_tokens: 0 },
              completion_tokens_details: {
                reasoning_tokens: usage.reasoningTokens ?? 0,
                audio_tokens: 0,
                accepted_prediction_tokens: 0,
                rejected_prediction_tokens: 0,
              },
            },
          }),
      service_tier: 'default',
      system_fingerprint: 'fp_test',
    },
  };
}

/** An error response in OpenAI's shape: `{"error":{message,type,param,code}}`. */
export function openAIError(
  status: number,
  message: string,
  options: {
    readonly type?: string;
    readonly code?: string | null;
    readonly headers?: { readonly [name: string]: string };
  } = {},
): LoopbackResponse {
  return {
    status,
    headers: { 'x-request-id': 'req_test', ...options.headers },
    json: {
      error: {
        message,
        type: options.type ?? (status === 429 ? 'requests' : 'invalid_request_error'),
        param: null,
        code: options.code ?? null,
      },
    },
  };
}
