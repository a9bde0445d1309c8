import { type CheckpointRecord, MemoryCheckpointStore } from '@forge/method';
import { checkMethodResume, createMethodTestContext } from '@forge/method/testing';
import type { LanguageModel } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { toyBenchmark, toyInstances, toyProposer, toyTaskModel } from './__fixtures__/mipro-toy.js';
import { miproMethod } from './mipro-method.js';

// `profile: reference` against DSPy 3.3.1 (stanfordnlp/dspy at 4ed377ee9, paths under `dspy/`):
// each case shows the reference's behaviour, citing the file and line it comes from, and the
// `paper` profile keeping Forge's documented behaviour beside it.

interface RunOptions {
  readonly settings: Record<string, unknown>;
  readonly validation?: number;
  readonly train?: number;
  readonly maxEvaluations?: number;
  readonly taskModel?: LanguageModel;
  readonly optimizerModel?: LanguageModel;
  readonly teacherModel?: LanguageModel;
  readonly seed?: number;
}

async function runToy(options: RunOptions) {
  const checkpoints = new MemoryCheckpointStore();
  const proposer = toyProposer();
  const test = createMethodTestContext({
    benchmark: toyBenchmark,
    train: toyInstances('t', options.train ?? 24),
    validation: toyInstances('v', options.validation ?? 20, 1),
    taskModel: options.taskModel ?? toyTaskModel(),
    optimizerModel: (role) =>
      role === 'teacher' && options.teacherModel !== undefined
        ? options.teacherModel
        : (options.optimizerModel ?? proposer),
    budget: { maxEvaluations: options.maxEvaluations ?? 300 },
    settings: miproMethod.parseSettings?.(options.settings) ?? {},
    checkpoints,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
  const result = await miproMethod.run(test.context);
  const records = await checkpoints.records();
  const of = (kind: string): CheckpointRecord[] => records.filter((record) => record.kind === kind);
  return { result, test, records, of };
}

describe('reference: a metric threshold of 0 is no threshold', () => {
  // teleprompt/bootstrap.py:207–210: `if self.metric_threshold:` — 0 is falsy, so the run is
  // kept only when the metric itself is truthy (a score above 0).
  it('keeps only the bootstrapping runs that score above 0; paper keeps every run scoring at least 0', async () => {
    const runsOf = async (profile: string) => {
      const { of } = await runToy({ settings: { profile, metricThreshold: 0 } });
      return of('bootstrap-runs').flatMap(
        (record) => record.data as { score: number; passed: boolean }[],
      );
    };
    const reference = await runsOf('reference');
    expect(reference.some((run) => run.score === 0)).toBe(true);
    for (const run of reference) expect(run.passed).toBe(run.score > 0);
    const paper = await runsOf('paper');
    expect(paper.some((run) => run.score === 0)).toBe(true);
    for (const run of paper) expect(run.passed).toBe(true);
  });
});

describe('reference: a minibatch as large as the validation set', () => {
  // teleprompt/mipro_optimizer_v2.py:214–215 refuses only a minibatch *larger* than the
  // validation set; one as large runs the minibatch search: each trial is scored on a
  // "minibatch" that is the whole set (teleprompt/utils.py:50–51), never becomes the best by
  // itself (mipro_optimizer_v2.py:592), and the periodic full evaluations pick the winners
  // (:636–654).
  it('runs minibatch trials with periodic full evaluations; paper scores whole-validation trials', async () => {
    const reference = await runToy({
      settings: { profile: 'reference', minibatch: true, minibatchSize: 35 },
      validation: 35,
      maxEvaluations: 400,
    });
    expect(reference.of('search-plan')[0]?.data).toMatchObject({
      minibatch: true,
      minibatchSize: 35,
    });
    const trials = reference.of('trial').map((record) => record.data as Record<string, unknown>);
    expect(trials.length).toBeGreaterThan(5);
    for (const trial of trials)
      expect(trial).toMatchObject({ scoredOn: 'minibatch', evaluations: 35 });
    // Only the seed and the full evaluations are validated candidates.
    const origins = reference
      .of('candidate')
      .map((record) => (record.data as { origin: string }).origin);
    expect(origins[0]).toBe('seed');
    expect(origins.slice(1).every((origin) => origin === 'full-evaluation')).toBe(true);
    expect(origins.length).toBeGreaterThan(1);
    expect(reference.result.evaluationsUsed).toBe(reference.test.evaluationsCounted());
    expect(reference.result.evaluationsUsed).toBeLessThanOrEqual(400);

    const paper = await runToy({
      settings: { minibatch: true, minibatchSize: 35 },
      validation: 35,
      maxEvaluations: 400,
    });
    expect(paper.of('search-plan')[0]?.data).toMatchObject({ minibatch: false });
  });
});

/** Which proposal-stage contract a request is, from its user message. */
function contractOf(user: string): string {
  if (user.startsWith('# Dataset Examples') || user.startsWith('# Prior Observations'))
    return 'observe';
  if (user.startsWith('# Observations')) return 'summarize';
  if (user.startsWith('# Program') && user.includes('\n# Example Run\n')) return 'describe-program';
  if (user.startsWith('# Program') && user.includes('\n# Module\n')) return 'describe-module';
  return 'propose';
}

const userOf = (request: { messages: readonly unknown[] }) =>
  String((request.messages[0] as { content: string }).content);

describe('reference: temperatures of the proposal stage', () => {
  // propose/dataset_summary_generator.py:54, :72 and :88 run the data observations and the
  // summary with `temperature=1.0`; grounded_proposer.py:395–401 runs the program and module
  // descriptions (:193–196, :215–221) inside the proposal's rollout model at `init_temperature`.
  it('observes and summarizes at 1 and describes at init_temperature; paper sets only the proposals', async () => {
    const temperaturesOf = async (settings: Record<string, unknown>) => {
      const proposer = toyProposer();
      await runToy({ settings, optimizerModel: proposer });
      const byContract = new Map<string, Set<number | undefined>>();
      for (const request of proposer.requests) {
        const contract = contractOf(userOf(request));
        byContract.set(contract, (byContract.get(contract) ?? new Set()).add(request.temperature));
      }
      return Object.fromEntries([...byContract].map(([contract, set]) => [contract, [...set]]));
    };
    expect(await temperaturesOf({ profile: 'reference', initTemperature: 0.7 })).toEqual({
      observe: [1],
      summarize: [1],
      'describe-program': [0.7],
      'describe-module': [0.7],
      propose: [0.7],
    });
    expect(await temperaturesOf({ initTemperature: 0.7 })).toEqual({
      observe: [undefined],
      summarize: [undefined],
      'describe-program': [undefined],
      'describe-module': [undefined],
      propose: [0.7],
    });
  });
});

describe('reference: a failed grounding call drops its ground and the run goes on', () => {
  /** The toy proposer, failing (throwing, or answering without its block) on some calls. */
  const failing = (
    fails: (contract: string, index: number) => 'throw' | 'unusable' | undefined,
  ) => {
    const counts = new Map<string, number>();
    return toyProposer({
      transform: (text, user) => {
        const contract = contractOf(user);
        const index = counts.get(contract) ?? 0;
        counts.set(contract, index + 1);
        const failure = fails(contract, index);
        if (failure === 'throw') throw new Error(`${contract} service failed`);
        return failure === 'unusable' ? 'I cannot help with that.' : text;
      },
    });
  };
  const instructionsOf = (of: (kind: string) => CheckpointRecord[]) =>
    of('instructions')[0]?.data as {
      dataSummary?: string;
      programDescription?: string;
      moduleDescriptions: Record<string, string>;
      instructions: Record<string, string[]>;
    };

  // grounded_proposer.py:294–303: an error while writing the data summary (the summary call,
  // dataset_summary_generator.py:86–88, or the first observation, :53–54) leaves the proposer
  // without one; a model answer without its output field raises there as well.
  it.each(['throw', 'unusable'] as const)(
    'a summary call that fails (%s) leaves no data summary; paper ends the run or stands the observations in',
    async (failure) => {
      const fails = (contract: string) => (contract === 'summarize' ? failure : undefined);
      const reference = await runToy({
        settings: { profile: 'reference' },
        optimizerModel: failing(fails),
      });
      const grounds = instructionsOf(reference.of);
      expect(grounds.dataSummary).toBeUndefined();
      expect(grounds.programDescription).toBeDefined();
      const calls = reference
        .of('proposal-call')
        .map((record) => record.data as { call: string; accepted: boolean });
      expect(calls.find((call) => call.call === 'summarize')?.accepted).toBe(false);
      // The instruction proposals are still made, without the summary.
      expect(calls.filter((call) => call.call.startsWith('propose')).length).toBeGreaterThan(0);

      const paper = runToy({ settings: {}, optimizerModel: failing(fails) });
      if (failure === 'throw') await expect(paper).rejects.toThrow(/summarize service failed/);
      else expect(instructionsOf((await paper).of).dataSummary).toContain('Examples of category');
    },
  );

  // dataset_summary_generator.py:60–84: an error in a later observation call ends the
  // observations (`except Exception`) and the summary is written from those made so far.
  it('a later observation call that raises ends the observations; paper ends the run', async () => {
    const fails = (contract: string, index: number) =>
      contract === 'observe' && index === 1 ? ('throw' as const) : undefined;
    const proposer = failing(fails);
    const reference = await runToy({
      settings: { profile: 'reference' },
      optimizerModel: proposer,
      train: 40,
    });
    const contracts = proposer.requests.map((request) => contractOf(userOf(request)));
    expect(contracts.filter((contract) => contract === 'observe')).toHaveLength(2);
    expect(instructionsOf(reference.of).dataSummary).toContain('categories a, b, c, d');
    await expect(
      runToy({ settings: {}, optimizerModel: failing(fails), train: 40 }),
    ).rejects.toThrow(/observe service failed/);
  });

  // grounded_proposer.py:191–225: the program and the module descriptions are written in one
  // `try`; when it fails the proposal goes on without them ("Not available").
  it('a program description that raises leaves out both descriptions; paper ends the run', async () => {
    const fails = (contract: string) =>
      contract === 'describe-program' ? ('throw' as const) : undefined;
    const proposer = failing(fails);
    const reference = await runToy({
      settings: { profile: 'reference' },
      optimizerModel: proposer,
    });
    const grounds = instructionsOf(reference.of);
    expect(grounds.programDescription).toBeUndefined();
    expect(grounds.moduleDescriptions).toEqual({});
    expect(proposer.requests.map((request) => contractOf(userOf(request)))).not.toContain(
      'describe-module',
    );
    expect(grounds.dataSummary).toBeDefined();
    expect(grounds.instructions['answer']?.length).toBeGreaterThan(1);
    await expect(runToy({ settings: {}, optimizerModel: failing(fails) })).rejects.toThrow(
      /describe-program service failed/,
    );
  });

  // dataset_summary_generator.py:53–55 keeps the first observation call's answer whatever it
  // says; only the later calls are read for COMPLETE (:73–77).
  it('keeps a first observation that says COMPLETE; paper drops it', async () => {
    const proposerSaying = () =>
      toyProposer({
        transform: (text, user) =>
          user.startsWith('# Dataset Examples')
            ? '<observations>COMPLETE: four categories.</observations>'
            : text,
      });
    const summaryRequest = async (settings: Record<string, unknown>) => {
      const proposer = proposerSaying();
      await runToy({ settings, optimizerModel: proposer, train: 10 });
      return proposer.requests.map(userOf).find((user) => contractOf(user) === 'summarize');
    };
    expect(await summaryRequest({ profile: 'reference' })).toContain('COMPLETE: four categories.');
    expect(await summaryRequest({})).toBeUndefined();
  });
});

describe('reference: max_errors counts per demo set', () => {
  /** A teacher that knows every answer but whose service fails on category c. */
  const flakyTeacher = () =>
    new MockLanguageModel({
      modelId: 'flaky-teacher',
      responses: (request) => {
        const last = request.messages.at(-1);
        const content = last && 'content' in last ? last.content : '';
        const match = /category=(\w+) value=(\d+)/.exec(content);
        if (match?.[1] === 'c') throw new Error('teacher service failed');
        return `${match?.[1] ?? ''}:${match?.[2] ?? ''}`;
      },
    });
  // Three demo sets, two of them bootstrapped: zero-shot, a shuffled one (no labelled set with
  // maxLabeledDemos 0), the unshuffled one. Every category-c instance raises.
  const settings = {
    profile: 'reference',
    teacher: 'model',
    candidates: 3,
    maxLabeledDemos: 0,
    maxErrors: 2,
  };
  const errorsOf = (of: (kind: string) => CheckpointRecord[]) =>
    of('bootstrap-runs')
      .flatMap((record) => record.data as { error?: boolean }[])
      .filter((run) => run.error === true).length;

  // teleprompt/utils.py:377–409 bootstraps each set with a new BootstrapFewShot, whose
  // `error_count` starts at 0 (bootstrap.py:81) and raises at `max_errors` (:214–220).
  it('goes on when two errors fall on two sets, one each; paper ends the run at two over all', async () => {
    // Seed 0: the shuffled set (size 2) walks t14 (c, raises), t8, t21; the unshuffled one
    // walks t0, t1, t2 (c, raises), t3, t4.
    const reference = await runToy({ settings, teacherModel: flakyTeacher(), seed: 0 });
    expect(errorsOf(reference.of)).toBe(2);
    expect(reference.of('search-end')).toHaveLength(1);
    await expect(
      runToy({
        settings: { ...settings, profile: 'paper' },
        teacherModel: flakyTeacher(),
        seed: 0,
      }),
    ).rejects.toThrow(/2 program run\(s\) raised an error \(maxErrors 2\)/);
  });

  it('ends the run when one set meets two errors on its walk', async () => {
    // Seed 1: the shuffled set (size 3) walks t19, t15, t6 (c, raises), t22 (c, raises).
    await expect(runToy({ settings, teacherModel: flakyTeacher(), seed: 1 })).rejects.toThrow(
      /2 program run\(s\) on one demo set's walk raised an error \(maxErrors 2, counted per demo set\)/,
    );
  });
});

describe('reference: a program error during the search scores 0 and the search goes on', () => {
  /** The toy task model, whose service fails on validation instance v0 (category b, value 0). */
  const failingOnV0 = () => {
    const inner = toyTaskModel();
    return new MockLanguageModel({
      modelId: 'toy-task',
      responses: async (request) => {
        const last = request.messages.at(-1);
        const content = last && 'content' in last ? last.content : '';
        if (content.includes('category=b value=0')) throw new Error('task service failed');
        return (await inner.generate(request)).text;
      },
    });
  };
  type CandidateData = {
    candidate: number;
    origin: string;
    validation: number;
    validationScores: Record<string, number>;
    errors?: { instanceId: string; error: string }[];
  };
  const candidatesOf = (of: (kind: string) => CheckpointRecord[]) =>
    of('candidate').map((record) => record.data as CandidateData);

  // evaluate/evaluate.py:178 scores an example whose program raised `failure_score` (0) and
  // averages over the whole set (:180, :224); the errors are logged and counted
  // (utils/parallelizer.py:63–72, :236–241). teleprompt/utils.py:45–62 evaluates the seed
  // (mipro_optimizer_v2.py:538), each trial (:588) and each full evaluation (:826) this way.
  it('scores the raising instance 0 in every evaluation and records the error; paper ends the run', async () => {
    const { result, test, of } = await runToy({
      settings: { profile: 'reference' },
      taskModel: failingOnV0(),
    });
    const candidates = candidatesOf(of);
    expect(candidates.length).toBeGreaterThan(1);
    for (const candidate of candidates) {
      expect(candidate.validationScores['v0']).toBe(0);
      expect(candidate.errors).toEqual([{ instanceId: 'v0', error: 'Error: task service failed' }]);
      const scores = Object.values(candidate.validationScores);
      expect(scores).toHaveLength(20);
      expect(candidate.validation).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / 20, 12);
    }
    // A trial that repeats a validated combination reuses its score (no runs, no errors).
    const trials = of('trial')
      .map((record) => record.data as { scoredOn: string; errors?: unknown[] })
      .filter((trial) => trial.scoredOn !== 'reused');
    expect(trials.length).toBeGreaterThan(0);
    for (const trial of trials) expect(trial.errors).toHaveLength(1);
    expect(result.summary).toMatchObject({
      programErrors: { bootstrap: 0, search: candidates.length },
    });
    // The raising runs still ran the program: each is one evaluation.
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
    expect(of('search-end')[0]?.data).toMatchObject({ programErrors: candidates.length });

    await expect(runToy({ settings: {}, taskModel: failingOnV0() })).rejects.toThrow(
      /task service failed/,
    );
  });

  it('resumes a run with program errors exactly (minibatch trials and full evaluations)', async () => {
    const report = await checkMethodResume(miproMethod, {
      benchmark: toyBenchmark,
      train: toyInstances('t', 24),
      validation: toyInstances('v', 40, 1),
      taskModel: failingOnV0(),
      optimizerModel: toyProposer(),
      budget: { maxEvaluations: 300 },
      settings: miproMethod.parseSettings?.({ profile: 'reference', minibatch: true }) ?? {},
      cutAfterEvaluations: [20, 90, 200],
    });
    expect(report.interruptions).toBe(3);
    expect(report.resumed).toEqual(report.whole);
    expect(report.whole.summary?.['minibatch']).toBe(true);
    // The seed and at least one full evaluation.
    expect(report.whole.candidates).toBeGreaterThan(1);
    const errors = report.whole.summary?.['programErrors'] as { search: number } | undefined;
    expect(errors?.search).toBeGreaterThan(1);
  });

  // utils/parallelizer.py:66–67 cancels an evaluation at `max_errors` errors and raises
  // (:102–104); teleprompt/utils.py:59–62 then scores the whole evaluation 0.0.
  it('scores a whole evaluation 0 when its errors reach maxErrors', async () => {
    const { result, of } = await runToy({
      settings: { profile: 'reference', maxErrors: 1 },
      taskModel: failingOnV0(),
    });
    expect(result.seedValidation).toBe(0);
    const seed = candidatesOf(of)[0];
    expect(seed?.validation).toBe(0);
    // The instances that ran keep their own scores in the record.
    expect(Object.values(seed?.validationScores ?? {}).some((score) => score > 0)).toBe(true);
    expect(seed?.errors).toHaveLength(1);
  });
});

describe("reference: the seed's combination can be evaluated again in full", () => {
  /** The toy task model, which answers nothing right under an instruction that says WORSE. */
  const worseModel = () => {
    const inner = toyTaskModel();
    return new MockLanguageModel({
      modelId: 'toy-task',
      responses: async (request) =>
        (request.system ?? '').includes('WORSE') ? 'unknown' : (await inner.generate(request)).text,
    });
  };
  /** A proposer whose one instruction makes the task model worse than the seed prompt. */
  const worseProposer = () =>
    toyProposer({
      transform: (text, user) =>
        user.includes('\n# Basic Instruction\n')
          ? '<proposed_instruction>Answer. WORSE</proposed_instruction>'
          : text,
    });
  // Zero-shot with two candidates: one searched parameter, the seed prompt (0) or the worse one (1).
  const settings = {
    candidates: 2,
    maxBootstrappedDemos: 0,
    maxLabeledDemos: 0,
    trials: 5,
  };
  const runWith = (profile: string, extra: Record<string, unknown>, validation: number) =>
    runToy({
      settings: { ...settings, profile, ...extra },
      validation,
      taskModel: worseModel(),
      optimizerModel: worseProposer(),
      maxEvaluations: 600,
    });
  const trialsOf = (of: (kind: string) => CheckpointRecord[]) =>
    of('trial').map((record) => record.data as { params: number[]; scoredOn: string });
  const fullEvaluationsOf = (of: (kind: string) => CheckpointRecord[]) =>
    of('candidate')
      .map((record) => record.data as { origin: string; params: number[]; validation: number })
      .filter((candidate) => candidate.origin === 'full-evaluation');

  // teleprompt/mipro_optimizer_v2.py:552–554 starts the search with no fully evaluated
  // combination — the seed's score is not entered there — and :630–633 and
  // teleprompt/utils.py:116–138 pick the best mean minibatch combination not yet fully
  // evaluated, which may be the seed's.
  it('gives the seed combination a full evaluation when it has the best minibatch mean; paper never does', async () => {
    const reference = await runWith('reference', { minibatch: true }, 40);
    expect(trialsOf(reference.of).some((trial) => trial.params[0] === 0)).toBe(true);
    const full = fullEvaluationsOf(reference.of);
    expect(full[0]?.params).toEqual([0]);
    expect(full[0]?.validation).toBe(reference.result.seedValidation);
    // Equal to the seed's: the earlier candidate (the seed) stays the best.
    expect(reference.result.bestCandidateIndex).toBe(0);

    const paper = await runWith('paper', { minibatch: true }, 40);
    expect(trialsOf(paper.of).some((trial) => trial.params[0] === 0)).toBe(true);
    expect(fullEvaluationsOf(paper.of).some((candidate) => candidate.params[0] === 0)).toBe(false);
  });

  // Without minibatches every trial is a full evaluation (mipro_optimizer_v2.py:587–588),
  // the seed's combination too.
  it("scores a whole-validation trial of the seed's combination again; paper reuses the seed's score", async () => {
    const seedTrial = async (profile: string) =>
      trialsOf((await runWith(profile, {}, 20)).of).find((trial) => trial.params[0] === 0);
    expect((await seedTrial('reference'))?.scoredOn).toBe('validation');
    expect((await seedTrial('paper'))?.scoredOn).toBe('reused');
  });
});

describe('reference runs saved before these changes', () => {
  it('are refused on resume, naming the revision', async () => {
    const base = {
      benchmark: toyBenchmark,
      train: toyInstances('t', 24),
      validation: toyInstances('v', 20, 1),
      taskModel: toyTaskModel(),
      optimizerModel: toyProposer(),
      budget: { maxEvaluations: 300 },
      settings: miproMethod.parseSettings?.({ profile: 'reference' }) ?? {},
    };
    // A run cut after its first save: its header as this version writes it.
    const checkpoints = new MemoryCheckpointStore();
    const controller = new AbortController();
    const first = createMethodTestContext({
      ...base,
      checkpoints,
      abortSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'candidate-validated') controller.abort(new Error('cut'));
      },
    });
    await expect(miproMethod.run(first.context)).rejects.toThrow();
    const saved = await checkpoints.load();
    expect(saved?.header.identity['referenceRevision']).toBe(2);
    // The same run as the previous revision saved it: no revision in its identity.
    const { referenceRevision: _revision, ...older } = saved?.header.identity ?? {};
    const previous = new MemoryCheckpointStore();
    await previous.initialize({
      ...(saved?.header ?? { method: 'mipro', formatVersion: 1 }),
      identity: older,
    });
    const resumed = createMethodTestContext({ ...base, checkpoints: previous });
    await expect(miproMethod.run(resumed.context)).rejects.toThrow(/referenceRevision/);
  });
});
