import { MockLanguageModel } from '@forge/provider/testing';
import { bench, describe } from 'vitest';
import { additionSignature, mode } from '../__fixtures__/modes.js';
import { example, verdict } from '../__fixtures__/scripted-models.js';
import { planSynthesisEvent } from '../plan/plan-synthesis-event.js';
import { runSynthesisEvent } from './run-synthesis-event.js';

// Orchestration cost of one event of K = 100 attempts with instant models: prompt building,
// parsing, coercion, guards against D of 1,000 instances, verification parsing, accounting.
const modes = Array.from({ length: 10 }, (_, index) => mode(`mode_${index}`, 1 + index, index));
const slots = planSynthesisEvent({ event: 0, attempts: 100, modes, seed: 0 });
const existingInstances = Array.from({ length: 1000 }, (_, index) => ({
  id: `d${index}`,
  input: { question: `Training question ${index}: what is ${index} + ${index * 3}?` },
  gold: { answer: index * 4 },
}));
let written = 0;
const generator = new MockLanguageModel({
  responses: () => {
    written++;
    return example(`Fresh question ${written}: what is ${written} + 7?`, written + 7);
  },
});
const verifier = new MockLanguageModel({ responses: () => verdict('true', 'true') });

describe('runSynthesisEvent', () => {
  bench('K = 100, instant models, D = 1,000', async () => {
    await runSynthesisEvent({
      event: 0,
      slots,
      generatorModel: generator,
      verifierModel: verifier,
      signature: additionSignature,
      existingInstances,
      holdout: existingInstances.slice(0, 200),
      concurrency: 8,
    });
  });
});
