import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toyEvaluate, toyInstances, toyProgram } from '@forge/method/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

const root = mkdtempSync(join(tmpdir(), 'forge-seed-warning-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a seed that scores 0', () => {
  it('on a program other than the simulated world, with the simulated models, says why', async () => {
    const events: ForgeEvent[] = [];
    const result = await optimize(
      {
        program: toyProgram(),
        metric: toyEvaluate,
        train: toyInstances('t', 6),
        validation: toyInstances('v', 4),
        taskModel: 'sim:task',
        optimizerModel: 'sim:optimizer',
        method: 'baseline',
        budget: { maxEvaluations: 20 },
        runDir: join(root, 'toy-on-sim'),
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.seedScore).toBe(0);
    const warnings = events.filter((event) => event.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: 'seed-scored-zero',
      benchmark: 'toy',
      simulated: true,
    });
    expect((warnings[0] as { message: string }).message).toContain(
      'serve only the simulated date-normalisation world (benchmark "sim"); they cannot answer toy.',
    );
    expect((warnings[0] as { message: string }).message).toContain('scriptedTaskModel');
    // Right after the seed's validation, not at the end.
    const seedIndex = events.findIndex(
      (event) => event.type === 'candidate-validated' && event.candidate === 0,
    );
    expect(events.indexOf(warnings[0] as ForgeEvent)).toBe(seedIndex + 1);
  });

  it('on the simulated world itself, says nothing', async () => {
    const events: ForgeEvent[] = [];
    await optimize(
      {
        benchmark: 'sim',
        taskModel: 'sim:task',
        optimizerModel: 'sim:optimizer',
        method: 'baseline',
        budget: { maxEvaluations: 100 },
        runDir: join(root, 'sim'),
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
  });
});
