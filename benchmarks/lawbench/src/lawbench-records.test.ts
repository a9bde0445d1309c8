import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { lawbenchTarget, loadLawbenchSplit, readLawbenchFile } from './lawbench-records.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('lawbenchTarget', () => {
  it('keeps the text after the last 罪名:, stripped', () => {
    expect(lawbenchTarget('罪名:盗窃;诈骗')).toBe('盗窃;诈骗');
    expect(lawbenchTarget('罪名: 盗窃 ')).toBe('盗窃');
    expect(lawbenchTarget('盗窃')).toBe('盗窃');
  });
});

describe('loadLawbenchSplit', () => {
  it('reads a split in file order with the facts as input and the charges as gold', async () => {
    const train = await loadLawbenchSplit(fixtures, 'train');
    expect(train.map((instance) => instance.id)).toEqual([
      'lawbench-train-1',
      'lawbench-train-2',
      'lawbench-train-3',
    ]);
    expect(train[1]?.gold).toEqual({ charges: ['诈骗', '盗窃'] });
    expect(String(train[0]?.input['fact'])).toMatch(/^事实:某市某区人民检察院指控：\r\n2020年/);
    const test = await loadLawbenchSplit(fixtures, 'test');
    expect(test[1]?.gold).toEqual({ charges: ['走私普通货物、物品', '行贿'] });
  });

  it('names the file, line and field of a bad record', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-lawbench-'));
    writeFileSync(
      join(directory, 'val.jsonl'),
      '{"question":"事实:甲","answer":"罪名:盗窃"}\n{"question":"事实:乙","answer":"罪名: "}\n',
    );
    const error = await loadLawbenchSplit(directory, 'validation').catch((caught) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect(error.message).toContain('val.jsonl, line 2, field "answer": names no charge');
    await expect(loadLawbenchSplit(directory, 'test')).rejects.toThrow(
      'run `forge data pull lawbench`',
    );
  });

  it('reads LawBench’s own JSON-array format too', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-lawbench-'));
    const file = join(directory, '3-3.json');
    writeFileSync(
      file,
      JSON.stringify([
        { instruction: 'i', question: '事实:甲', answer: '罪名:盗窃' },
        { question: 1 },
      ]),
    );
    const error = await readLawbenchFile(file).catch((caught) => caught);
    expect(error).toMatchObject({ line: 2, field: 'question' });
  });
});
