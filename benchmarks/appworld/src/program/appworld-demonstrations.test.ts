import { seedPrompts } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { AppWorldServerPool } from '../pool/server-pool.js';
import { startFakeAppWorldServer } from '../testing/fake-appworld-server.js';
import { createScriptedTaskAgent } from '../testing/scripted-task-agent.js';
import { appworldDemonstration, renderAppWorldDemonstrations } from './appworld-demonstrations.js';
import { createAppWorldProgram } from './appworld-program.js';
import { appworldModuleName } from './appworld-prompts.js';

describe('AppWorld demonstrations', () => {
  it('takes the episode’s tool calls, in order, as the demonstrated actions', () => {
    const demonstration = appworldDemonstration(
      'Like every song.',
      [
        { role: 'user', content: 'Task: Like every song.' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'c1', name: 'show_api_doc', input: { app_name: 'spotify', api_name: 'login' } },
          ],
        },
        { role: 'tool', toolCallId: 'c1', toolName: 'show_api_doc', content: '{...}' },
        {
          role: 'assistant',
          content: 'Logging in.',
          toolCalls: [{ id: 'c2', name: 'execute_python', input: { code: 'print(1)\nprint(2)' } }],
        },
      ],
      't1',
    );
    expect(demonstration).toEqual({
      input: { instruction: 'Like every song.' },
      output: {
        actions: [
          { tool: 'show_api_doc', input: { app_name: 'spotify', api_name: 'login' } },
          { tool: 'execute_python', input: { code: 'print(1)\nprint(2)' } },
        ],
      },
      instanceId: 't1',
    });
    expect(renderAppWorldDemonstrations([demonstration])).toBe(
      [
        '# Worked examples',
        'Tasks completed before, with the actions that completed them.',
        '## Example 1',
        'Task: Like every song.',
        '### Actions that completed it',
        '1. show_api_doc {"app_name":"spotify","api_name":"login"}',
        '2. execute_python\n\n```python\nprint(1)\nprint(2)\n```',
        '# Your task',
      ].join('\n\n'),
    );
  });

  it('opens the first user message with the worked examples and records episodes when asked', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const program = createAppWorldProgram({ pool });
    const requests: GenerateRequest[] = [];
    const agent = createScriptedTaskAgent();
    const model = {
      ...agent,
      generate: (request: GenerateRequest) => {
        requests.push(request);
        return agent.generate(request);
      },
    };
    const demonstration = appworldDemonstration('Say hello.', [
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c', name: 'execute_python', input: { code: 'print("hi")' } }],
      },
    ]);
    const instance = {
      id: 'a1c0de1_1',
      input: { task_id: 'a1c0de1_1', instruction: 'Mark.' },
      gold: {},
    };
    const execution = await program.run(instance, seedPrompts(program), {
      model,
      demos: { [appworldModuleName]: [demonstration] },
      recordDemonstrations: true,
    });
    const opening = requests[0]?.messages[0] as { content: string };
    expect(opening.content.startsWith('# Worked examples\n\n')).toBe(true);
    expect(opening.content).toContain('Task: Say hello.');
    expect(opening.content).toContain('# Your task\n\nTask: Mark every item');
    const entry = execution.trace[0];
    if (entry?.demonstration === undefined) throw new Error('no demonstration recorded');
    expect((entry.messages[0] as { content: string }).content.startsWith('Task: Mark')).toBe(true);
    expect(entry.demonstration.input).toEqual({ instruction: 'Mark.' });
    expect((entry.demonstration.output['actions'] as unknown[]).length).toBeGreaterThan(0);
  });
});
