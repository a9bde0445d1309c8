import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RecordedAnswer, SqliteAnswerRecorder, SqliteRunStore } from '@forge/store';
import { dropTable } from '@forge/store/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { renderRunReport } from '../render-run-report.js';
import { loadAnswers } from './load-answers.js';
import { loadWarnings } from './load-warnings.js';

const root = mkdtempSync(join(tmpdir(), 'forge-report-answers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const curateContract = 'one JSON list of playbook operations';

/** A run directory whose `optimizer_answers` holds the given answers, as a peer method saves them. */
function runWith(name: string, answers: readonly RecordedAnswer[]): SqliteRunStore {
  const store = new SqliteRunStore(join(root, name));
  const recorder = new SqliteAnswerRecorder(store.database);
  for (const answer of answers) recorder.record(answer);
  return store;
}

function report(store: SqliteRunStore): string {
  return renderRunReport(
    minimalRunReportData({
      warnings: loadWarnings(store.database),
      answers: loadAnswers(store.database),
    }),
  );
}

describe('optimizer answers in the run report', () => {
  it('shows a peer method’s answers by role and warns when a role mostly broke its contract', () => {
    const store = runWith('peer-unusable', [
      { role: 'curate', usable: true, step: 0, contract: curateContract },
      {
        role: 'curate',
        usable: false,
        reason: 'truncated',
        step: 1,
        excerpt: '[{"op": "ADD", "con',
      },
      { role: 'curate', usable: false, reason: 'invalid-json', step: 2, excerpt: 'Sure! Here' },
      { role: 'curate', usable: false, reason: 'truncated', step: 3, excerpt: '[{"op"' },
      { role: 'curate', usable: false, reason: 'empty', step: 4, excerpt: '' },
      { role: 'reflect', usable: true, step: 0 },
      { role: 'reflect', usable: false, reason: 'no-block', step: 1, excerpt: 'I think' },
    ]);
    try {
      expect(loadAnswers(store.database)).toEqual([
        {
          role: 'curate',
          total: 5,
          unusable: 4,
          reasons: { truncated: 2, 'invalid-json': 1, empty: 1 },
        },
        { role: 'reflect', total: 2, unusable: 1, reasons: { 'no-block': 1 } },
      ]);
      const warnings = loadWarnings(store.database);
      expect(warnings.map((warning) => warning.role)).toEqual(['curate']);
      expect(warnings[0]).toMatchObject({
        contract: curateContract,
        calls: 5,
        noOps: 4,
        example: '[{"op": "ADD", "con',
        exampleReason: 'truncated',
      });

      const html = report(store);
      expect(html).toContain('<h3 id="optimizer-answers">Optimizer answers</h3>');
      expect(html).toContain(
        '<tr data-answers-role="curate"><td><code>curate</code></td><td>5</td><td>4 <span class="muted">(80%)</span></td>' +
          '<td><code>truncated</code> 2, <code>empty</code> 1, <code>invalid-json</code> 1</td></tr>',
      );
      expect(html).toContain(
        '<tr data-answers-role="reflect"><td><code>reflect</code></td><td>2</td>',
      );
      expect(html).toContain('data-warning-role="curate"');
      expect(html).toContain(
        '<strong>The curate role mostly ignored its output contract:</strong> 4 of 5 answers (80%)',
      );
      expect(html).toContain(
        'Example (truncated): <code class="example">[{&quot;op&quot;: &quot;ADD&quot;, &quot;con</code>',
      );
      expect(html).not.toContain('data-warning-role="reflect"');
    } finally {
      store.close();
    }
  });

  it('shows the answers but no warning when every answer was usable', () => {
    const store = runWith(
      'peer-usable',
      Array.from({ length: 6 }, (_, step) => ({ role: 'reflect', usable: true, step })),
    );
    try {
      expect(loadWarnings(store.database)).toEqual([]);
      const html = report(store);
      expect(html).toContain(
        '<tr data-answers-role="reflect"><td><code>reflect</code></td><td>6</td><td>0 <span class="muted">(0%)</span></td>' +
          '<td><span class="muted">none</span></td></tr>',
      );
      expect(html).not.toContain('data-warning-role');
    } finally {
      store.close();
    }
  });

  it('shows no answers table for a run recorded before answers were kept', () => {
    const store = runWith('old-run', []);
    try {
      dropTable(store.database, 'optimizer_answers');
      expect(loadAnswers(store.database)).toEqual([]);
      expect(loadWarnings(store.database)).toEqual([]);
      expect(report(store)).not.toContain('optimizer-answers');
    } finally {
      store.close();
    }
  });
});
