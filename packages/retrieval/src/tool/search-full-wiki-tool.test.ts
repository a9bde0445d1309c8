import { runAgent } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import type { Retriever } from '../retriever.js';
import { createSearchFullWikiTool } from './search-full-wiki-tool.js';

function recordingRetriever(passages: string[]): Retriever & { calls: [string, number][] } {
  const calls: [string, number][] = [];
  return {
    name: 'fake',
    calls,
    async search(query, k) {
      calls.push([query, k]);
      return passages.slice(0, k);
    },
  };
}

describe('createSearchFullWikiTool', () => {
  it('runs inside an agent: numbered passages go back to the model, k defaults to 7', async () => {
    const retriever = recordingRetriever([
      'Ada Lovelace | A mathematician.',
      'Charles Babbage | An engineer.',
    ]);
    const model = new MockLanguageModel({
      responses: [
        { toolCalls: [{ id: 'c1', name: 'search_full_wiki', input: { query: 'Ada Lovelace' } }] },
        { toolCalls: [{ id: 'c2', name: 'search_full_wiki', input: { query: 'Babbage', k: 1 } }] },
        'done',
      ],
    });
    const result = await runAgent({
      model,
      prompt: 'Find facts.',
      tools: [createSearchFullWikiTool(retriever)],
    });
    expect(retriever.calls).toEqual([
      ['Ada Lovelace', 7],
      ['Babbage', 1],
    ]);
    const outputs = result.transcript.filter((entry) => entry.type === 'tool-result');
    expect(outputs.map((entry) => entry.type === 'tool-result' && entry.output)).toEqual([
      '[1] Ada Lovelace | A mathematician.\n[2] Charles Babbage | An engineer.',
      '[1] Ada Lovelace | A mathematician.',
    ]);
    expect(model.requests[0]?.tools?.[0]).toMatchObject({ name: 'search_full_wiki' });
  });

  it('rejects an empty query or a k above the limit before searching', async () => {
    const retriever = recordingRetriever([]);
    const tool = createSearchFullWikiTool(retriever, { maxK: 10 });
    expect(tool.inputSchema.safeParse({ query: '  ' }).success).toBe(false);
    expect(tool.inputSchema.safeParse({ query: 'x', k: 11 }).success).toBe(false);
    expect(tool.inputSchema.safeParse({ query: 'x', k: 10 }).success).toBe(true);
    expect(retriever.calls).toEqual([]);
  });

  it('says so when nothing matched', async () => {
    const tool = createSearchFullWikiTool(recordingRetriever([]));
    expect(await tool.execute({ query: 'zeppelin' }, {})).toBe('No passages matched "zeppelin".');
  });
});
