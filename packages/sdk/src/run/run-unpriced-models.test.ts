import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineModule, defineProgram, type InstanceOf } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedOptimizer } from '../testing/scripted-optimizer.js';
import { scriptedTaskModel } from '../testing/scripted-task-model.js';
import { optimize } from './optimize.js';

// Unpriced models survive a run that ends without finishing (killed, or aborted): its resume
// reports them even when every call it makes itself is answered from the response cache.
const root = mkdtempSync(join(tmpdir(), 'forge-unpriced-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rule = 'Answer in lower case.';
const echo = defineModule({
  name: 'echo',
  seedPrompt: 'Repeat the word.',
  input: z.object({ word: z.string() }),
  output: z.object({ answer: z.string() }),
});
const program = defineProgram({
  name: 'echo',
  modules: [echo],
  input: z.object({ word: z.string() }),
  output: z.object({ answer: z.string() }),
  run: (input, { call }) => call(echo, input),
});
const words = (prefix: string, count: number): InstanceOf<typeof program>[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    input: { word: `Word${index}` },
    gold: { answer: `word${index}` },
  }));

const config = (runDir?: string) => ({
  program,
  metric: (instance: InstanceOf<typeof program>, execution: { output: { answer?: string } }) =>
    execution.output.answer === instance.gold.answer ? { score: 1 } : { score: 0, feedback: rule },
  train: words('train', 4),
  validation: words('validation', 3),
  // Unpriced: no price table knows the scripted models.
  taskModel: scriptedTaskModel({
    program,
    answer: ({ input, prompt }) => ({
      answer: prompt.includes(rule) ? String(input['word']).toLowerCase() : String(input['word']),
    }),
  }),
  optimizerModel: scriptedOptimizer(),
  method: 'prompt-search',
  // Searching on past the perfect score, so the abort at step 6 falls inside the run.
  budget: { maxEvaluations: 40, stopAtPerfectScore: false },
  ...(runDir === undefined ? {} : { runDir }),
});

describe('the unpriced models of a run', () => {
  it('are reported after a resume of an aborted run whose own calls were all cached', async () => {
    const whole = await optimize(config(join(root, 'whole')));
    expect(whole.unpricedModels).toEqual(['scripted:optimizer', 'scripted:task']);

    const runDir = join(root, 'aborted');
    const controller = new AbortController();
    const aborted = optimize(config(runDir), {
      abortSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-start' && event.step === 6) controller.abort();
      },
    });
    await expect(aborted).rejects.toThrow();
    const again = config();
    const resumed = await optimize(again, { resume: runDir });
    // The premise: the resumed invocation paid for no call of either model itself.
    expect(again.taskModel.calls).toEqual([]);
    expect(again.optimizerModel.calls).toEqual([]);
    expect(resumed.bestPrompts).toEqual(whole.bestPrompts);
    expect(resumed.unpricedModels).toEqual(['scripted:optimizer', 'scripted:task']);
  });
});
