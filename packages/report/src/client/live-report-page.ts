import { embedJson } from './embed-json.js';
import type { LiveOptions } from './page-data.js';
import { reportContentSecurityPolicy } from './report-page.js';

const dataOpening = '<script type="application/json" id="forge-report-data">';
const liveBadge = '<output class="live-status" id="live-status" hidden>live</output>';

/**
 * Makes a finished report page (one `renderReportPage` drew) a live view: its CSP also admits
 * asking its own origin for updates, its data block carries `live`, and its first heading (or its
 * body) gains the live badge unless it has one, so the page's own script polls `live.versionUrl` and
 * reloads when the version moves. Renderers that take no live option (the suite report) are
 * served live through this. Throws when `html` is not such a page.
 */
export function liveReportPage(html: string, live: LiveOptions): string {
  const staticPolicy = `content="${reportContentSecurityPolicy(false)}"`;
  const dataStart = html.indexOf(dataOpening);
  const dataEnd = html.indexOf('</script>', dataStart);
  if (!html.includes(staticPolicy) || dataStart < 0 || dataEnd < 0) {
    throw new Error('not a report page: no content security policy or data block to make live');
  }
  const data = JSON.parse(html.slice(dataStart + dataOpening.length, dataEnd)) as Record<
    string,
    unknown
  >;
  const withData = `${html.slice(0, dataStart)}${dataOpening}${embedJson({ ...data, live })}${html.slice(dataEnd)}`;
  // The badge goes at the end of the first heading, or first in the body of a page without one.
  const headingEnd = withData.indexOf('</h1>');
  const at = headingEnd >= 0 ? headingEnd : withData.indexOf('<body>') + '<body>'.length;
  const withBadge = withData.includes('id="live-status"')
    ? withData
    : `${withData.slice(0, at)} ${liveBadge}${withData.slice(at)}`;
  return withBadge.replace(staticPolicy, `content="${reportContentSecurityPolicy(true)}"`);
}
