import { createHash } from 'node:crypto';
import { escapeHtml } from '../primitives/escape-html.js';
import { reportStyles } from '../report-styles.js';
import { embedJson } from './embed-json.js';
import { reportClient } from './report-client.js';

/** What `renderReportPage` wraps. */
export interface ReportPageOptions {
  /** The page title. */
  readonly title: string;
  /** The body's markup. */
  readonly body: string;
  /** The data the page's script reads (embedded as inline JSON). */
  readonly data: unknown;
  /** Allow the script to ask its own server for updates (the live view). */
  readonly live?: boolean;
}

/**
 * The page's script: the client, serialized, and called once. Transpilers that keep function
 * names (tsx, esbuild's keepNames) insert calls to a `__name` helper into function bodies; the
 * page defines it as the identity, so the serialized client runs however this module was loaded.
 */
export const reportScript = `(() => { const __name = (target) => target; (${reportClient.toString()})(); })();`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of a report: nothing may load, and only the exact inline style
 * and script shipped here may apply or run (by hash), so markup that slipped past escaping is
 * inert. The live view may also ask its own origin (loopback) for updates.
 */
export function reportContentSecurityPolicy(live: boolean): string {
  return [
    "default-src 'none'",
    `style-src ${sha256(reportStyles)}`,
    `script-src ${sha256(reportScript)}`,
    'img-src data:',
    ...(live ? ["connect-src 'self'"] : []),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** A whole report page: head with CSP and styles, the body, the data block and the script. */
export function renderReportPage(options: ReportPageOptions): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${reportContentSecurityPolicy(options.live === true)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="Forge">',
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${reportStyles}</style>`,
    '</head>',
    `<body>\n${options.body}`,
    `<script type="application/json" id="forge-report-data">${embedJson(options.data)}</script>`,
    `<script>${reportScript}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
