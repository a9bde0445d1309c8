import { describe, expect, it } from 'vitest';
import { reflectorMessage } from '../__fixtures__/contract-messages.js';
import { createSimWorld } from '../sim-world.js';

// SIMULATED optimizer answers spoiled as real models spoil them, at `misbehaveRate`.
async function answers(misbehaveRate: number) {
  const world = createSimWorld({ misbehaveRate, malformedRate: 0 });
  const results = [];
  for (let index = 0; index < 300; index++) {
    results.push(
      await world.optimizerModel.generate({
        messages: [
          {
            role: 'user',
            content: reflectorMessage(`Normalise dates, variant ${index}.`, [], 'm'),
          },
        ],
      }),
    );
  }
  return results;
}

function formOf(result: { text: string; finishReason: string }): string {
  if (result.finishReason === 'length') return 'truncated';
  if (result.text === '') return 'empty';
  if (result.text.startsWith('<think>')) return 'reasoning';
  if (result.text.startsWith('Sure!')) return 'chatter';
  if (result.text.startsWith('````')) return 'fence';
  return 'clean';
}

describe('misbehaveRate', () => {
  it('spoils about that share of answers, in all five forms, the same way every time', async () => {
    const spoiled = await answers(0.3);
    const forms = new Map<string, number>();
    for (const result of spoiled) forms.set(formOf(result), (forms.get(formOf(result)) ?? 0) + 1);
    const misbehaved = spoiled.length - (forms.get('clean') ?? 0);
    expect(misbehaved / spoiled.length).toBeGreaterThan(0.2);
    expect(misbehaved / spoiled.length).toBeLessThan(0.4);
    for (const form of ['reasoning', 'chatter', 'fence', 'truncated', 'empty']) {
      expect(forms.get(form), form).toBeGreaterThan(0);
    }
    expect((await answers(0.3)).map((result) => result.text)).toEqual(
      spoiled.map((result) => result.text),
    );
  });

  it('leaves every answer alone by default', async () => {
    const clean = await answers(0);
    expect(clean.every((result) => formOf(result) === 'clean')).toBe(true);
  });
});
