import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import {
  renderSimulatedBanner,
  renderStatusBanner,
  renderSummarySection,
} from './summary-section.js';

describe('renderSummarySection', () => {
  it('shows seed against best, the improvement and the training-set split', () => {
    const base = minimalRunReportData();
    const markup = renderSummarySection({
      ...base,
      summary: {
        ...base.summary,
        bestScore: 0.625,
        bestCandidate: 7,
        testScore: 0.6,
        synthesisEvents: 2,
        admitted: 75,
        trainingSize: { original: 150, synthetic: 75 },
      },
    });
    expect(markup).toContain('<td>0.500 <span class="muted">(candidate #0)</span></td>');
    expect(markup).toContain(
      '0.625 <span class="muted">(candidate #7) +0.125 over the seed</span>',
    );
    expect(markup).toContain('test score <strong>0.600</strong>');
    expect(markup).toContain('225 <span class="muted">(150 original + 75 synthetic)</span>');
    expect(markup).toContain('20 of 100');
  });

  it('says when there is no test score or budget, and shows regressions as such', () => {
    const base = minimalRunReportData();
    const markup = renderSummarySection({
      ...base,
      summary: { ...base.summary, bestScore: 0.4, maxEvaluations: 0 },
    });
    expect(markup).toContain('not evaluated');
    expect(markup).toContain('−0.100 below the seed');
    expect(markup).toContain('<td>20</td>');
  });

  it('says in the headline when a run stopped at a perfect validation score', () => {
    const base = minimalRunReportData();
    const reason = 'perfect score (best candidate #3 scored 1.000 on validation)';
    const stopped = renderSummarySection({ ...base, run: { ...base.run, stopReason: reason } });
    expect(stopped).toContain('It stopped early: the best candidate scored the maximum (1)');
    expect(stopped).toContain(`(${reason})`);
    expect(renderSummarySection(base)).not.toContain('stopped early');
  });

  it('escapes the run identity', () => {
    const base = minimalRunReportData();
    const markup = renderSummarySection({
      ...base,
      run: { ...base.run, runDir: 'runs/<x>', taskModel: 'a&b' },
    });
    expect(markup).toContain('runs/&lt;x&gt;');
    expect(markup).toContain('a&amp;b');
  });
});

describe('banners', () => {
  it('flags simulated runs and only those', () => {
    expect(renderSimulatedBanner(true)).toContain('say nothing about how real models perform');
    expect(renderSimulatedBanner(false)).toBe('');
  });

  it('explains failed, stopped and running runs, escaping the reason', () => {
    const base = minimalRunReportData();
    expect(renderStatusBanner(base)).toBe('');
    const failed = renderStatusBanner({
      ...base,
      run: { ...base.run, status: 'failed', stopReason: '<oops>' },
    });
    expect(failed).toContain('<strong>Run failed</strong>: &lt;oops&gt;');
    expect(renderStatusBanner({ ...base, run: { ...base.run, status: 'running' } })).toContain(
      'in progress',
    );
    expect(renderStatusBanner({ ...base, run: { ...base.run, status: 'stopped' } })).toContain(
      'Run stopped',
    );
  });
});
