// Measures the BM25 index on a synthetic corpus: build time, peak memory, index size, load time
// and query latency. Run: `pnpm --filter @forge/retrieval bench [passages] [queries]`
// (default 100 000 passages, 1 000 queries). Numbers go to stdout as JSON.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRandom } from '@forge/program';
import { buildBm25Index, openBm25Index } from '../src/index.js';

const passageCount = Number(process.argv[2] ?? 100_000);
const queryCount = Number(process.argv[3] ?? 1_000);
const vocabularySize = 200_000;
const random = createRandom('bm25-bench');

// Pseudo-English words from syllables, with inflections the stemmer has to work on.
const syllables = [
  'ba',
  'con',
  'der',
  'el',
  'fra',
  'gor',
  'hin',
  'is',
  'jun',
  'kel',
  'lom',
  'mar',
  'nes',
  'or',
  'pel',
  'quin',
  'ros',
  'sta',
  'tur',
  'ul',
  'ven',
  'wil',
  'xan',
  'yor',
  'zed',
];
const endings = ['', '', '', 's', 'ing', 'ed', 'ation', 'ly', 'ness', 'er'];
const vocabulary = Array.from({ length: vocabularySize }, (_, index) => {
  let word = '';
  let rest = index;
  do {
    word += syllables[rest % syllables.length];
    rest = Math.floor(rest / syllables.length);
  } while (rest > 0);
  return word + endings[index % endings.length];
});
// Zipf-like ranks: word i drawn with probability ∝ 1/(i+1), by inverse transform on a table.
const cumulative = new Float64Array(vocabularySize);
let total = 0;
for (let index = 0; index < vocabularySize; index++) {
  total += 1 / (index + 1);
  cumulative[index] = total;
}
function zipfWord(): string {
  const target = random.next() * total;
  let low = 0;
  let high = vocabularySize - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulative[middle] as number) < target) low = middle + 1;
    else high = middle - 1 < low ? low : middle;
  }
  return vocabulary[low] as string;
}
// Generated before the clock starts, so the build time is the index's own.
const corpus = Array.from({ length: passageCount }, () => {
  const words = Array.from({ length: 30 + random.int(60) }, zipfWord);
  return `${words[0]} ${words[1]} | ${words.join(' ')}.`;
});

const root = mkdtempSync(join(tmpdir(), 'forge-bm25-bench-'));
const directory = join(root, 'index');
const rssBefore = process.memoryUsage().rss;
const buildStart = performance.now();
const manifest = await buildBm25Index({ passages: corpus, directory });
const buildSeconds = (performance.now() - buildStart) / 1000;
const peakRssAfterBuildMb = process.resourceUsage().maxRSS / 1024;
const indexBytes = readdirSync(directory).reduce(
  (sum, name) => sum + statSync(join(directory, name)).size,
  0,
);
const passageBytes = statSync(join(directory, 'passages.bin')).size;

globalThis.gc?.();
const heapBeforeOpen = process.memoryUsage();
const openStart = performance.now();
const index = await openBm25Index(directory);
const openMs = performance.now() - openStart;
const heapAfterOpen = process.memoryUsage();

const queries = Array.from({ length: queryCount }, () =>
  Array.from({ length: 3 + random.int(6) }, zipfWord).join(' '),
);
for (const query of queries.slice(0, 50)) await index.search(query, 7); // warm-up
const latencies: number[] = [];
for (const query of queries) {
  const start = performance.now();
  await index.search(query, 7);
  latencies.push(performance.now() - start);
}
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] as number;
await index.close();
rmSync(root, { recursive: true, force: true });

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
console.log(
  JSON.stringify(
    {
      node: process.version,
      passages: manifest.documentCount,
      terms: manifest.termCount,
      postings: manifest.postingCount,
      averagePassageTerms: Math.round(manifest.averageDocumentLength * 10) / 10,
      buildSeconds: Math.round(buildSeconds * 100) / 100,
      passagesPerSecond: Math.round(manifest.documentCount / buildSeconds),
      peakRssDuringBuildMb: Math.round(peakRssAfterBuildMb),
      rssBeforeBuildMb: megabytes(rssBefore),
      indexMb: megabytes(indexBytes),
      indexWithoutPassageTextMb: megabytes(indexBytes - passageBytes),
      openMs: Math.round(openMs),
      memoryAddedByOpenMb: megabytes(heapAfterOpen.rss - heapBeforeOpen.rss),
      indexArrayBuffersMb: megabytes(heapAfterOpen.arrayBuffers - heapBeforeOpen.arrayBuffers),
      queries: queryCount,
      queryMs: {
        mean: Math.round((latencies.reduce((a, b) => a + b, 0) / latencies.length) * 1000) / 1000,
        p50: Math.round(percentile(0.5) * 1000) / 1000,
        p95: Math.round(percentile(0.95) * 1000) / 1000,
        p99: Math.round(percentile(0.99) * 1000) / 1000,
      },
    },
    null,
    2,
  ),
);
