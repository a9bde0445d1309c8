import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult, Usage } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import type { ToolCall } from '../language-model/message.js';

/** What a scripted response may be: plain text, a partial result, or an error to throw. */
export type MockResponse = string | (Partial<GenerateResult> & { text?: string }) | Error;

/** Settings of a `MockLanguageModel`. */
export interface MockLanguageModelSettings {
  /** Provider name reported by the model. Default `mock`. */
  readonly provider?: string;
  /** Model id reported by the model. Default `mock-model`. */
  readonly modelId?: string;
  /**
   * Responses in call order, or a function of the request and the 0-based call index.
   * A list that runs out throws, so a test notices an unexpected extra call.
   */
  readonly responses?:
    | readonly MockResponse[]
    | ((request: GenerateRequest, callIndex: number) => MockResponse | Promise<MockResponse>);
  /** Latency of every call in milliseconds (or a function of the call index). Default 0. */
  readonly latencyMs?: number | ((callIndex: number) => number);
}

/** One recorded call. */
export interface MockCall {
  /** 0-based index in call order (the order `generate` was entered). */
  readonly index: number;
  /** The request as received. */
  readonly request: GenerateRequest;
}

const defaultUsage: Usage = { inputTokens: 10, outputTokens: 5 };

/**
 * A deterministic `LanguageModel` for tests: answers from a script or a function and records
 * every call it receives.
 */
export class MockLanguageModel implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  /** Every call received, in the order received. */
  readonly calls: MockCall[] = [];
  private readonly settings: MockLanguageModelSettings;

  constructor(settings: MockLanguageModelSettings = {}) {
    this.settings = settings;
    this.provider = settings.provider ?? 'mock';
    this.modelId = settings.modelId ?? 'mock-model';
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const index = this.calls.length;
    this.calls.push({ index, request });
    const latency =
      typeof this.settings.latencyMs === 'function'
        ? this.settings.latencyMs(index)
        : (this.settings.latencyMs ?? 0);
    if (latency > 0) await sleep(latency, request.abortSignal);
    if (request.abortSignal?.aborted) throw request.abortSignal.reason ?? new Error('aborted');
    const response = await this.responseFor(request, index);
    if (response instanceof Error) throw response;
    return toResult(response);
  }

  /** The requests received, in order. */
  get requests(): GenerateRequest[] {
    return this.calls.map((call) => call.request);
  }

  private async responseFor(request: GenerateRequest, index: number): Promise<MockResponse> {
    const responses = this.settings.responses;
    if (typeof responses === 'function') return responses(request, index);
    const list = responses ?? [];
    const response = list[index];
    if (response === undefined) {
      throw new Error(
        `MockLanguageModel: no scripted response for call ${index} (${list.length} scripted)`,
      );
    }
    return response;
  }
}

function toResult(response: Exclude<MockResponse, Error>): GenerateResult {
  if (typeof response === 'string') {
    return { text: response, toolCalls: [], finishReason: 'stop', usage: defaultUsage };
  }
  const toolCalls: readonly ToolCall[] = response.toolCalls ?? [];
  return {
    ...response,
    text: response.text ?? '',
    toolCalls,
    finishReason: response.finishReason ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop'),
    usage: response.usage ?? defaultUsage,
  };
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
