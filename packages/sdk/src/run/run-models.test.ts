import type { EndpointPoolEvent } from '@forge/endpoints';
import { MockLanguageModel } from '@forge/provider/testing';
import { openAIChatCompletion, startOpenAITestServer } from '@forge/provider-openai/testing';
import { describe, expect, it } from 'vitest';
import { parseForgeConfig } from '../config/load-config.js';
import { endpointPoolOf } from '../models/resolve-model.js';
import { checkCostLimit } from './check-cost-limit.js';
import { createRunModels } from './run-models.js';

const config = (value: Record<string, unknown>) =>
  parseForgeConfig({
    file: '<test>',
    value: { benchmark: 'sim', budget: { maxEvaluations: 10 }, ...value },
  });

describe('createRunModels with endpoint pools', () => {
  it('makes a model with baseURLs a pool, with its per-server concurrency, shared by the roles that name it', () => {
    const models = createRunModels(
      config({
        taskModel: {
          model: 'openai:task',
          baseURLs: ['http://gpu-1:8000/v1', 'http://gpu-2:8000/v1'],
          endpointConcurrency: 3,
        },
        optimizerModel: {
          model: 'openai:optimizer',
          baseURLs: ['http://gpu-1:8000/v1', 'http://gpu-2:8000/v1'],
        },
        roleModels: { verify: 'sim:optimizer' },
      }),
      { environment: {} },
    );
    const taskPool = endpointPoolOf(models.task);
    expect(
      taskPool?.status().endpoints.map((endpoint) => [endpoint.endpoint, endpoint.concurrency]),
    ).toEqual([
      ['http://gpu-1:8000/v1', 3],
      ['http://gpu-2:8000/v1', 3],
    ]);
    expect(models.reflect).toBe(models.assign);
    expect(endpointPoolOf(models.verify)).toBeUndefined();
    expect(
      models
        .pools()
        .map((entry) => [entry.model, entry.roles, entry.pool.status().endpoints.length]),
    ).toEqual([
      ['openai:task', ['task'], 2],
      ['openai:optimizer', ['reflect', 'assign', 'generate'], 2],
    ]);
    models.close();
  });

  it('makes every openai: model a pool when OPENAI_BASE_URL lists several servers', () => {
    const models = createRunModels(
      config({ taskModel: 'openai:task', optimizerModel: 'openai:optimizer' }),
      { environment: { OPENAI_BASE_URL: 'http://gpu-1:8000/v1,http://gpu-2:8000/v1' } },
    );
    expect(models.pools().map((entry) => entry.model)).toEqual(['openai:task', 'openai:optimizer']);
    expect(endpointPoolOf(models.task)?.status().endpoints[0]?.concurrency).toBeNull();
    models.close();
  });

  it('passes each pool’s events on, and the call a dead server could not answer is answered by another', async () => {
    await using alive = await startOpenAITestServer({
      handler: () => openAIChatCompletion({ text: 'from the live server' }),
    });
    const dead = await startOpenAITestServer();
    const deadURL = dead.baseURL;
    await dead.close();
    const events: EndpointPoolEvent[] = [];
    const models = createRunModels(
      config({
        taskModel: { model: 'openai:task', baseURLs: [deadURL, alive.baseURL], maxRetries: 0 },
        optimizerModel: 'sim:optimizer',
      }),
      { environment: {}, onPoolEvent: (event) => events.push(event) },
    );
    const answer = await models.task.generate({
      messages: [{ role: 'user', content: 'hello' }],
      metadata: { role: 'task' },
    });
    expect(answer.text).toBe('from the live server');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'endpoint-down',
      provider: 'openai',
      modelId: 'task',
      endpoint: deadURL,
      up: 1,
    });
    expect(models.costMeter.totals().total.calls).toBe(1);
    models.close();
  });
});

describe('createRunModels with module models', () => {
  it('sends a module’s task calls to its own model, metered and named under role task', async () => {
    const runConfig = config({
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      moduleModels: { summarize: 'mock:summary' },
      budget: { maxEvaluations: 10, maxOptimizerCostUsd: 1 },
      prices: { 'sim:optimizer': { input: 1, output: 1 } },
    });
    const summary = new MockLanguageModel({
      provider: 'mock',
      modelId: 'summary',
      responses: () => 's',
    });
    const models = createRunModels(runConfig, {
      environment: {},
      models: new Map([['mock:summary', summary]]),
    });
    expect(models.names).toMatchObject({ task: 'sim:task', 'task.summarize': 'mock:summary' });
    const ask = (module: string) =>
      models.task.generate({
        messages: [{ role: 'user', content: 'hello' }],
        metadata: { role: 'task', module },
      });
    await ask('summarize');
    await ask('extract');
    const totals = models.costMeter.totals();
    expect(totals.byRole['task']?.calls).toBe(2);
    expect(totals.byModel['mock:summary']?.calls).toBe(1);
    expect(summary.calls.map((call) => call.request.metadata?.module)).toEqual(['summarize']);
    expect(totals.byModel['sim:task']?.calls).toBe(1);
    // A module's model is a task model: the optimizer cost limit does not need its price.
    expect(models.unpricedModels).toContain('mock:summary');
    expect(() => checkCostLimit(runConfig, models, '<test>')).not.toThrow();
    models.close();
  });
});
