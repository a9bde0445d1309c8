import type { RunReportData } from '../data/run-report-data.js';

/** The smallest valid report: a lone seed, no synthesis, no usage, one module. */
export function minimalRunReportData(overrides: Partial<RunReportData> = {}): RunReportData {
  return {
    title: 'Minimal run',
    simulated: false,
    generatedAt: '2026-05-21T00:00:00.000Z',
    run: {
      runDir: 'runs/minimal',
      benchmark: 'toy',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      seed: 1,
      status: 'completed',
    },
    summary: {
      seedScore: 0.5,
      bestScore: 0.5,
      bestCandidate: 0,
      evaluationsUsed: 20,
      maxEvaluations: 100,
      steps: 0,
      candidates: 1,
      synthesisEvents: 0,
      admitted: 0,
      trainingSize: { original: 10, synthetic: 0 },
    },
    candidates: [
      {
        index: 0,
        parent: null,
        module: null,
        step: null,
        validationScore: 0.5,
        evaluationsAtDiscovery: 20,
      },
    ],
    curve: [],
    synthesisEvents: [],
    synthesisAttempts: [],
    failureModeWindows: [],
    validationInstances: [],
    evaluations: [],
    proposals: [],
    warnings: [],
    unpricedModels: [],
    usage: [],
    bestPrompts: { answer: 'Answer the question.' },
    seedPrompts: { answer: 'Answer the question.' },
    ...overrides,
  };
}
