// Throughput of the local provider: `pnpm --filter @forge/provider-llama-cpp bench [model.gguf]`.
// Without a path it measures the tiny random-weights model the tests generate (written to a
// temporary folder). Prints load time, prompt tokens/s and generated tokens/s, with and without a
// JSON-schema grammar. FORGE_LOCAL_THREADS sets the threads (default node-llama-cpp's).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLlamaCppModel, disposeLlamaCppRuntimes } from '../src/index.js';
import { writeTinyLlamaGguf } from '../src/testing/index.js';

const rounds = 5;
const given = process.argv[2];
const scratch = given === undefined ? mkdtempSync(join(tmpdir(), 'forge-llama-bench-')) : undefined;
const modelPath = given ?? writeTinyLlamaGguf(join(scratch as string, 'tiny.gguf'));
const model = createLlamaCppModel({ modelPath, contextSize: 2048, poolSize: 1 });

const schema = {
  type: 'object',
  properties: { label: { enum: ['spam', 'ham', 'unsure'] }, urgent: { type: 'boolean' } },
  required: ['label', 'urgent'],
  additionalProperties: false,
};
const document =
  'Quarterly notes. The team shipped the parser, fixed the cache, and moved the reports. '.repeat(
    8,
  );

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

const startedLoad = performance.now();
const load = await model.load();
const loadMs = performance.now() - startedLoad;

const promptRates: number[] = [];
const freeRates: number[] = [];
const grammarRates: number[] = [];
const grammarCalls: number[] = [];
let promptTokens = 0;
for (let round = 0; round < rounds; round++) {
  // A system prompt no earlier call had: the whole prompt is evaluated.
  const request = {
    system: `Round ${round}: summarise the notes.`,
    messages: [{ role: 'user' as const, content: document }],
    temperature: 0,
  };
  const prompt = await timed(() => model.generate({ ...request, maxOutputTokens: 1 }));
  const evaluated = prompt.value.usage.inputTokens - (prompt.value.usage.cachedInputTokens ?? 0);
  promptTokens = prompt.value.usage.inputTokens;
  promptRates.push(evaluated / (prompt.ms / 1000));
  // The same prompt again: the sequence still holds it, so the time is generation.
  const free = await timed(() => model.generate({ ...request, maxOutputTokens: 128 }));
  freeRates.push(free.value.usage.outputTokens / (free.ms / 1000));
  const grammar = await timed(() =>
    model.generate({
      ...request,
      maxOutputTokens: 64,
      responseFormat: { type: 'json', schema },
    }),
  );
  grammarRates.push(grammar.value.usage.outputTokens / (grammar.ms / 1000));
  grammarCalls.push(grammar.ms);
}

const rows: [string, string][] = [
  ['model', `${modelPath} (${model.header.name ?? '?'}, ${model.header.architecture ?? '?'})`],
  ['machine', `${cpus().length} cores, threads ${process.env['FORGE_LOCAL_THREADS'] ?? 'default'}`],
  [
    'load (first call of a process)',
    `${loadMs.toFixed(0)} ms: llama.cpp start ${load.runtimeMs.toFixed(0)} ms, model ${load.modelMs.toFixed(0)} ms, context ${load.contextMs.toFixed(0)} ms`,
  ],
  [
    'prompt evaluation',
    `${median(promptRates).toFixed(0)} tokens/s (${promptTokens}-token prompt)`,
  ],
  ['generation, free text', `${median(freeRates).toFixed(0)} tokens/s`],
  ['generation, JSON-schema grammar', `${median(grammarRates).toFixed(0)} tokens/s`],
  ['one enum/boolean answer under the grammar', `${median(grammarCalls).toFixed(0)} ms`],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`local provider throughput (median of ${rounds} rounds)`);
for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);

await disposeLlamaCppRuntimes();
if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
