import { describe, expect, it } from 'vitest';
import type { Evaluator } from './evaluation.js';
import { MetricError } from './metric-error.js';
import { scoreWithMetric } from './score-with-metric.js';

const instance = { id: 'val-3', input: { ticket: 'x' }, gold: { team: 'billing' } };
const execution = { output: { team: 'billing' }, trace: [] };
const modules = ['extract', 'classify'];

async function failure(metric: Evaluator, abortSignal?: AbortSignal): Promise<MetricError> {
  try {
    await scoreWithMetric(metric, instance, execution, modules, abortSignal);
  } catch (error) {
    if (MetricError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a MetricError');
}

describe('scoreWithMetric', () => {
  it('returns a well-formed evaluation as the metric gave it', async () => {
    const evaluation = { score: 0.5, feedback: 'half', moduleFeedback: { classify: 'high' } };
    await expect(scoreWithMetric(() => evaluation, instance, execution, modules)).resolves.toBe(
      evaluation,
    );
  });

  it('names the keys of moduleFeedback that name no module, and the modules', async () => {
    const error = await failure(() => ({
      score: 0,
      moduleFeedback: { extract: 'ok', summarise: 'no', Classify: 'no' },
    }));
    expect(error).toMatchObject({
      name: 'MetricError',
      reason: 'module-feedback',
      instanceId: 'val-3',
      unknownModules: ['summarise', 'Classify'],
    });
    expect(error.message).toBe(
      `the metric's moduleFeedback names no module of the program: "summarise", "Classify" (instance val-3); the program's modules are "extract", "classify"`,
    );
  });

  it('wraps a metric that throws with the instance id, keeping its error as the cause', async () => {
    const error = await failure((scored) => {
      const gold = scored.gold as { severity?: string };
      return { score: gold.severity!.length };
    });
    expect(error.reason).toBe('threw');
    expect(error.message).toBe(
      "the metric threw on instance val-3: Cannot read properties of undefined (reading 'length')",
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('rethrows what a metric throws once the run is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new Error('aborted');
    await expect(
      scoreWithMetric(() => Promise.reject(abort), instance, execution, modules, controller.signal),
    ).rejects.toBe(abort);
  });

  it('refuses a score outside [0, 1], feedback that is not text, and a result that is no object', async () => {
    expect((await failure(() => ({ score: 1.5 }))).message).toBe(
      'the metric returned score 1.5 (instance val-3); scores are numbers in [0, 1]',
    );
    expect((await failure(() => ({ score: Number.NaN }))).reason).toBe('score');
    expect((await failure(() => ({ score: 1, feedback: 3 }) as never)).reason).toBe('feedback');
    expect((await failure(() => 1 as never)).reason).toBe('not-an-evaluation');
    const notText = await failure(() => ({ score: 1, moduleFeedback: { extract: 2 } }) as never);
    expect(notText.message).toBe(
      "the metric's moduleFeedback.extract is 2 (instance val-3); it must be a string",
    );
  });
});
