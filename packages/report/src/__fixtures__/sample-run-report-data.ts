import type {
  RunReportCandidate,
  RunReportCurvePoint,
  RunReportData,
  RunReportFailureModeWindow,
  RunReportSynthesisEvent,
} from '../data/run-report-data.js';
import { sampleRunDetails } from './sample-run-details.js';

/** What the sample run looks like. */
export interface SampleRunOptions {
  /** Candidates in the pool, the seed included. */
  readonly candidates?: number;
  /** Synthesis events (0 for a prompt-search-only run). */
  readonly synthesisEvents?: number;
  /** Failure modes per window. */
  readonly modes?: number;
  /** A prompt for module `answer` of the best candidate (to test escaping). */
  readonly bestAnswerPrompt?: string;
  /** Contract-violation warnings to show. */
  readonly warnings?: RunReportData['warnings'];
  /** Make the optimizer model unpriced. */
  readonly unpriced?: boolean;
}

// A small deterministic generator (xorshift32) so fixtures are identical on every run.
function createRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

const modeNames = [
  'wrong-bridge-entity',
  'stops-after-first-hop',
  'unsupported-claim-accepted',
  'numeric-comparison-error',
  'ignores-negation',
  'date-arithmetic-off-by-one',
  'answer-format-violation',
  'over-retrieval-distracted',
  'misreads-question-scope',
  'hallucinated-title',
];

/**
 * A realistic HoVer-like run: a lineage grown by parents chosen in proportion to score, a
 * rising best-so-far curve, synthesis events with every outcome, two failure-mode windows and
 * five roles of usage. Deterministic for the same options.
 */
