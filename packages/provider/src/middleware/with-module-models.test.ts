import { describe, expect, it } from 'vitest';
import { callCacheKey } from '../cache/call-cache-key.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { withModuleModels } from './with-module-models.js';

function mock(modelId: string): MockLanguageModel {
  return new MockLanguageModel({ provider: 'sim', modelId, responses: () => modelId });
}

describe('withModuleModels', () => {
  it('sends a named module’s calls to its own model and every other call to the task model', async () => {
    const task = mock('task');
    const summary = mock('summary');
    const routed = withModuleModels(task, { summarize: summary });
    expect([routed.provider, routed.modelId]).toEqual(['sim', 'task']);
    const ask = (metadata?: { module?: string; role?: string }) =>
      routed.generate({
        messages: [{ role: 'user', content: 'q' }],
        ...(metadata ? { metadata } : {}),
      });
    const routedResult = await ask({ role: 'task', module: 'summarize' });
    expect(routedResult.text).toBe('summary');
    // The result names the model that answered; the task model's own results need not.
    expect(routedResult.routedTo).toBe('sim:summary');
    const taskResult = await ask({ role: 'task', module: 'extract' });
    expect(taskResult.text).toBe('task');
    expect(taskResult.routedTo).toBeUndefined();
    expect((await ask()).text).toBe('task');
    // A module name that is an Object property is not a module model.
    expect((await ask({ module: 'toString' })).text).toBe('task');
    expect(summary.calls).toHaveLength(1);
    expect(task.calls).toHaveLength(3);
  });

  it('is the task model itself when no module has a model, and leaves cache keys alone', () => {
    const task = mock('task');
    expect(withModuleModels(task, {})).toBe(task);
    const request = { messages: [{ role: 'user' as const, content: 'q' }] };
    expect(callCacheKey(task, { ...request, metadata: { module: 'a' } })).toBe(
      callCacheKey(task, request),
    );
  });
});
