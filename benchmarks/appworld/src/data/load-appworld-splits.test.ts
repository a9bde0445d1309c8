import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeSplits } from '../testing/fake-tasks.js';
import { writeFakeAppWorldRoot } from '../testing/write-fake-root.js';
import { checkData, pullData } from './appworld-data.js';
import { resolveAppWorldRoot } from './appworld-root.js';
import { loadAppWorldSplits } from './load-appworld-splits.js';

const base = mkdtempSync(join(tmpdir(), 'forge-appworld-data-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let count = 0;
function fakeRoot(): string {
  const directory = join(base, `root-${count++}`);
  writeFakeAppWorldRoot(directory);
  return directory;
}

async function datasetError(promise: Promise<unknown>): Promise<DatasetError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!DatasetError.isInstance(error))
    throw new Error(`expected a DatasetError, got ${String(error)}`);
  return error;
}

describe('loadAppWorldSplits', () => {
  it('reads train, dev and test_normal in stored order as train, validation and test', async () => {
    const root = resolveAppWorldRoot({ dataDir: fakeRoot(), environment: {} });
    const splits = await loadAppWorldSplits(root!);
    expect(splits.train.map((instance) => instance.id)).toEqual(fakeSplits.train);
    expect(splits.validation.map((instance) => instance.id)).toEqual(fakeSplits.dev);
    expect(splits.test.map((instance) => instance.id)).toEqual(fakeSplits.test_normal);
    expect(splits.train[0]).toEqual({
      id: 'a1c0de1_1',
      input: {
        task_id: 'a1c0de1_1',
        instruction: 'Mark every item on my to-do list that mentions "groceries" as done.',
      },
      gold: {
        requirements: [
          'every to-do item mentioning "groceries" is marked done',
          'no other to-do item was marked done',
          'no to-do item was added or removed',
        ],
      },
      metadata: {
        source: 'data/datasets/train.txt',
        line: 1,
        datetime: '2023-05-18T12:00:00',
        difficulty: 2,
      },
    });
    // The test split's ground truth is never read.
    expect(splits.test[0]?.gold).toEqual({ requirements: [] });
    expect(splits.test[0]?.metadata).toMatchObject({ requirementsKnown: false });
  });

  it('strips tags, skips blank lines, and names the file, line and field of bad input', async () => {
    const directory = fakeRoot();
    const data = join(directory, 'data');
    const root = resolveAppWorldRoot({ dataDir: directory, environment: {} })!;
    writeFileSync(join(data, 'datasets', 'train.txt'), 'a1c0de1_1:easy\n\nb2d0e5a_1\n');
    expect((await loadAppWorldSplits(root)).train.map((instance) => instance.id)).toEqual([
      'a1c0de1_1',
      'b2d0e5a_1',
    ]);

    writeFileSync(join(data, 'datasets', 'train.txt'), 'a1c0de1_1\n../etc\n');
    const badId = await datasetError(loadAppWorldSplits(root));
    expect(badId).toMatchObject({ line: 2, field: 'task_id' });

    writeFileSync(join(data, 'datasets', 'train.txt'), 'a1c0de1_1\na1c0de1_1\n');
    expect((await datasetError(loadAppWorldSplits(root))).message).toContain('listed twice');

    writeFileSync(join(data, 'datasets', 'train.txt'), 'a1c0de1_1\nmissing_1\n');
    const missing = await datasetError(loadAppWorldSplits(root));
    expect(missing).toMatchObject({
      file: join(data, 'datasets', 'train.txt'),
      line: 2,
      field: 'task_id',
    });
    expect(missing.message).toContain('appworld download data');

    writeFileSync(join(data, 'datasets', 'train.txt'), 'a1c0de1_1\n');
    const specs = join(data, 'tasks', 'a1c0de1_1', 'specs.json');
    writeFileSync(
      specs,
      JSON.stringify({ instruction: 'x', supervisor: { first_name: 'A' }, datetime: 'now' }),
    );
    const badSpecs = await datasetError(loadAppWorldSplits(root));
    expect(badSpecs).toMatchObject({ file: specs, field: 'supervisor.last_name' });
    writeFileSync(specs, '{');
    expect((await datasetError(loadAppWorldSplits(root))).message).toContain('not valid JSON');

    writeFakeAppWorldRoot(directory);
    rmSync(join(data, 'datasets', 'dev.txt'));
    expect((await datasetError(loadAppWorldSplits(root))).file).toBe(
      join(data, 'datasets', 'dev.txt'),
    );
  });
});

describe('resolveAppWorldRoot', () => {
  it('prefers the setting, then a data directory holding AppWorld data, then APPWORLD_ROOT', () => {
    const root = fakeRoot();
    const elsewhere = join(base, 'empty');
    expect(
      resolveAppWorldRoot({ appworldRoot: root, dataDir: elsewhere, environment: {} }),
    ).toMatchObject({
      root,
      source: 'benchmarkSettings.appworldRoot',
    });
    expect(
      resolveAppWorldRoot({ dataDir: root, environment: { APPWORLD_ROOT: elsewhere } }),
    ).toMatchObject({
      root,
      source: 'dataDir',
    });
    expect(resolveAppWorldRoot({ dataDir: join(root, 'data'), environment: {} })).toMatchObject({
      root,
      data: join(root, 'data'),
    });
    expect(
      resolveAppWorldRoot({ dataDir: elsewhere, environment: { APPWORLD_ROOT: root } }),
    ).toMatchObject({
      root,
      source: 'APPWORLD_ROOT',
    });
    expect(resolveAppWorldRoot({ environment: {} })).toBeUndefined();
  });
});

describe('checkData and pullData', () => {
  it('reports each split against the release counts, and problems by file and line', async () => {
    const directory = fakeRoot();
    const report = await checkData({ dataDir: directory }, {});
    expect(report).toMatchObject({
      benchmark: 'appworld',
      dataDir: join(directory, 'data'),
      ok: false,
    });
    expect(report.files).toEqual([
      {
        path: 'datasets/train.txt',
        records: 4,
        expected: 90,
        ok: false,
        message: 'expected 90 tasks, found 4',
      },
      {
        path: 'datasets/dev.txt',
        records: 2,
        expected: 57,
        ok: false,
        message: 'expected 57 tasks, found 2',
      },
      {
        path: 'datasets/test_normal.txt',
        records: 2,
        expected: 168,
        ok: false,
        message: 'expected 168 tasks, found 2',
      },
    ]);
    writeFileSync(join(directory, 'data', 'datasets', 'dev.txt'), 'c3e1f7b_1\nnot_here\n');
    const broken = await checkData({ dataDir: directory }, {});
    expect(broken.files[1]?.message).toContain('line 2');
    expect(broken.files[1]?.message).toContain('not_here');
    writeFileSync(join(directory, 'data', 'datasets', 'dev.txt'), 'a1c0de1_1\n');
    expect((await checkData({ dataDir: directory }, {})).files[1]?.message).toBe(
      'line 1: task a1c0de1_1 is also in datasets/train.txt',
    );
  });

  it('finds the data through APPWORLD_ROOT, and pull explains how to install it', async () => {
    const root = fakeRoot();
    const report = await checkData({ dataDir: join(base, 'nothing') }, { APPWORLD_ROOT: root });
    expect(report.dataDir).toBe(join(root, 'data'));
    expect(report.files[0]?.records).toBe(4);
    await expect(pullData({ dataDir: 'data/appworld' })).rejects.toThrow(
      'pip install appworld && appworld install && appworld download data',
    );
  });
});