export function sampleRunReportData(options: SampleRunOptions = {}): RunReportData {
  const candidateCount = options.candidates ?? 60;
  const eventCount = options.synthesisEvents ?? 2;
  const modeCount = options.modes ?? 8;
  const random = createRandom(20260521 + candidateCount * 31 + eventCount);
  const validationSize = 60;

  const candidates: RunReportCandidate[] = [
    {
      index: 0,
      parent: null,
      module: null,
      step: null,
      validationScore: 0.55,
      evaluationsAtDiscovery: validationSize,
      promptPreview: 'Given the claim and the retrieved passages, decide…',
    },
  ];
  let evaluations = validationSize;
  let step = 0;
  while (candidates.length < candidateCount) {
    step += 1;
    evaluations += 6;
    if (random() < 0.55) continue;
    const weights = candidates.map((candidate) => candidate.validationScore ** 6);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let pick = random() * total;
    let parent = candidates[0]!;
    for (const [position, weight] of weights.entries()) {
      pick -= weight;
      if (pick <= 0) {
        parent = candidates[position]!;
        break;
      }
    }
    evaluations += validationSize;
    const drift = (random() - 0.42) * 0.06;
    const score = Math.min(0.92, Math.max(0.4, parent.validationScore + drift));
    candidates.push({
      index: candidates.length,
      parent: parent.index,
      module: random() < 0.6 ? 'answer' : 'query',
      step,
      validationScore: Math.round(score * validationSize) / validationSize,
      evaluationsAtDiscovery: evaluations,
      promptPreview: `Rewrite ${candidates.length}: check each hop against the passages before…`,
    });
  }

  const curve: RunReportCurvePoint[] = [];
  let bestIndex = 0;
  for (const candidate of candidates) {
    if (curve.length === 0 || candidate.validationScore > candidates[bestIndex]!.validationScore) {
      bestIndex = candidate.index;
      curve.push({ evaluations: candidate.evaluationsAtDiscovery, bestScore: candidate.validationScore });
    }
  }

  const outcomesFor = (attempts: number): Record<string, number> => {
    const generationFailed = Math.round(attempts * 0.06);
    const verificationFailed = Math.round(attempts * 0.04);
    const rejectedValidity = Math.round(attempts * 0.07);
    const rejectedFaithfulness = Math.round(attempts * 0.05);
    const rejectedBoth = Math.round(attempts * 0.03);
    const duplicate = Math.round(attempts * 0.03);
    const leaked = attempts >= 30 ? 1 : 0;
    const admitted =
      attempts -
      generationFailed -
      verificationFailed -
      rejectedValidity -
      rejectedFaithfulness -
      rejectedBoth -
      duplicate -
      leaked;
    return {
      admitted,
      'generation-failed': generationFailed,
      'verification-failed': verificationFailed,
      'rejected-validity': rejectedValidity,
      'rejected-faithfulness': rejectedFaithfulness,
      'rejected-both': rejectedBoth,
      duplicate,
      leaked,
    };
  };

  const synthesisEvents: RunReportSynthesisEvent[] = [];
  for (let event = 0; event < eventCount; event++) {
    const eventStep = Math.round((step * (event + 1)) / (eventCount + 1));
    const attempts = 50 + event * 10;
    const outcomes = outcomesFor(attempts);
    const admitted = outcomes['admitted'] ?? 0;
    synthesisEvents.push({
      event,
      step: eventStep,
      evaluationsUsed:
        validationSize + Math.round(((evaluations - validationSize) * (event + 1)) / (eventCount + 1)),
      attempts,
      admitted,
      outcomes,
      modes: modeNames.slice(0, modeCount).map((name, position) => {
        const modeAttempts = Math.floor(attempts / modeCount) + (position < attempts % modeCount ? 1 : 0);
        return { name, attempts: modeAttempts, admitted: Math.max(0, modeAttempts - (position % 3)) };
      }),
    });
  }

  const failureModeWindows: RunReportFailureModeWindow[] =
    eventCount === 0
      ? []
      : [
          ...Array.from({ length: eventCount }, (_, event) => ({
            label: `Before synthesis event ${event}`,
            event,
            skew: 1.9 - (event * 1.0) / Math.max(1, eventCount - 1),
          })),
        ].map((window) => ({
          label: window.label,
          event: window.event,
          modes: modeNames.slice(0, modeCount).map((name, position) => ({
            name,
            description: `The program ${name.replaceAll('-', ' ')} (seen in ${position + 2} traces).`,
            failures: Math.max(1, Math.round(240 / (position + 1) ** window.skew)),
          })),
        }));

  const best = candidates[bestIndex]!;
  const details = sampleRunDetails({ candidates, steps: step, validationSize, random, events: synthesisEvents, modeNames: modeNames.slice(0, modeCount) });
  const admittedTotal = synthesisEvents.reduce((sum, event) => sum + event.admitted, 0);
  return {
    title: 'HoVer · forge · seed 0',
    simulated: true,
    generatedAt: '2026-05-21T10:30:00.000Z',
    run: {
      runDir: 'runs/hover-forge-0',
      benchmark: 'hover',
      taskModel: 'sim:task-small',
      optimizerModel: 'sim:optimizer-large',
      seed: 0,
      status: 'completed',
      stopReason: 'budget-exhausted',
      startedAt: '2026-05-21T09:58:12.000Z',
      variant: 'forge',
    },
    summary: {
      seedScore: 0.55,
      bestScore: best.validationScore,
      bestCandidate: best.index,
      evaluationsUsed: evaluations,
      maxEvaluations: evaluations + 40,
      steps: step,
      candidates: candidates.length,
      testScore: best.validationScore - 0.02,
      synthesisEvents: synthesisEvents.length,
      admitted: admittedTotal,
      trainingSize: { original: 150, synthetic: admittedTotal },
    },
    candidates,
    curve,
    synthesisEvents,
    failureModeWindows,
    ...details,
    warnings: options.warnings ?? [],
    unpricedModels: options.unpriced ? ['sim:optimizer-large'] : [],
    usage: [
      { role: 'task', calls: evaluations, inputTokens: evaluations * 910, outputTokens: evaluations * 85, costUsd: evaluations * 0.00031 },
      { role: 'reflect', ...(options.unpriced ? { unpricedModels: ['sim:optimizer-large'] } : {}), calls: step, inputTokens: step * 5200, outputTokens: step * 640, costUsd: step * 0.021 },
      { role: 'assign', calls: step, inputTokens: step * 2400, outputTokens: step * 120, costUsd: step * 0.008 },
      { role: 'generate', calls: 110, inputTokens: 110 * 3100, outputTokens: 110 * 700, costUsd: 110 * 0.016 },
      { role: 'verify', calls: 220, inputTokens: 220 * 1800, outputTokens: 220 * 60, costUsd: 220 * 0.0065 },
    ],
    bestPrompts: {
      query: 'Write one search query per hop.\nName the bridge entity explicitly before the second hop.',
      answer:
        options.bestAnswerPrompt ??
        'Decide SUPPORTED or NOT_SUPPORTED.\n- Verify every hop against a passage.\n- If any hop lacks evidence, answer NOT_SUPPORTED.',
    },
    seedPrompts: {
      query: 'Write a search query for the claim.',
      answer: 'Given the claim and the retrieved passages, decide whether the claim is supported.',
    },
  };
}
