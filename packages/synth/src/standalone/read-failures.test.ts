import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { additionSignature } from '../__fixtures__/modes.js';
import { readFailures } from './read-failures.js';
import { readInstances } from './read-instances.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-failures-'));

function file(name: string, lines: readonly unknown[]): string {
  const path = join(directory, name);
  writeFileSync(
    path,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
  );
  return path;
}

async function failure(promise: Promise<unknown>): Promise<DatasetError> {
  try {
    await promise;
  } catch (error) {
    if (DatasetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('readFailures', () => {
  it('reads minimal and full lines, filling defaults', async () => {
    const path = file('good.jsonl', [
      { instance: { input: { question: 'What is 19 + 23?' }, gold: { answer: 42 } } },
      '',
      {
        id: 'f-2',
        instance: { id: 'q-2', input: { question: 'What is 5 + 5?' }, gold: { answer: 10 } },
        score: 0.5,
        feedback: 'Dropped a carry.',
        trace: [
          {
            module: 'solver',
            messages: [
              { role: 'user', content: 'What is 5 + 5?' },
              { role: 'assistant', content: '11' },
            ],
          },
        ],
        step: 7,
      },
    ]);
    const observations = await readFailures(path, { signature: additionSignature });
    expect(observations).toEqual([
      {
        id: 'failure-1',
        step: 0,
        parentIndex: 0,
        instance: {
          id: 'good.jsonl:1',
          input: { question: 'What is 19 + 23?' },
          gold: { answer: 42 },
        },
        score: 0,
        trace: [],
      },
      {
        id: 'f-2',
        step: 7,
        parentIndex: 0,
        instance: { id: 'q-2', input: { question: 'What is 5 + 5?' }, gold: { answer: 10 } },
        score: 0.5,
        trace: [
          {
            module: 'solver',
            messages: [
              { role: 'user', content: 'What is 5 + 5?' },
              { role: 'assistant', content: '11' },
            ],
          },
        ],
        feedback: 'Dropped a carry.',
      },
    ]);
  });

  it.each([
    ['bad-json.jsonl', ['{"instance": '], 1, undefined, 'not valid JSON'],
    ['no-instance.jsonl', [{ id: 'x' }], 1, 'instance', ''],
    [
      'perfect.jsonl',
      [{ instance: { input: { question: 'q' }, gold: { answer: 1 } }, score: 1 }],
      1,
      'score',
      'below 1',
    ],
    [
      'extra-key.jsonl',
      [{ instance: { input: { question: 'q' }, gold: { answer: 1 } }, scroe: 0 }],
      1,
      undefined,
      'scroe',
    ],
    [
      'bad-trace.jsonl',
      [
        {
          instance: { input: { question: 'q' }, gold: { answer: 1 } },
          trace: [{ module: 'm', messages: [{ role: 'robot', content: 'x' }] }],
        },
      ],
      1,
      'trace.0.messages.0.role',
      '',
    ],
    [
      'wrong-gold-type.jsonl',
      [
        { instance: { input: { question: 'q' }, gold: { answer: 1 } } },
        { instance: { input: { question: 'q' }, gold: { answer: '2' } } },
      ],
      2,
      'instance.gold.answer',
      'expected an integer',
    ],
    [
      'missing-input.jsonl',
      [{ instance: { input: {}, gold: { answer: 1 } } }],
      1,
      'instance.input.question',
      'missing',
    ],
    [
      'undeclared.jsonl',
      [{ instance: { input: { question: 'q', hint: 'h' }, gold: { answer: 1 } } }],
      1,
      'instance.input.hint',
      'not declared',
    ],
    [
      'duplicate-id.jsonl',
      [
        { id: 'a', instance: { input: { question: 'q' }, gold: { answer: 1 } } },
        { id: 'a', instance: { input: { question: 'r' }, gold: { answer: 2 } } },
      ],
      2,
      'id',
      'already used on line 1',
    ],
  ])('%s: names line %i and field %s', async (name, lines, line, field, message) => {
    const path = file(name, lines);
    const error = await failure(readFailures(path, { signature: additionSignature }));
    expect(error.file).toBe(path);
    expect(error.line).toBe(line);
    if (field !== undefined) expect(error.field).toBe(field);
    expect(error.message).toContain(message);
    expect(error.message.startsWith(`${path}, line ${line}`)).toBe(true);
  });

  it('reports a missing file', async () => {
    expect((await failure(readFailures(join(directory, 'nope.jsonl')))).message).toContain(
      'file not found',
    );
  });
});

describe('readInstances', () => {
  it('reads instances and checks them against the signature', async () => {
    const path = file('instances.jsonl', [
      { id: 'v1', input: { question: 'What is 1 + 1?' }, gold: { answer: 2 } },
      { input: { question: 'What is 2 + 2?' }, gold: { answer: 4 } },
    ]);
    expect(
      (await readInstances(path, { signature: additionSignature })).map((instance) => instance.id),
    ).toEqual(['v1', 'instances.jsonl:2']);
    const bad = file('bad-instances.jsonl', [{ input: { question: 3 }, gold: { answer: 4 } }]);
    const error = await failure(readInstances(bad, { signature: additionSignature }));
    expect([error.line, error.field]).toEqual([1, 'input.question']);
  });
});
