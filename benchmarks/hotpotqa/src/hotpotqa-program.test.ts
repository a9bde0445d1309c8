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
import { createBenchmark } from './create-hotpotqa-benchmark.js';
import { evaluateHotpot } from './hotpotqa-evaluate.js';
import { hotpotModules } from './hotpotqa-program.js';

const fixtures = join(import.meta.dirname, '__fixtures__');
let retriever: Bm25Retriever;

beforeAll(async () => {
  const directory = join(mkdtempSync(join(tmpdir(), 'forge-hotpot-')), 'bm25');
  await buildBm25Index({
    passages: readWikiAbstracts(join(fixtures, 'wiki.abstracts.synthetic.jsonl')),
    directory,
  });
  retriever = await openBm25Index(directory);
});
afterAll(async () => {
  await retriever.close();
});

/** A scripted task model that answers each module by its system prompt. */
function scriptedModel(answer: string) {
  const prompts = seedPrompts(createBenchmark({ settings: { retriever } }).program);
  const replies: Record<string, string> = {
    [prompts[hotpotModules.summarize1] as string]:
      'Lisbeth Arne edited Orla Venn.\n<summary>Orla Venn was edited by Lisbeth Arne.</summary>',
    [prompts[hotpotModules.createQueryHop2] as string]:
      'We need her novel.\n<query>Orla Venn novel published</query>',
    [prompts[hotpotModules.summarize2] as string]:
      '<summary>Brightwater Tales by Orla Venn was published by Carrow Press.</summary>',
    [prompts[hotpotModules.finalAnswer] as string]: `Reasoning...\n<answer>${answer}</answer>`,
  };
  return new MockLanguageModel({
    responses: (request: GenerateRequest) => replies[request.system ?? ''] ?? 'unexpected module',
  });
}

describe('HotpotMultiHop end to end on the synthetic fixtures', () => {
  it('runs two hops of top-7 retrieval, four modules in order, and scores the answer', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures, settings: { retriever } });
    const splits = await benchmark.loadSplits();
    const instance = [...splits.train, ...splits.validation, ...splits.test].find(
      (candidate) => candidate.id === 'synthetic-bridge-0',
    );
    if (instance === undefined) throw new Error('fixture instance missing');
    const model = scriptedModel('Carrow Press');
    const execution = await benchmark.program.run(instance, seedPrompts(benchmark.program), {
      model,
      metadata: { sampleIndex: 2 },
    });

    expect(execution.trace.map((entry) => entry.module)).toEqual([
      'summarize1',
      'create_query_hop2',
      'summarize2',
      'final_answer',
    ]);
    for (const request of model.requests) {
      expect(request.maxOutputTokens).toBe(8192);
      expect(request.metadata).toMatchObject({ role: 'task', sampleIndex: 2 });
    }
    // Each call names its module, so a host can send a module's calls to a model of its own.
    expect(model.requests.map((request) => request.metadata?.module)).toEqual([
      'summarize1',
      'create_query_hop2',
      'summarize2',
      'final_answer',
    ]);
    const firstUser = model.requests[0]?.messages[0]?.content ?? '';
    expect(firstUser).toContain(`## question\n\n${instance.input['question']}`);
    expect(firstUser).toContain('[1] Orla Venn | Orla Venn is a fictional novelist.');
    expect(firstUser.match(/^\[\d+\] /gm)).toHaveLength(7);
    expect(firstUser).toMatch(/<summary><\/summary> tags\.$/);

    const [summarize1, query, summarize2, answer] = execution.trace;
    expect(summarize1?.notes?.[0]).toMatch(
      /^hop 1: search_full_wiki\(query: ".*Lisbeth Arne\?", k: 7\) returned 7 passages: Orla Venn; /,
    );
    expect(query?.output).toEqual({ query: 'Orla Venn novel published' });
    expect(summarize2?.notes?.[0]).toContain(
      'hop 2: search_full_wiki(query: "Orla Venn novel published", k: 7)',
    );
    expect(summarize2?.output?.['retrieved_titles']).toContain('Brightwater Tales');
    expect(model.requests[2]?.messages[0]?.content).toContain(
      '## context\n\nOrla Venn was edited by Lisbeth Arne.',
    );
    expect(model.requests[3]?.messages[0]?.content).toContain(
      '## summary_2\n\nBrightwater Tales by Orla Venn was published by Carrow Press.',
    );
    expect(answer?.messages[1]).toEqual({
      role: 'assistant',
      content: 'Reasoning...\n<answer>Carrow Press</answer>',
    });
    expect(execution.output).toEqual({ answer: 'Carrow Press' });
    expect(execution.usage).toEqual({ inputTokens: 40, outputTokens: 20 });

    const evaluation = await benchmark.evaluate(instance, execution);
    expect(evaluation.score).toBe(1);
    expect(evaluation.feedback).toContain("Correct: predicted 'Carrow Press'");
  });

  it('scores an alias 0 and explains the rule and the evidence', async () => {
    const benchmark = createBenchmark({ dataDir: fixtures, settings: { retriever } });
    const splits = await benchmark.loadSplits();
    const instance = splits.train
      .concat(splits.validation, splits.test)
      .find((item) => item.id === 'synthetic-bridge-0');
    if (instance === undefined) throw new Error('fixture instance missing');
    const execution = await benchmark.program.run(instance, seedPrompts(benchmark.program), {
      model: scriptedModel('Carrow'),
    });
    const evaluation = evaluateHotpot(instance, execution);
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toContain(
      "Predicted 'Carrow' but the gold answer is 'Carrow Press' (normalised exact match: lower-case, ASCII punctuation removed, the articles a/an/the removed, whitespace collapsed: 'carrow' ≠ 'carrow press').",
    );
    expect(evaluation.feedback).toContain(
      '- Orla Venn | Orla Venn was edited by Lisbeth Arne for many years.',
    );
    expect(evaluation.feedback).toMatch(/Supporting articles found by hop 1: .*'Orla Venn'/);
    expect(evaluation.moduleFeedback?.[hotpotModules.finalAnswer]).toContain("Predicted 'Carrow'");
  });
});
