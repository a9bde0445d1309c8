import type { GrpoResults } from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { renderSuiteReport } from './render-suite-report.js';
import { grpoMeanCurve, renderSuiteGrpoCharts } from './suite-grpo-chart.js';

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;
const curve = (values: readonly (readonly [number, number, number])[]) =>
  values.map(([step, validation, test]) => ({ step, validation, test }));
const grpo: GrpoResults = {
  formatVersion: 1,
  rows: [0, 1].map((seed) => ({
    benchmark: 'alpha',
    taskModel: 'sim:task',
    optimizerModel: 'sim:optimizer',
    seed,
    arms: {
      train_only: [
        {
          test: 0.5 + seed / 10,
          curve: curve([
            [0, 0.4, 0.4],
            [50, 0.45 + seed / 10, 0.45],
            [100, 0.5, 0.5 + seed / 10],
          ]),
        },
      ],
      // Seed 1's run recorded no step 50.
      train_plus_synthetic: [
        {
          test: 0.6,
          curve: curve(
            seed === 0
              ? [
                  [0, 0.4, 0.4],
                  [50, 0.55, 0.5],
                  [100, 0.6, 0.6],
                ]
              : [
                  [0, 0.4, 0.4],
                  [100, 0.7, 0.6],
                ],
          ),
        },
      ],
    },
  })),
};

describe('Figure 4 (GRPO curves)', () => {
  it('averages each arm over the runs that recorded a step', () => {
    const rounded = (arm: 'train_only' | 'train_plus_synthetic') =>
      grpoMeanCurve(grpo.rows, arm, 'validation').map((point) => ({
        ...point,
        mean: Math.round(point.mean * 1e9) / 1e9,
      }));
    expect(rounded('train_only')).toEqual([
      { step: 0, mean: 0.4, runs: 2 },
      { step: 50, mean: 0.5, runs: 2 },
      { step: 100, mean: 0.5, runs: 2 },
    ]);
    expect(rounded('train_plus_synthetic')).toEqual([
      { step: 0, mean: 0.4, runs: 2 },
      { step: 50, mean: 0.55, runs: 1 },
      { step: 100, mean: 0.65, runs: 2 },
    ]);
  });

  it('draws validation and test for both arms per benchmark, in the report only with a GRPO file', () => {
    const data = sampleSuiteReportData({ hostileTitle: '<b>Alpha</b>' });
    const html = renderSuiteReport({ ...data, grpo });
    expect(count(html, /data-chart="suite-grpo"/g)).toBe(1);
    expect(count(html, /<g class="suite-grpo-curve"/g)).toBe(4);
    expect(
      count(
        html,
        /data-arm="train_plus_synthetic" data-split="[a-z]+"><title>[^<]*<\/title><path[^>]*stroke-dasharray/g,
      ),
    ).toBe(2);
    expect(html).toContain(
      'GRPO, augmented with synthesized instances: validation 65.0% at step 100 (mean of 2 run(s))',
    );
    expect(html).toContain('<a href="#grpo">GRPO</a>');
    expect(html).not.toContain('<b>Alpha</b>');
    expect(renderSuiteReport(data)).not.toContain('suite-grpo');
    expect(renderSuiteGrpoCharts(data)).toBe('');
  });
});
