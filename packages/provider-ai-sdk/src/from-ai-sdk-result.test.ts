import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { fromAISDKResult, fromAISDKUsage } from './from-ai-sdk-result.js';

function result(overrides: Partial<LanguageModelV3GenerateResult>): LanguageModelV3GenerateResult {
  return {
    content: [],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: fromNothing(),
    warnings: [],
    ...overrides,
  };
}

function fromNothing(): LanguageModelV3GenerateResult['usage'] {
  return {
    inputTokens: {
      total: undefined,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
}

describe('fromAISDKUsage', () => {
  it('adds the parts when a provider reports no totals', () => {
    expect(
      fromAISDKUsage({
        inputTokens: { total: undefined, noCache: 10, cacheRead: 30, cacheWrite: undefined },
        outputTokens: { total: undefined, text: 8, reasoning: 4 },
      }),
    ).toEqual({ inputTokens: 40, outputTokens: 12, cachedInputTokens: 30, reasoningTokens: 4 });
  });

  it('counts zero when nothing is reported, or no usage at all', () => {
    expect(fromAISDKUsage(fromNothing())).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(fromAISDKUsage(undefined)).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

describe('fromAISDKResult', () => {
  it('reads an older string finish reason and makes an unknown one "other"', () => {
    const legacy = result({ finishReason: 'length' as never });
    expect(fromAISDKResult(legacy).finishReason).toBe('length');
    const odd = result({ finishReason: { unified: 'paused' as never, raw: 'pause_turn' } });
    expect(fromAISDKResult(odd).finishReason).toBe('other');
  });

  it('names compatibility warnings and the content it drops, once per kind', () => {
    const mapped = fromAISDKResult(
      result({
        content: [
          { type: 'file', mediaType: 'image/png', data: 'iVBOR' },
          { type: 'file', mediaType: 'image/png', data: 'iVBOR' },
          { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 't1' },
          { type: 'text', text: 'done' },
        ],
        warnings: [{ type: 'compatibility', feature: 'tools' }],
      }),
    );
    expect(mapped.text).toBe('done');
    expect(mapped.warnings).toEqual([
      { type: 'other', setting: 'tools', message: 'tools runs in compatibility mode' },
      { type: 'other', message: 'the AI SDK model returned generated files; Forge ignores them' },
      {
        type: 'other',
        message: 'the AI SDK model returned tool approval requests; Forge ignores them',
      },
    ]);
  });
});
