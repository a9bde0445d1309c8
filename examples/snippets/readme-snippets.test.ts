import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSnippets,
  type Snippet,
  snippetFileName,
  snippetModule,
  snippetPages,
} from './read-snippets.js';

// Every TypeScript block of every README (the repository's, each package's, method's, app's and
// benchmark's) and of every docs page is checked here, so no snippet can rot. The HTML comment
// right before a block's fence says what CI does with it:
//
//   (none) or <!-- snippet: check -->  a complete module: type-checked under `strict` against
//                                      the built packages
//   <!-- snippet: run -->              type-checked, then executed offline (sim provider,
//                                      @forge/sdk/testing stand-ins, port 0, a temporary working
//                                      directory); a line `expression; // → value` asserts that
//                                      the expression deep-equals the value
//   <!-- snippet: excerpt examples/typed-program.ts -->
//                                      a fragment quoted verbatim from that example, which
//                                      examples.test.ts type-checks and runs
//
// A `check` or `run` marker may carry hidden setup lines before its closing `-->` (imports, or
// `declare const taskModel: LanguageModel;` for what a fragment assumes the reader has); they
// are compiled before the block and never shown. All blocks compile in one `tsc` run over a
// generated project whose node_modules is this package's. Third-party providers the snippets
// name but the workspace does not install (`@ai-sdk/openai`, `@ai-sdk/groq`) get a stub
// declaration typed as an AI SDK `LanguageModelV3` factory.
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const run = promisify(execFile);
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');

const snippets: Snippet[] = snippetPages(root).flatMap((page) => readSnippets(root, page));
const compiled = snippets.filter((snippet) => snippet.mode !== 'excerpt');
const project = mkdtempSync(join(tmpdir(), 'forge-snippets-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

// An ambient declaration file (no top-level import, or it would be a module augmentation).
const stubs = `type ProviderFactory = (modelId: string) => import('@ai-sdk/provider').LanguageModelV3;
declare module '@ai-sdk/openai' {
  export const openai: ProviderFactory;
  export function createOpenAI(settings?: { apiKey?: string; baseURL?: string }): ProviderFactory;
}
declare module '@ai-sdk/groq' {
  export const groq: ProviderFactory;
  export function createGroq(settings?: { apiKey?: string; baseURL?: string }): ProviderFactory;
}
`;

let errors: string[] = [];
beforeAll(async () => {
  mkdirSync(join(project, 'src'));
  symlinkSync(join(here, '..', 'node_modules'), join(project, 'node_modules'), 'dir');
  writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(join(project, 'src', 'third-party-stubs.d.ts'), stubs);
  const offsets = new Map<string, { snippet: Snippet; offset: number }>();
  for (const snippet of compiled) {
    const { code, offset } = snippetModule(snippet);
    writeFileSync(join(project, 'src', snippetFileName(snippet)), code);
    offsets.set(snippetFileName(snippet), { snippet, offset });
  }
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2023',
        lib: ['ES2023'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
        skipLibCheck: true,
        outDir: 'out',
        rootDir: 'src',
      },
      include: ['src'],
    }),
  );
  const result = await run(process.execPath, [tsc, '-p', project, '--pretty', 'false'], {
    cwd: project,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
  // Each error is reported at its page and line: `packages/x/README.md:31: error TS2304: …`.
  errors = result.stdout
    .split('\n')
    .filter((line) => line.includes('error TS'))
    .map((line) => {
      const position = /^src\/([^(]+)\((\d+),(\d+)\): (.*)$/.exec(line);
      const entry = position ? offsets.get(position[1] ?? '') : undefined;
      if (!position || !entry) return line;
      const pageLine = entry.snippet.line + Number(position[2]) - entry.offset;
      return `${entry.snippet.page}:${pageLine}: ${position[4]}`;
    });
}, 240_000);

describe('README and docs snippets', () => {
  it('finds the TypeScript blocks of every README and docs page', () => {
    expect(snippets.length).toBeGreaterThan(40);
    expect(new Set(snippets.map((snippet) => snippet.page)).size).toBeGreaterThan(20);
  });

  it('turns a `// → value` claim of a run snippet into an assertion that fails when untrue', async () => {
    const claim: Snippet = {
      page: 'claims.md',
      line: 1,
      mode: 'run',
      setup: '',
      code: '[1, 2].map((n) => n * 2); // → [2, 4]\n1 + 1; // → 3\n',
    };
    const file = join(project, 'claim.mjs');
    writeFileSync(file, snippetModule(claim).code);
    await expect(run(process.execPath, [file])).rejects.toThrow('claims.md:3');
  });

  it('every block that is not an excerpt type-checks under strict', () => {
    expect(errors).toEqual([]);
  });

  it.each(
    snippets
      .filter((snippet) => snippet.mode === 'excerpt')
      .map((snippet) => [`${snippet.page}:${snippet.line}`, snippet] as const),
  )('%s is quoted verbatim from the example it names', (_where, snippet) => {
    const example = readFileSync(join(root, snippet.source ?? ''), 'utf8');
    expect(example).toContain(snippet.code);
  });

  it.each(
    snippets
      .filter((snippet) => snippet.mode === 'run')
      .map((snippet) => [`${snippet.page}:${snippet.line}`, snippet] as const),
  )('%s runs offline and shows what it claims', async (_where, snippet) => {
    expect(errors).toEqual([]);
    const workingDirectory = mkdtempSync(join(project, 'run-'));
    const file = join(project, 'out', snippetFileName(snippet).replace(/\.ts$/, '.js'));
    // A failed `// → value` claim or any error exits non-zero, and execFile rejects with stderr.
    await run(process.execPath, [file], { cwd: workingDirectory, timeout: 60_000 });
  });
});
