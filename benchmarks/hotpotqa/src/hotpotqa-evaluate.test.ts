import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateHotpot } from './hotpotqa-evaluate.js';

const instance: Instance = {
  id: 'x',
  input: { question: 'Who directed the film that starred the actor born in Lyra?' },
  gold: {
    answer: 'Ana Quill',
    supporting_facts: [
      'Tom Lark | Tom Lark was born in Lyra.',
      'Sky Road | Sky Road was directed by Ana Quill.',
    ],
  },
};

function execution(answer: unknown, hop1: string[], hop2: string[]): Execution {
  return {
    output: answer === undefined ? {} : { answer },
    trace: [
      { module: 'summarize1', messages: [], output: { summary: 's', retrieved_titles: hop1 } },
      { module: 'create_query_hop2', messages: [], output: { query: 'q' } },
      { module: 'summarize2', messages: [], output: { summary: 's', retrieved_titles: hop2 } },
      { module: 'final_answer', messages: [], output: { answer } },
    ],
  };
}

describe('evaluateHotpot', () => {
  it('says which hop found each supporting article and which were never retrieved', () => {
    const evaluation = evaluateHotpot(
      instance,
      execution('the Ana Quill!', ['Tom Lark', 'Other'], ['Else']),
    );
    expect(evaluation.score).toBe(1);
    expect(evaluation.feedback).toContain(
      "Supporting articles found by hop 1: 'Tom Lark'; newly found by hop 2: none; never retrieved: 'Sky Road'.",
    );
    expect(evaluation.moduleFeedback?.['create_query_hop2']).toContain(
      "your query found none and left 'Sky Road' unretrieved",
    );
  });

  it('compares titles after normalisation and credits hop 2 only for new articles', () => {
    const evaluation = evaluateHotpot(
      instance,
      execution('Ana', ['tom lark.'], ['Tom Lark', 'The Sky Road']),
    );
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toContain(
      "found by hop 1: 'Tom Lark'; newly found by hop 2: 'Sky Road'; never retrieved: none",
    );
  });

  it('scores a missing answer 0 and says so', () => {
    const evaluation = evaluateHotpot(instance, execution(undefined, [], []));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toMatch(
      /^The program produced no answer; the gold answer is 'Ana Quill'\./,
    );
  });
});
