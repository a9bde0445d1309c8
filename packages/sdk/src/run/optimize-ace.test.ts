import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCheckpointRecords, readModelCalls } from '@forge/store';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

// `forge optimize --method ace` through the sdk host on the simulated world (SIMULATED).
const root = mkdtempSync(join(tmpdir(), 'forge-optimize-ace-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = (runDir: string, maxEvaluations = 400) => ({
  benchmark: 'sim',
  method: 'ace',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations },
  runDir,
});

describe('optimize --method ace', () => {
  it('runs ACE with the host: metered roles, result, artifacts and checkpoint records', async () => {
    const runDir = join(root, 'ace');
    const events: ForgeEvent[] = [];
    const result = await optimize(config(runDir), { onEvent: (event) => events.push(event) });
    expect(result.method).toBe('ace');
    expect(result.simulated).toBe(true);
    expect(result.bestScore).toBeGreaterThan(result.seedScore);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(400);
    expect(result.files).toEqual(['best-prompts.json', 'result.json', 'report.html']);
    // The report draws ACE's history: the playbook's size and helpful/harmful counters by step.
    const report = readFileSync(join(runDir, 'report.html'), 'utf8');
    expect(report).toContain('data-chart="playbook"');
    expect(report).toContain('<a href="#playbook">Playbook</a>');
    expect(report).toMatch(/After \d+ training steps the playbook holds \d+ bullets/);
    const saved = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
    expect(saved.summary.bestPlaybook.bullets).toBeGreaterThan(0);
    expect(Object.keys(saved.usage).sort()).toEqual(['curate', 'reflect', 'task']);
    const best = JSON.parse(readFileSync(join(runDir, 'best-prompts.json'), 'utf8'));
    expect(best.prompts.interpret).toContain('# Playbook');
    expect(events.some((event) => event.type === 'test-evaluated')).toBe(true);

    const database = new Database(join(runDir, 'forge.db'), { readonly: true });
    const kinds = readCheckpointRecords(database).map((record) => record.kind);
    const roles = [...new Set(readModelCalls(database).map((call) => call.role))]
      .sort()
      .map((role) => ({ role }));
    database.close();
    const count: Record<string, number> = {};
    for (const kind of kinds) count[kind] = (count[kind] ?? 0) + 1;
    expect(count['step']).toBe(result.steps);
    expect(count['playbook']).toBe(result.steps);
    expect(count['candidate']).toBe(result.candidates);
    expect(roles.map((row) => row.role)).toEqual(['curate', 'reflect', 'task']);
  });

  it('resumes a run cut by an abort to the same result', async () => {
    const whole = await optimize(config(join(root, 'whole')));
    const controller = new AbortController();
    let steps = 0;
    await expect(
      optimize(config(join(root, 'cut')), {
        abortSignal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step-end' && ++steps === 12) controller.abort();
        },
      }),
    ).rejects.toThrow();
    const resumed = await optimize({}, { resume: join(root, 'cut') });
    expect(resumed.result).toEqual(whole.result);
  });

  it('names the config field of a bad ACE setting', async () => {
    await expect(
      optimize({ ...config(join(root, 'bad')), methodSettings: { dedup: 'embeddings' } }),
    ).rejects.toThrow(expect.objectContaining({ field: 'methodSettings.dedup' }));
    await expect(
      optimize({ ...config(join(root, 'bad-role')), roleModels: { assign: 'sim:optimizer' } }),
    ).rejects.toThrow(/method ace has no role "assign" \(its roles: reflect, curate\)/);
  });
});
