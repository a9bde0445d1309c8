import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateHover } from './hover-evaluate.js';

const instance: Instance = {
  id: 'c1',
  input: { claim: 'A claim.' },
  gold: { supporting_titles: ['Alpha', 'Béta', 'Gamma (band)', 'Delta'] },
};

function execution(hop1: string[], hop2: string[], hop3: string[]): Execution {
  const passages = (titles: string[]) => titles.map((title) => `${title} | text`);
  const entry = (module: string, titles?: string[]) => ({
    module,
    messages: [],
    output: titles === undefined ? {} : { retrieved_titles: titles },
  });
  return {
    output: { retrieved_passages: [...passages(hop1), ...passages(hop2), ...passages(hop3)] },
    trace: [
      entry('summarize1', hop1),
      entry('create_query_hop2'),
      entry('summarize2', hop2),
      entry('create_query_hop3', hop3),
    ],
  };
}

describe('evaluateHover', () => {
  it('names the missing gold titles and what each hop contributed', () => {
    const evaluation = evaluateHover(
      instance,
      execution(['Alpha', 'Noise'], ['Be\u0301ta'], ['gamma band']),
    );
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toContain(
      "Missed 1 of 4 gold supporting documents: 'Delta' were not among the 4 retrieved titles; found 'Alpha', 'Béta', 'Gamma (band)'",
    );
    expect(evaluation.feedback).toContain(
      "Hop 1 (the claim) found 'Alpha'; hop 2 added 'Béta'; hop 3 added 'Gamma (band)'.",
    );
    expect(evaluation.moduleFeedback?.['create_query_hop3']).toContain(
      "Before your query, 'Gamma (band)', 'Delta' were missing; your query found 'Gamma (band)'.",
    );
    expect(evaluation.moduleFeedback?.['summarize1']).toContain(
      "the later hops, which start from your summary, found 'Béta', 'Gamma (band)'",
    );
  });

  it('scores 1 when all gold titles are retrieved, extra passages notwithstanding', () => {
    const evaluation = evaluateHover(
      instance,
      execution(['Alpha', 'Delta', 'X'], ['The Béta'], ['Gamma (band)', 'Y']),
    );
    expect(evaluation.score).toBe(1);
    expect(evaluation.feedback).toMatch(/^All 4 gold supporting documents were retrieved/);
  });
});
