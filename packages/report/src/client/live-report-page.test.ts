import { describe, expect, it } from 'vitest';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { renderRunReport } from '../render-run-report.js';
import { renderSuiteReport } from '../suite/render-suite-report.js';
import { embedJson } from './embed-json.js';
import { liveReportPage } from './live-report-page.js';
import { reportContentSecurityPolicy } from './report-page.js';

const live = { versionUrl: '/version', version: 'v7', intervalMs: 500 };

function dataBlock(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="forge-report-data">(.*?)<\/script>/s.exec(
    html,
  );
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}

describe('liveReportPage', () => {
  it('turns a run report into exactly the page the run report draws live', () => {
    const data = sampleRunReportData();
    expect(liveReportPage(renderRunReport(data), live)).toBe(renderRunReport(data, { live }));
  });

  it('makes the suite report live: live CSP, live settings in its data, a badge in its heading', () => {
    const page = renderSuiteReport(
      sampleSuiteReportData({ hostileTitle: '</h1><b id="live-status">' }),
    );
    expect(page).not.toContain("connect-src 'self'");
    const made = liveReportPage(page, live);
    expect(made).toContain(`content="${reportContentSecurityPolicy(true)}"`);
    expect(made).not.toContain(`content="${reportContentSecurityPolicy(false)}"`);
    expect(dataBlock(made)).toEqual({ ...dataBlock(page), live });
    expect(made).toMatch(
      /<h1>[^<]*<output class="live-status" id="live-status" hidden>live<\/output><\/h1>/,
    );
    // Nothing else changed: undoing the three edits gives the page back.
    const undone = made
      .replace(' <output class="live-status" id="live-status" hidden>live</output>', '')
      .replace(reportContentSecurityPolicy(true), reportContentSecurityPolicy(false))
      .replace(/(id="forge-report-data">).*?(<\/script>)/s, (_match, open, close) => {
        const { live: _live, ...rest } = dataBlock(made);
        return `${open}${embedJson(rest)}${close}`;
      });
    expect(undone).toBe(page);
  });

  it('refuses a page no report renderer drew', () => {
    expect(() => liveReportPage('<html><body><h1>x</h1></body></html>', live)).toThrow(
      /not a report page/,
    );
  });
});
