import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCheckpointStore, SqliteRunStore } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { loadReportData } from '../data/load-report-data.js';
import { renderRunReport } from '../render-run-report.js';
import { renderMiproSection } from './mipro-section.js';

const root = mkdtempSync(join(tmpdir(), 'forge-report-mipro-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const selection = (instruction: number, demoSet: number) => ({ answer: { instruction, demoSet } });
const demo = {
  input: { question: 'q <1>' },
  output: { answer: 'a1' },
  reasoning: 'because',
  instanceId: 't1',
};

/** A MIPROv2 run as `@forge/method-mipro` records it: seed, bootstrapping, proposals, two trials, one full evaluation. */
async function recordMiproRun(name: string) {
  const runDir = join(root, name);
  const store = new SqliteRunStore(runDir);
  store.writeInstances('validation', [
    { id: 'v0', input: { x: 0 }, gold: { y: 0 } },
    { id: 'v1', input: { x: 1 }, gold: { y: 1 } },
  ]);
  for (const [key, value] of Object.entries({
    benchmark: 'toy',
    title: 'Toy',
    method: 'mipro',
    variant: 'mipro',
    models: JSON.stringify({ task: 'sim:task', propose: 'sim:optimizer' }),
    simulated: 'true',
    max_evaluations: '20',
    status: 'completed',
  })) {
    store.setMeta(key, value);
  }
  const checkpoints = new SqliteCheckpointStore(store.database);
  await checkpoints.initialize({ method: 'mipro', formatVersion: 1, identity: {} });
  const record = (kind: string, step: number | null, data: unknown) => ({ kind, step, data });
  await checkpoints.save({
    state: {},
    records: [
      record('candidate', null, {
        candidate: 0,
        origin: 'seed',
        parent: null,
        components: [],
        trial: null,
        params: [],
        selection: selection(0, 0),
        prompts: { answer: 'Answer.' },
        validation: 0.5,
        validationScores: { v0: 1, v1: 0 },
        evaluationsUsed: 2,
      }),
      record('demo-sets', null, {
        runs: 3,
        passed: 1,
        errors: 1,
        sets: [
          { index: 0, kind: 'zero-shot', modules: {}, bootstrapped: {} },
          {
            index: 1,
            kind: 'bootstrapped',
            modules: { answer: ['t1', 't2'] },
            bootstrapped: { answer: 1 },
          },
        ],
      }),
      record('instructions', null, {
        dataSummary: 'Answers are <b>short</b>.',
        programDescription: 'One module.',
        instructions: { answer: ['Answer.', 'Answer briefly.'] },
        noOps: [{ call: 'propose answer 2', reason: 'proposed_instruction block missing' }],
      }),
      record('search-plan', null, {
        trials: 2,
        parameters: [
          { name: 'answer.instruction', choices: 2 },
          { name: 'answer.demos', choices: 2 },
        ],
        minibatch: true,
        minibatchSize: 1,
        validationSize: 2,
        fullEvalSteps: 5,
        evaluationsSpent: 5,
        estimatedEvaluations: 9,
        maxEvaluations: 20,
      }),
      record('trial', 0, {
        trial: 1,
        params: [1, 1],
        selection: selection(1, 1),
        score: 1,
        scoredOn: 'minibatch',
        evaluations: 1,
        evaluationsUsed: 6,
      }),
      // Trial 1's minibatch execution, as `minibatchRecord` saves it (trial 2 kept none).
      record('minibatch', 0, {
        step: 0,
        parent: 0,
        instances: ['v1'],
        parentExecutions: [],
        proposalExecutions: [
          {
            instanceId: 'v1',
            score: 1,
            output: { answer: 'one <i>1</i>' },
            feedback: 'right',
            trace: [{ module: 'answer', messages: [{ role: 'user', content: 'x = 1?' }] }],
          },
        ],
      }),
      record('trial', 1, {
        trial: 2,
        params: [0, 1],
        selection: selection(0, 1),
        score: 0,
        scoredOn: 'minibatch',
        evaluations: 1,
        evaluationsUsed: 7,
      }),
      record('candidate', 1, {
        candidate: 1,
        origin: 'full-evaluation',
        parent: null,
        components: ['answer'],
        trial: 2,
        params: [1, 1],
        selection: selection(1, 1),
        prompts: { answer: 'Answer briefly.' },
        demos: { answer: [demo] },
        validation: 1,
        validationScores: { v0: 1, v1: 1 },
        evaluationsUsed: 9,
      }),
      record('search-end', 1, {
        trials: 2,
        estimatedEvaluations: 9,
        evaluationsUsed: 9,
        gap: 0,
        fullEvaluationsSkipped: 0,
        trialsReused: 0,
        programErrors: 2,
      }),
    ],
  });
  return { runDir, store };
}

describe('the MIPROv2 section', () => {
  it('draws a MIPROv2 run from its records: plan, trials, grounds, instructions, demo sets, demos', async () => {
    const { runDir, store } = await recordMiproRun('mipro');
    const data = loadReportData(store.database, runDir, { now: new Date(0) });
    store.close();
    expect(data.summary).toMatchObject({ bestCandidate: 1, bestScore: 1, seedScore: 0.5 });
    expect(data.mipro).toMatchObject({
      plan: { trials: 2, minibatch: true },
      end: { gap: 0 },
      trials: [
        { trial: 1, score: 1 },
        { trial: 2, score: 0 },
      ],
      proposalNoOps: 1,
      bootstrap: { runs: 3, passed: 1 },
      bestSelection: { answer: { instruction: 1, demoSet: 1 } },
    });
    const html = renderMiproSection(data);
    expect(html).toContain('2 of 2 planned, on minibatches of 1');
    expect(html).toContain('estimated 9 of 20; spent 9 (0 under the estimate)');
    expect(html).toContain('3 seed runs on training instances, 1 passed');
    // Program runs that raised: counted while bootstrapping, scored 0 in the search (reference).
    expect(html).toContain(
      '2 in the seed evaluation and the search, each scored 0; 1 while bootstrapping',
    );
    expect(html).toContain('t1, t2 (labelled)');
    expect(html).toContain('the best candidate uses instruction 1');
    // Model-written text is escaped.
    expect(html).toContain('Answers are &lt;b&gt;short&lt;/b&gt;.');
    expect(html).toContain('question: q &lt;1&gt;');
    expect(html).not.toContain('<b>short</b>');
    // The minibatch trial that kept its executions shows them, escaped; the other shows none.
    expect(data.mipro?.trials[0]?.executions?.map((execution) => execution.score)).toEqual([1]);
    expect(data.mipro?.trials[1]).not.toHaveProperty('executions');
    expect(html).toContain('<details class="trial-executions" data-trial="1">');
    expect(html).not.toContain('data-trial="2"');
    expect(html).toMatch(
      /data-trial="1">.*<details class="minibatch-execution" data-instance="v1">.*output: answer<\/h5><pre class="value-text">one &lt;i&gt;1&lt;\/i&gt;<\/pre>.*x = 1\?/s,
    );
    const page = renderRunReport(data);
    expect(page).toContain('<a href="#mipro">MIPROv2</a>');
    expect(page).toContain('data-chart="mipro-trials"');
  });

  it('is absent from reports of other runs', () => {
    expect(
      renderMiproSection({ candidates: [] } as unknown as Parameters<typeof renderMiproSection>[0]),
    ).toBe('');
  });
});
