import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finerQuestion } from '@forge/bench-finer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli } from './run-cli.js';

// `forge data pull` against a loopback mirror that serves synthetic files in the official format.
const root = mkdtempSync(join(tmpdir(), 'forge-data-e2e-'));
const prefix =
  '/stanford-iris-lab/meta-harness/95175f70c758dd1145b395edfe8b67e6f9d80fbd/reference_examples/text_classification/data/finer';
const lines = (count: number) =>
  Array.from(
    { length: count },
    (_, index) =>
      `${JSON.stringify({ question: finerQuestion(String(index), `synthetic ${index} .`), target: 'LongTermDebt', context: '' })}\n`,
  ).join('');
let counts = { train: 200, val: 100, test: 100 };
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const name = request.url?.slice(prefix.length + 1).replace('.jsonl', '') as keyof typeof counts;
    if (!request.url?.startsWith(prefix) || counts[name] === undefined) {
      response.writeHead(404).end('missing');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/jsonl' }).end(lines(counts[name]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('forge data', () => {
  it('pulls a benchmark from a mirror, checks the counts, and checks again offline', async () => {
    counts = { train: 200, val: 100, test: 100 };
    const pulled = await runCli(
      ['data', 'pull', 'finer', '--mirror', url, '--data-dir', 'data/finer', '--json'],
      { cwd: root },
    );
    expect(pulled.code).toBe(0);
    const report = jsonEvents(pulled.stdout)[0] as unknown as {
      ok: boolean;
      files: { path: string; records: number }[];
    };
    expect(report.ok).toBe(true);
    expect(report.files.map((file) => [file.path, file.records])).toEqual([
      ['train.jsonl', 200],
      ['val.jsonl', 100],
      ['test.jsonl', 100],
    ]);
    const checked = await runCli(['data', 'check', 'finer'], { cwd: root });
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain('train.jsonl');
  });

  it('reports a count mismatch with exit code 2, and a failed download leaves no file', async () => {
    counts = { train: 199, val: 100, test: 100 };
    const mismatch = await runCli(
      ['data', 'pull', 'finer', '--mirror', url, '--data-dir', 'short'],
      { cwd: root },
    );
    expect(mismatch.code).toBe(2);
    expect(mismatch.stdout).toMatch(/train\.jsonl\s+199\s+200/);

    const missing = await runCli(
      ['data', 'pull', 'finer', '--mirror', `${url}/nowhere`, '--data-dir', 'broken'],
      { cwd: root },
    );
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('HTTP 404');
    const left = existsSync(join(root, 'broken')) ? readdirSync(join(root, 'broken')) : [];
    expect(left.filter((name) => name.endsWith('.jsonl') || name.includes('partial'))).toEqual([]);
  });
});
