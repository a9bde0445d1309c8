// Peak memory of reading a JSONL dataset with one oversized field, as `readJsonl` does for every
// benchmark and `--predictions` file. Writes a temporary file — ordinary lines around one line
// whose `input.text` holds `--field-mb` megabytes (default 50) — then reads it in a fresh Node
// process per trial and prints that process's peak resident set size (maxRSS) and what
// `readJsonl` answered (each trial runs read-dataset-once.mjs). Run after a build: `pnpm --filter @forge/program measure:dataset-memory`.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const flag = process.argv.indexOf('--field-mb');
const fieldMiB = flag < 0 ? 50 : Number(process.argv[flag + 1]);
const trials = 3;
const dir = mkdtempSync(join(tmpdir(), 'forge-dataset-memory-'));
try {
  const file = join(dir, 'data.jsonl');
  const ordinary = Array.from({ length: 1000 }, (_, index) =>
    JSON.stringify({ id: `i${index}`, input: { text: `question ${index}` } }),
  );
  // Written a mebibyte at a time: the field may be longer than a string can be.
  const out = openSync(file, 'w');
  writeSync(out, `${ordinary.slice(0, 500).join('\n')}\n{"id":"huge","input":{"text":"`);
  const mebibyte = 'x'.repeat(1024 * 1024);
  for (let written = 0; written < fieldMiB; written++) writeSync(out, mebibyte);
  writeSync(out, `"}}\n${ordinary.slice(500).join('\n')}\n`);
  closeSync(out);
  const script = fileURLToPath(new URL('read-dataset-once.mjs', import.meta.url));
  const baseline = execFileSync(
    process.execPath,
    ['-e', 'console.log(Math.round(process.resourceUsage().maxRSS / 1024))'],
    {
      encoding: 'utf8',
    },
  ).trim();
  console.log(`file: 1000 ordinary lines and one ${fieldMiB} MiB field (line 501)`);
  console.log(`an idle node process: ${baseline} MiB peak RSS`);
  for (let trial = 1; trial <= trials; trial++) {
    const line = execFileSync(process.execPath, [script, file], { encoding: 'utf8' }).trim();
    const { peakMiB, outcome } = JSON.parse(line);
    console.log(`trial ${trial}: ${peakMiB} MiB peak RSS — ${outcome}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
