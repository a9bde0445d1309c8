import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBestPrompts } from './load-best-prompts.js';

const root = mkdtempSync(join(tmpdir(), 'forge-best-prompts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function runWith(name: string, text: string): string {
  const runDir = join(root, name);
  mkdirSync(runDir);
  writeFileSync(join(runDir, 'best-prompts.json'), text);
  return runDir;
}

describe('loadBestPrompts', () => {
  it('reads the prompts and demonstrations by module', () => {
    const demos = { answer: [{ input: { q: 'a' }, output: { answer: 'b' }, instanceId: 't1' }] };
    const runDir = runWith(
      'ok',
      JSON.stringify({
        candidate: 3,
        validationScore: 0.75,
        prompts: { extract: 'Extract.', answer: 'Answer.' },
        demos,
      }),
    );
    expect(loadBestPrompts(runDir)).toEqual({
      prompts: { extract: 'Extract.', answer: 'Answer.' },
      demos,
      candidate: 3,
      validationScore: 0.75,
    });
  });

  it('names the file and the field of a file that is not what a run writes', () => {
    const cases: [string, string, RegExp][] = [
      ['not-json', '{ "prompts": ', /best-prompts\.json: not JSON/],
      [
        'bad-prompt',
        JSON.stringify({ candidate: 0, validationScore: 1, prompts: { answer: 7 } }),
        /best-prompts\.json, field "prompts\.answer"/,
      ],
      [
        'bad-demo',
        JSON.stringify({ candidate: 0, validationScore: 1, prompts: {}, demos: { a: [{}] } }),
        /field "demos\.a\.0\.input"/,
      ],
    ];
    for (const [name, text, message] of cases) {
      expect(() => loadBestPrompts(runWith(name, text)), name).toThrow(message);
    }
    expect(() => loadBestPrompts(join(root, 'nowhere'))).toThrow(/no best prompts here/);
  });

  it('keeps a module named __proto__ a key, never a prototype', () => {
    const runDir = runWith(
      'hostile',
      '{ "candidate": 0, "validationScore": 0, "prompts": { "__proto__": "x", "answer": "A." } }',
    );
    const { prompts } = loadBestPrompts(runDir);
    expect(Object.getPrototypeOf(prompts)).toBe(Object.prototype);
    expect(Object.keys(prompts)).toEqual(['__proto__', 'answer']);
  });
});
