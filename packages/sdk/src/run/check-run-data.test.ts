import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DataCheckError,
  defineModule,
  defineProgram,
  type InstanceOf,
  MetricError,
} from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optimize } from './optimize.js';

const root = mkdtempSync(join(tmpdir(), 'forge-check-run-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const route = defineModule({
  name: 'route',
  seedPrompt: 'Route the ticket.',
  input: z.object({ ticket: z.string() }),
  output: z.object({ team: z.string() }),
});
const program = defineProgram({
  name: 'router',
  modules: [route],
  input: z.object({ ticket: z.string() }),
  output: z.object({ team: z.string() }),
  run: (input, { call }) => call(route, input),
});
const tickets = (prefix: string, count: number): InstanceOf<typeof program>[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    input: { ticket: `Ticket ${index}` },
    gold: { team: 'billing' },
  }));

describe("optimize's data check", () => {
  it('refuses data that does not fit the schemas before any model call, listing every problem', async () => {
    const model = new MockLanguageModel({ responses: () => '<team>billing</team>' });
    const train = tickets('train', 4);
    const validation = tickets('val', 3);
    // A gold field missing (what crashed a metric mid-search before) and an input of the wrong type.
    const bad = [
      { id: 'train-9', input: { ticket: 'No gold.' }, gold: {} },
      { id: 'val-9', input: { ticket: 42 }, gold: { team: 'search' } },
    ] as unknown as InstanceOf<typeof program>[];
    const runDir = join(root, 'refused');
    const attempt = optimize({
      program,
      metric: (instance, execution) => ({
        score: Number(execution.output.team === instance.gold.team),
      }),
      train: [...train, bad[0]!],
      validation: [...validation, bad[1]!],
      taskModel: model,
      optimizerModel: model,
      method: 'prompt-search',
      budget: { maxEvaluations: 40 },
      runDir,
    });
    const error = await attempt.catch((caught: unknown) => caught);
    expect(DataCheckError.isInstance(error)).toBe(true);
    expect((error as DataCheckError).problems).toEqual([
      expect.objectContaining({ split: 'train', index: 4, id: 'train-9', path: 'gold.team' }),
      expect.objectContaining({ split: 'validation', index: 3, id: 'val-9', path: 'input.ticket' }),
    ]);
    expect((error as Error).message).toMatch(
      /^the data of router does not fit the program's schemas: 2 problems in 2 instances/,
    );
    expect(model.calls).toHaveLength(0);
    expect(existsSync(runDir)).toBe(false);
  });

  it('fails at the first evaluation whose moduleFeedback names a module the program lacks', async () => {
    const model = new MockLanguageModel({ responses: () => '<team>search</team>' });
    const error = await optimize({
      program,
      metric: () => ({ score: 0, moduleFeedback: { router: 'Route billing tickets to billing.' } }),
      train: tickets('train', 4),
      validation: tickets('val', 3),
      taskModel: model,
      optimizerModel: model,
      method: 'prompt-search',
      budget: { maxEvaluations: 40 },
      runDir: join(root, 'wrong-key'),
    }).catch((caught: unknown) => caught);
    expect(MetricError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'module-feedback', unknownModules: ['router'] });
    expect((error as Error).message).toMatch(
      /^the metric's moduleFeedback names no module of the program: "router" \(instance val-\d\); the program's modules are "route"$/,
    );
    // Nothing past the seed's validation pass was spent.
    expect(model.calls.length).toBeLessThanOrEqual(3);
  });
});
