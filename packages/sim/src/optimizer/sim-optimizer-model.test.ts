import { coerceToSignature, extractXmlBlock, parseJsonObject } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import {
  assignerMessage,
  cleanWorld,
  generatorMessage,
  promptsWith,
  reflectorMessage,
  runOn,
  textInstance,
  verifierMessage,
} from '../__fixtures__/contract-messages.js';
import { createSimWorld } from '../sim-world.js';
import { createSimOptimizerModel, optimizerRoleOf } from './sim-optimizer-model.js';

const world = cleanWorld();
const seed = promptsWith(world, () => false);
const failed = await runOn(world, seed, textInstance('Invoice dated 03.04.2021.', '2021-04-03'));
const seedParts = {
  clusterName: 'dotted_dates_read_month_first',
  description: 'Dotted numeric dates are read month-first.',
  intent: 'boundary',
};
const messages = {
  reflector: reflectorMessage(seed['interpret'] ?? '', [failed], 'interpret'),
  assigner: assignerMessage([], failed),
  generator: generatorMessage(world.benchmark.signature, { ...seedParts, evaluated: failed }),
  verifier: verifierMessage(
    world.benchmark.signature,
    { text: 'Invoice dated 04/03/2021.', date: '2021-04-03' },
    { ...seedParts, source: failed.instance, feedback: failed.evaluation.feedback },
    [],
  ),
};
const ask = (content: string, model = world.optimizerModel): Promise<string> =>
  model.generate({ messages: [{ role: 'user', content }] }).then((result) => result.text);

describe('the simulated optimizer model', () => {
  it('recognises each role from the user message alone', () => {
    expect(optimizerRoleOf(messages.reflector)).toBe('reflector');
    expect(optimizerRoleOf(messages.assigner)).toBe('assigner');
    expect(optimizerRoleOf(messages.generator)).toBe('generator');
    expect(optimizerRoleOf(messages.verifier)).toBe('verifier');
    expect(optimizerRoleOf('Hello')).toBeUndefined();
  });

  it('honours every output contract when nothing is forced to break', async () => {
    expect(extractXmlBlock(await ask(messages.reflector), 'system_prompt').ok).toBe(true);
    const assignment = extractXmlBlock(await ask(messages.assigner), 'assignment');
    expect(assignment.ok && parseJsonObject(assignment.content).ok).toBe(true);
    const example = extractXmlBlock(await ask(messages.generator), 'synthetic_example');
    const parsed = example.ok ? parseJsonObject(example.content) : undefined;
    expect(parsed?.ok && coerceToSignature(parsed.value, world.benchmark.signature).ok).toBe(true);
    const verdict = await ask(messages.verifier);
    for (const tag of ['validity_reason', 'validity', 'faithfulness_reason', 'faithfulness']) {
      expect(extractXmlBlock(verdict, tag).ok, tag).toBe(true);
    }
    expect(extractXmlBlock(verdict, 'validity')).toEqual({ ok: true, content: 'true' });
  });

  it('breaks every role contract at a forced malformed rate of 1', async () => {
    const broken = createSimOptimizerModel({ malformedRate: 1, flawRate: 0 });
    for (let variant = 0; variant < 8; variant++) {
      // Varying the request varies which way each role breaks.
      const suffix = '\n'.repeat(variant);
      const reflection = extractXmlBlock(
        await ask(messages.reflector + suffix, broken),
        'system_prompt',
      );
      expect(reflection.ok).toBe(false);

      const assignment = extractXmlBlock(
        await ask(messages.assigner + suffix, broken),
        'assignment',
      );
      const decision = assignment.ok ? parseJsonObject(assignment.content) : undefined;
      const legal =
        decision?.ok === true &&
        ((decision.value['cluster_name'] === null &&
          typeof decision.value['new_cluster_name'] === 'string' &&
          typeof decision.value['new_failure_description'] === 'string') ||
          false);
      // Bad JSON, an illegal create, or an assign to a cluster the empty catalogue lacks.
      expect(legal).toBe(false);

      const example = extractXmlBlock(
        await ask(messages.generator + suffix, broken),
        'synthetic_example',
      );
      const parsed = example.ok ? parseJsonObject(example.content) : undefined;
      expect(
        parsed?.ok === true && coerceToSignature(parsed.value, world.benchmark.signature).ok,
      ).toBe(false);

      const verdict = await ask(messages.verifier + suffix, broken);
      const validity = extractXmlBlock(verdict, 'validity');
      const faithfulness = extractXmlBlock(verdict, 'faithfulness');
      const wellFormed =
        validity.ok &&
        faithfulness.ok &&
        ['true', 'false'].includes(validity.content) &&
        ['true', 'false'].includes(faithfulness.content);
      expect(wellFormed).toBe(false);
    }
  });

  it('breaks at about the configured rate', async () => {
    const model = createSimOptimizerModel({ malformedRate: { assigner: 0.25 } });
    let broken = 0;
    for (let index = 0; index < 400; index++) {
      const text = await ask(`${messages.assigner}${' '.repeat(index)}`, model);
      if (text.includes('date_errors') || text.includes('cluster_that_does_not_exist')) broken += 1;
    }
    expect(broken / 400).toBeGreaterThan(0.18);
    expect(broken / 400).toBeLessThan(0.32);
  });

  it('gives the same answer to the same request, and depends on the seed', async () => {
    // A negative mutation draws a fresh date, so it shows the seed's influence.
    const negative = generatorMessage(world.benchmark.signature, {
      ...seedParts,
      intent: 'negative',
      evaluated: failed,
    });
    const request: GenerateRequest = { messages: [{ role: 'user', content: negative }] };
    const first = await world.optimizerModel.generate(request);
    expect(
      await createSimWorld({ malformedRate: 0, flawRate: 0 }).optimizerModel.generate(request),
    ).toEqual(first);
    const other = await createSimWorld({
      seed: 99,
      malformedRate: 0,
      flawRate: 0,
    }).optimizerModel.generate(request);
    expect(other.text).not.toBe(first.text);
  });

  it('says what it is when asked something outside the contracts', async () => {
    expect(await ask('What is the capital of France?')).toMatch(/simulated optimizer model/);
  });

  it('waits the configured latency and honours an abort', async () => {
    const slow = createSimOptimizerModel({ latency: { optimizer: 40 } });
    const started = Date.now();
    await slow.generate({ messages: [{ role: 'user', content: messages.assigner }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    const controller = new AbortController();
    const call = slow.generate({
      messages: [{ role: 'user', content: messages.assigner }],
      abortSignal: controller.signal,
    });
    controller.abort(new Error('stop'));
    await expect(call).rejects.toThrow('stop');
  });
});
