import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPrompts } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import {
  type Bm25Retriever,
  buildBm25Index,
  openBm25Index,
  readWikiAbstracts,
} from '@forge/retrieval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenchmark } from './create-hover-benchmark.js';
import { hoverModules } from './hover-program.js';
import { retrievalScore } from './retrieval-score.js';

const fixtures = join(import.meta.dirname, '__fixtures__');
let retriever: Bm25Retriever;

beforeAll(async () => {
  const directory = join(mkdtempSync(join(tmpdir(), 'forge-hover-')), 'bm25');
  await buildBm25Index({
    passages: readWikiAbstracts(join(fixtures, 'wiki.abstracts.synthetic.jsonl')),
    directory,
  });
  retriever = await openBm25Index(directory);
});
afterAll(async () => {
  await retriever.close();
});

function scriptedModel() {
  const prompts = seedPrompts(createBenchmark({ settings: { retriever } }).program);
  const replies: Record<string, string> = {
    [prompts[hoverModules.summarize1] as string]:
      '<summary>Velda Harrow was born in Osterby.</summary>',
    [prompts[hoverModules.createQueryHop2] as string]: 'Next: <query>Corin Maddox composer</query>',
    [prompts[hoverModules.summarize2] as string]:
      '<summary>Corin Maddox is from Osterby too.</summary>',
    [prompts[hoverModules.createQueryHop3] as string]: '<query>Osterby harbour town</query>',
  };
  return new MockLanguageModel({
    responses: (request: GenerateRequest) => replies[request.system ?? ''] ?? 'unexpected',
  });
}

describe('HoverMultiHop demonstrations', () => {
  it('shows each module its own demonstrations and records every hop as one when asked', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures, settings: { retriever } });
    const { train } = await benchmark.loadSplits();
    const instance = train[0];
    if (instance === undefined) throw new Error('fixture instance missing');
    const model = scriptedModel();
    const demonstration = {
      input: { claim: 'A claim.', summary_1: 'A summary.', summary_2: 'Another.' },
      output: { query: 'a query' },
    };
    const execution = await benchmark.program.run(instance, seedPrompts(benchmark.program), {
      model,
      demos: { [hoverModules.createQueryHop3]: [demonstration] },
      recordDemonstrations: true,
    });
    expect(model.requests.map((request) => request.messages.length)).toEqual([1, 1, 1, 3]);
    expect(model.requests[3]?.messages[1]).toEqual({
      role: 'assistant',
      content: '<query>a query</query>',
    });
    expect(execution.trace.map((entry) => entry.demonstration?.output)).toEqual([
      { summary: 'Velda Harrow was born in Osterby.' },
      { query: 'Corin Maddox composer' },
      { summary: 'Corin Maddox is from Osterby too.' },
      { query: 'Osterby harbour town' },
    ]);
    expect(Object.keys(execution.trace[3]?.demonstration?.input ?? {})).toEqual([
      'claim',
      'summary_1',
      'summary_2',
    ]);
  });
});

describe('HoverMultiHop end to end on the synthetic fixtures', () => {
  it('runs three top-7 hops, four modules in order, and scores the union of passages', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures, settings: { retriever } });
    const { train } = await benchmark.loadSplits();
    const instance = train[0];
    if (instance === undefined) throw new Error('fixture instance missing');
    expect(instance.gold).toEqual({ supporting_titles: ['Velda Harrow', 'Corin Maddox'] });
    const model = scriptedModel();
    const execution = await benchmark.program.run(instance, seedPrompts(benchmark.program), {
      model,
    });

    expect(execution.trace.map((entry) => entry.module)).toEqual([
      'summarize1',
      'create_query_hop2',
      'summarize2',
      'create_query_hop3',
    ]);
    expect(model.requests.map((request) => request.maxOutputTokens)).toEqual([
      8192, 8192, 8192, 8192,
    ]);
    expect(model.requests.every((request) => request.metadata?.role === 'task')).toBe(true);
    expect(model.requests[3]?.messages[0]?.content).toContain(
      '## summary_2\n\nCorin Maddox is from Osterby too.',
    );

    const notes = execution.trace.flatMap((entry) => entry.notes ?? []);
    // BM25 returns only passages sharing a term with the query, so later hops return fewer.
    expect(notes[0]).toMatch(
      /^hop 1: search_full_wiki\(query: "Velda Harrow was born .*", k: 7\) returned 4 passages: Velda Harrow; Corin Maddox; The Lantern Keepers; Osterby$/,
    );
    expect(notes[1]).toMatch(
      /^hop 2: search_full_wiki\(query: "Corin Maddox composer", k: 7\) returned 2 passages: Corin Maddox; The Lantern Keepers$/,
    );
    expect(notes[2]).toMatch(
      /^hop 3: search_full_wiki\(query: "Osterby harbour town", k: 7\) returned 4 passages: Osterby; /,
    );
    expect(execution.trace[3]?.output?.['retrieved_titles']).toHaveLength(4);
    const passages = execution.output['retrieved_passages'] as string[];
    expect(passages).toHaveLength(4 + 2 + 4);
    expect(execution.output['supporting_titles']).toEqual([
      ...new Set(passages.map((passage) => passage.split(' | ')[0])),
    ]);

    const evaluation = await benchmark.evaluate(instance, execution);
    expect(evaluation.score).toBe(retrievalScore(['Velda Harrow', 'Corin Maddox'], passages));
    expect(evaluation.score).toBe(1);
    expect(evaluation.feedback).toMatch(
      /^All 2 gold supporting documents were retrieved: 'Velda Harrow', 'Corin Maddox'/,
    );
  });
});
