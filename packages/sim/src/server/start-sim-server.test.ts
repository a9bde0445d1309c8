import { extractXmlBlock } from '@forge/program';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanWorld,
  generatorMessage,
  promptsWith,
  runOn,
  textInstance,
} from '../__fixtures__/contract-messages.js';
import { checkDateTool } from '../benchmark/check-date-tool.js';
import { interpretMessage } from '../program/date-messages.js';
import { interpretSeedPrompt } from '../program/seed-prompts.js';
import { type SimServer, startSimServer } from './start-sim-server.js';

let server: SimServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startSimServer({ host: '127.0.0.1', port: 0, malformedRate: 0, flawRate: 0 });
  client = new OpenAI({ apiKey: 'simulated', baseURL: server.url, maxRetries: 0 });
});

afterAll(async () => {
  await server.close();
});

describe('startSimServer with the real openai SDK', () => {
  it('listens on loopback and lists the simulated models', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['task', 'optimizer']);
    expect(models.data[0]?.owned_by).toContain('simulated');
    expect((await client.models.retrieve('optimizer')).id).toBe('optimizer');
  });

  it('serves the task model with the same answer and a full usage block', async () => {
    const completion = await client.chat.completions.create({
      model: 'task',
      messages: [
        { role: 'system', content: interpretSeedPrompt },
        { role: 'user', content: interpretMessage('Born 03.04.2021.') },
      ],
    });
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('stop');
    expect(choice?.message.content).toContain('<day>04</day>');
    const usage = completion.usage;
    expect(usage?.prompt_tokens).toBeGreaterThan(0);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    expect(usage?.prompt_tokens_details?.cached_tokens).toBe(0);
    const direct = await cleanWorld().taskModel.generate({
      system: interpretSeedPrompt,
      messages: [{ role: 'user', content: interpretMessage('Born 03.04.2021.') }],
    });
    expect(choice?.message.content).toBe(direct.text);
    expect(completion.model).toBe('task');
  });

  it('drives the generator through a tool call and a tool result, as an agent loop would', async () => {
    const world = cleanWorld();
    const evaluated = await runOn(
      world,
      promptsWith(world, () => false),
      textInstance('Invoice dated 03.04.2021.', '2021-04-03'),
    );
    const prompt = generatorMessage(world.benchmark.signature, {
      clusterName: 'dotted_dates_read_month_first',
      description: 'Dotted numeric dates are read month-first.',
      intent: 'boundary',
      evaluated,
    });
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'check_date',
          description: checkDateTool.description,
          parameters: {
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
          },
        },
      },
    ];
    const first = await client.chat.completions.create({
      model: 'sim:optimizer',
      messages: [{ role: 'user', content: prompt }],
      tools,
    });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    if (call?.type !== 'function') throw new Error('expected a function tool call');
    expect(call.function.name).toBe('check_date');
    const input = JSON.parse(call.function.arguments) as { text: string };
    const output = await checkDateTool.execute(input, {});
    const second = await client.chat.completions.create({
      model: 'optimizer',
      tools,
      messages: [
        { role: 'user', content: prompt },
        {
          role: 'assistant',
          content: first.choices[0]?.message.content ?? null,
          tool_calls: [call],
        },
        { role: 'tool', tool_call_id: call.id, content: JSON.stringify(output) },
      ],
    });
    const block = extractXmlBlock(second.choices[0]?.message.content ?? '', 'synthetic_example');
    expect(block.ok && JSON.parse(block.content)).toEqual({ text: input.text, date: '2021-04-03' });
    expect(second.choices[0]?.message.content).toContain('check_date reads it as 2021-04-03');
  });

  it('answers an unknown model with a 404 in the OpenAI error shape', async () => {
    const failure = await client.chat.completions
      .create({ model: 'gpt-5.5', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.NotFoundError);
    expect((failure as InstanceType<typeof OpenAI.NotFoundError>).status).toBe(404);
    expect((failure as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');
    await expect(client.models.retrieve('gpt-5.5')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('refuses streaming and malformed bodies with a 400', async () => {
    await expect(
      client.chat.completions.create({
        model: 'task',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_json' },
    });
    const empty = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'task', messages: [] }),
    });
    expect(empty.status).toBe(400);
  });
});

describe('startSimServer traffic controls', () => {
  it('counts completions and model listings, and holds answers while a delay is set', async () => {
    const own = await startSimServer({ malformedRate: 0 });
    try {
      const ownClient = new OpenAI({ apiKey: 'simulated', baseURL: own.url, maxRetries: 0 });
      const ask = (signal?: AbortSignal) =>
        ownClient.chat.completions.create(
          {
            model: 'task',
            messages: [
              { role: 'system', content: interpretSeedPrompt },
              { role: 'user', content: interpretMessage('Born 03.04.2021.') },
            ],
          },
          signal === undefined ? {} : { signal },
        );
      const quick = await ask();
      await ownClient.models.list();
      expect(own.requestCounts()).toEqual({ completions: 1, models: 1 });
      own.setResponseDelay(60_000);
      const controller = new AbortController();
      let settled = false;
      const held = ask(controller.signal).finally(() => {
        settled = true;
      });
      while (own.requestCounts().completions < 2) await new Promise((done) => setTimeout(done, 5));
      // Model listings (health probes) are answered while the completion is held.
      await ownClient.models.list();
      expect(settled).toBe(false);
      controller.abort();
      await expect(held).rejects.toThrow();
      // A transport delay only: the simulated answer is the same.
      own.setResponseDelay(20);
      const slow = await ask();
      expect(slow.choices[0]?.message.content).toBe(quick.choices[0]?.message.content);
      expect(own.requestCounts()).toEqual({ completions: 3, models: 2 });
      expect(() => own.setResponseDelay(-1)).toThrow(RangeError);
    } finally {
      await own.close();
    }
  });
});

describe('startSimServer with a required API key', () => {
  it('answers 401 to a missing or wrong key, and serves the right one', async () => {
    const key = ['sim', 'key', 'abcdef0123456789'].join('-');
    const guarded = await startSimServer({ apiKey: key, malformedRate: 0 });
    try {
      const request = (apiKey: string) =>
        new OpenAI({ apiKey, baseURL: guarded.url, maxRetries: 0 }).models.list();
      await expect(request('wrong')).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
      const bare = await fetch(`${guarded.url}/models`);
      expect(bare.status).toBe(401);
      expect(await bare.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
      expect((await request(key)).data).toHaveLength(2);
    } finally {
      await guarded.close();
    }
  });
});
