// One stylesheet, inlined: the report must render offline, so no fonts or files are loaded.
// System font stacks keep it native on every platform; colours match the chart palette.
export const reportStyles = `
:root {
  color-scheme: light;
  --ink: #1f2933;
  --muted: #5f6b7a;
  --line: #d9dee5;
  --grid: #eceff3;
  --paper: #ffffff;
  --wash: #f6f7f9;
  --accent: #3569a8;
  --best: #d0342c;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 15px;
  line-height: 1.5;
  color: var(--ink);
  background: var(--wash);
}
* { box-sizing: border-box; }
body { margin: 0; }
.report { max-width: 1080px; margin: 0 auto; padding: 28px 28px 48px; }
header.report-header { margin-bottom: 18px; }
h1 { font-size: 1.6rem; margin: 0 0 4px; letter-spacing: -0.01em; }
h2 { font-size: 1.2rem; margin: 36px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h4 { margin: 14px 0 6px; font-size: 0.9rem; }
.subtitle, .muted, .section-note { color: var(--muted); }
.subtitle { margin: 0; }
.section-note { margin: 0 0 12px; }
.status { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 0.8rem;
  font-weight: 600; background: #e6eef8; color: var(--accent); vertical-align: middle; margin-left: 6px; }
.status-failed, .status-interrupted { background: #fbe4e2; color: #a4281f; }
.status-stopped, .status-running { background: #fdf1dc; color: #8a5a0b; }
.banner { border-radius: 8px; padding: 12px 16px; margin: 14px 0; border: 1px solid; }
.banner-simulated { background: #fff4d6; border-color: #e8b931; color: #5c4300; font-size: 1.02rem; }
.banner-failed, .banner-interrupted { background: #fbe4e2; border-color: #e3a19b; color: #7c1f18; }
.banner-stopped, .banner-running { background: #eef3fa; border-color: #bcd0ea; color: #23456f; }
.headline { font-size: 1.05rem; margin: 0 0 12px; }
.summary-tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 16px; }
table { border-collapse: collapse; width: 100%; background: var(--paper); }
.summary-table { border: 1px solid var(--line); border-radius: 8px; }
.summary-table caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
.summary-table th, .summary-table td { text-align: left; padding: 6px 12px; border-top: 1px solid var(--grid);
  vertical-align: top; font-size: 0.92rem; }
.summary-table th { font-weight: 500; color: var(--muted); width: 46%; }
.summary-table td { font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.chart-figure { margin: 0 0 22px; padding: 16px 18px; background: var(--paper); border: 1px solid var(--line);
  border-radius: 10px; break-inside: avoid; }
.chart-figure figcaption { margin-bottom: 10px; color: var(--muted); font-size: 0.9rem; }
.chart-figure figcaption strong { color: var(--ink); }
.chart { display: block; width: 100%; height: auto; overflow: visible; }
.chart-natural { width: auto; max-width: none; }
.chart-scroll { overflow: auto; max-height: 80vh; border: 1px solid var(--grid); border-radius: 6px; }
.chart-empty { margin: 0; padding: 22px; text-align: center; color: var(--muted); background: var(--wash);
  border-radius: 6px; }
.chart-details { margin-top: 10px; font-size: 0.88rem; }
.chart-details summary { cursor: pointer; color: var(--accent); }
.data-table th, .data-table td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--grid);
  vertical-align: top; }
.data-table .number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; }
svg text { font-family: inherit; fill: var(--ink); }
.tick-label { font-size: 11px; fill: var(--muted); }
.axis-label, .legend-label { font-size: 12px; fill: #3d4753; }
.axis-line, .tick { stroke: #9aa3ae; stroke-width: 1; }
.grid { stroke: var(--grid); stroke-width: 1; }
.best-line { fill: none; stroke: var(--accent); stroke-width: 2.5; stroke-linejoin: round; }
.candidate-dot { fill: #7fa6d6; fill-opacity: 0.8; stroke: #ffffff; stroke-width: 1; }
.candidate-best { fill: var(--best); fill-opacity: 1; stroke: #ffffff; stroke-width: 1.5; }
.trial-dot { fill: #7fa6d6; fill-opacity: 0.75; stroke: #ffffff; stroke-width: 1; }
.trial-validation { fill: #2b5d94; fill-opacity: 1; }
.full-ring { fill: none; stroke: #2b5d94; stroke-width: 2; }
.full-best { stroke: var(--best); stroke-width: 2.5; }
.ceiling-marker { stroke: #6b7280; stroke-width: 1.5; stroke-dasharray: 2 3; fill: none; }
.synthesis-marker { stroke: #b4690e; stroke-width: 1.5; stroke-dasharray: 5 4; fill: none; }
.unspent-budget { fill: #f1f3f6; }
.hover-target { stroke: transparent; stroke-width: 12; fill: none; }
.marker-label { font-size: 11px; font-weight: 600; fill: #8a4f08; paint-order: stroke; stroke: #ffffff;
  stroke-width: 3px; }
.lineage-edge { fill: none; stroke: #aab3bf; stroke-width: 1.2; }
.lineage-ancestry { stroke: var(--best); stroke-width: 2; stroke-dasharray: 5 3; }
.lineage-node { stroke: #7b8694; stroke-width: 1; }
.lineage-ancestor { stroke: var(--best); stroke-width: 1.5; }
.lineage-best { stroke: var(--best); stroke-width: 3; }
.lineage-merge { stroke-dasharray: 3 2; }
.lineage-merge-edge { stroke: #8a6fb0; stroke-width: 1.4; stroke-dasharray: 4 3; }
.node-label { font-size: 10.5px; fill: var(--ink); pointer-events: none; font-variant-numeric: tabular-nums; }
.node-label-dark { fill: #ffffff; }
.node-index { font-weight: 700; }
.panel-background { fill: #fafbfc; stroke: var(--grid); }
.panel-title { font-size: 13px; font-weight: 600; }
.panel-subtitle, .panel-empty { font-size: 11px; fill: var(--muted); }
.mode-point { fill-opacity: 0.78; stroke: #ffffff; stroke-width: 1.5; }
.mode-size-key { fill: none; stroke: #7b8694; stroke-width: 1; }
.mode-name { font-size: 11px; fill: #3d4753; }
.failure-mode:hover .mode-point, .lineage-candidate:hover rect, .candidate-dot:hover { stroke: var(--ink); stroke-width: 2; }
.row-label { font-size: 13px; font-weight: 600; }
.row-sublabel { font-size: 11px; fill: var(--muted); }
.bar-value { font-size: 12px; font-variant-numeric: tabular-nums; }
.outcome-segment, .usage-bar { stroke: #ffffff; stroke-width: 1; }
.prompt { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; margin: 0 0 12px;
  padding: 10px 16px; }
.prompt summary { cursor: pointer; font-weight: 600; }
.prompt-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 14px; }
.prompt-text { margin: 0; padding: 10px 12px; background: var(--wash); border: 1px solid var(--grid);
  border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.82rem; line-height: 1.45;
  max-height: 420px; overflow: auto; font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.tag { font-size: 0.75rem; font-weight: 600; padding: 1px 7px; border-radius: 999px; background: var(--grid);
  color: var(--muted); margin-left: 6px; }
.tag-changed { background: #e3f1e8; color: #276a41; }
footer { margin-top: 36px; color: var(--muted); font-size: 0.82rem; }
h3 { font-size: 1.05rem; margin: 24px 0 8px; }
h5 { margin: 10px 0 4px; font-size: 0.82rem; color: var(--muted); font-weight: 600; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.88em; }
.report-nav { display: flex; flex-wrap: wrap; gap: 4px 14px;
  padding: 8px 0; margin: 0 0 8px; background: var(--wash); border-bottom: 1px solid var(--line); font-size: 0.9rem; }
.report-nav a { color: var(--accent); text-decoration: none; }
.report-nav a:hover { text-decoration: underline; }
.live-status { font-size: 0.75rem; font-weight: 600; padding: 2px 8px; border-radius: 999px; background: #e3f1e8;
  color: #276a41; vertical-align: middle; }
.live-disconnected { background: #fbe4e2; color: #a4281f; }
.banner-warning { background: #fdecd2; border-color: #e8a23b; color: #5c3600; }
.banner-unpriced { background: #eef3fa; border-color: #bcd0ea; color: #23456f; }
.banner .example { display: inline-block; margin-top: 4px; padding: 2px 6px; background: #ffffff; border-radius: 4px;
  overflow-wrap: anywhere; }
.filters { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 18px; margin: 0 0 10px; padding: 8px 12px;
  background: var(--paper); border: 1px solid var(--line); border-radius: 8px; font-size: 0.9rem; }
.filters select { font: inherit; margin-left: 4px; }
.filter-count { color: var(--muted); margin-left: auto; }
.explorer { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 14px; align-items: start; }
.matrix-scroll { overflow: auto; max-height: 70vh; background: var(--paper); border: 1px solid var(--line);
  border-radius: 8px; }
.score-matrix { width: auto; font-size: 0.78rem; }
.score-matrix th, .score-matrix td { padding: 0; border-bottom: 1px solid var(--grid); }
.score-matrix thead th { position: sticky; top: 0; background: var(--paper); z-index: 1; padding: 4px 2px;
  font-variant-numeric: tabular-nums; }
.score-matrix tbody th { position: sticky; left: 0; background: var(--paper); text-align: left; padding: 2px 8px;
  white-space: nowrap; max-width: 280px; overflow: hidden; text-overflow: ellipsis; font-weight: 400; }
.score-matrix .best-column { color: var(--best); }
.score-matrix button { display: block; width: 26px; height: 22px; margin: 1px; padding: 0; border: 0; border-radius: 3px;
  font: inherit; font-size: 0.72rem; cursor: pointer; color: var(--ink); }
.score-matrix button.s1 { background: #cfe8d8; }
.score-matrix button.s0 { background: #f5d0cc; }
.score-matrix button.sp { background: #f6e2b8; }
.score-matrix button.sn { background: var(--grid); color: var(--muted); }
.score-matrix button:hover, .score-matrix button:focus-visible { outline: 2px solid var(--accent); }
.score-matrix button.selected { outline: 3px solid var(--ink); }
.instance-detail { position: sticky; top: 8px; max-height: 80vh; overflow: auto; padding: 12px 16px;
  background: var(--paper); border: 1px solid var(--line); border-radius: 8px; font-size: 0.88rem; }
.instance-detail h3 { margin-top: 0; }
.value-text { margin: 0; padding: 6px 8px; background: var(--wash); border: 1px solid var(--grid); border-radius: 4px;
  white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.8rem; max-height: 320px; overflow: auto;
  font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.trace { padding-left: 20px; }
.trace-entry { margin: 0 0 10px; }
.trace-message { margin: 4px 0; }
.trace-role { display: inline-block; font-size: 0.72rem; font-weight: 600; color: var(--muted); text-transform: uppercase;
  margin-bottom: 2px; }
.proposal-list, .attempt-list { display: flex; flex-direction: column; gap: 6px; max-height: 75vh; overflow: auto;
  padding-right: 4px; }
.proposal, .attempt { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; }
.proposal > summary, .attempt > summary { cursor: pointer; display: flex; flex-wrap: wrap; gap: 4px 14px;
  align-items: center; font-size: 0.9rem; }
.proposal-step { font-weight: 600; font-variant-numeric: tabular-nums; min-width: 64px; }
.proposal-body, .attempt-body { padding: 6px 0 4px; font-size: 0.88rem; }
.minibatch-table { width: auto; margin-bottom: 8px; }
.minibatch-table .total th, .minibatch-table .total td { font-weight: 600; }
.minibatch-sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 12px; }
.minibatch-execution { margin: 4px 0; }
.minibatch-execution > summary { cursor: pointer; }
.trace-entry h6 { margin: 6px 0 2px; font-size: 12px; }
.tag-accepted, .tag-outcome-admitted { background: #e3f1e8; color: #276a41; }
.tag-rejected, .tag-outcome-rejected-validity, .tag-outcome-rejected-faithfulness, .tag-outcome-rejected-both {
  background: #fbe4e2; color: #a4281f; }
.tag-no-op, .tag-outcome-generation-failed, .tag-outcome-verification-failed { background: #fdf1dc; color: #8a5a0b; }
.tag-outcome-duplicate, .tag-outcome-leaked { background: #e6eef8; color: var(--accent); }
.prompt-diff ins { background: #cfe8d8; text-decoration: none; color: #1d5632; }
.prompt-diff del { background: #f5d0cc; color: #7c1f18; }
.prompt-full { margin-top: 8px; }
.prompt-full summary { cursor: pointer; color: var(--accent); font-weight: 400; }
.attempt-columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 14px; }
.verdict { margin: 4px 0; padding-left: 18px; }
.verdict-true { color: #276a41; }
.verdict-false, .verdict-broken { color: #a4281f; }
.subsection { margin-top: 18px; }
.compare-line { fill: none; stroke-width: 2.5; stroke-linejoin: round; }
.series-line { fill: none; stroke-width: 2.5; stroke-linejoin: round; }
.series-dot { stroke: #ffffff; stroke-width: 1; }
.compare-dot { fill-opacity: 0.7; stroke: #ffffff; stroke-width: 1; }
.compare-run:hover .compare-line { stroke-width: 4; }
.compare-table td, .compare-table th { white-space: nowrap; }
.swatch { vertical-align: middle; }
.report-suite { max-width: 1560px; }
.suite-table { margin-bottom: 22px; }
/* Nine methods with their intervals and p-values fit a 1024 px page: 4 px either side of a column. */
.suite-table .data-table th, .suite-table .data-table td { padding-left: 4px; padding-right: 4px; }
.suite-table .data-table th { white-space: normal; vertical-align: bottom; }
.suite-table .data-table td.number { white-space: normal; }
.suite-table h3 { font-size: 1rem; margin: 18px 0 4px; }
.entry-statistics { display: block; font-size: 0.75rem; color: var(--muted); }
.significance { font-weight: 600; }
.suite-curve-band { fill-opacity: 0.14; stroke: none; }
.suite-curve-seeds { opacity: 0; transition: opacity 0.15s; }
.suite-method-curve:hover .suite-curve-seeds, .suite-method-curve:focus-within .suite-curve-seeds { opacity: 1; }
.suite-method-curve:hover .suite-curve-mean { stroke-width: 4; }
.seed-line { stroke-width: 1.25; }
.suite-bar:hover, .suite-curve:hover .compare-line { opacity: 0.75; stroke-width: 4; }
.suite-cells td, .suite-cells th { white-space: nowrap; }
.entry-mean, .entry-sd, .entry-p { white-space: nowrap; }
.suite-table .data-table tr > :first-child, .suite-cells tr > :first-child { position: sticky; left: 0; z-index: 1;
  background: var(--paper); box-shadow: 1px 0 0 var(--line); }
.chart-legend { display: flex; flex-wrap: wrap; gap: 4px 18px; list-style: none; margin: 0 0 10px; padding: 0;
  font-size: 0.82rem; color: #3d4753; }
.legend-item { display: inline-flex; align-items: center; gap: 6px; }
.legend-key { flex: none; }
.small-multiples { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 14px 18px; }
.mode-panels { grid-template-columns: repeat(auto-fill, minmax(400px, 1fr)); }
.small-multiple { min-width: 0; }
.panel-heading { display: flex; align-items: center; gap: 6px; margin: 0 0 2px; font-size: 0.88rem; overflow-wrap: anywhere; }
.panel-summary { margin: 0 0 2px; font-size: 0.78rem; color: var(--muted); }
.ghost-line { fill: none; stroke-width: 1.25; }
.ceiling-label { font-size: 10.5px; fill: #4b5563; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
.mode-link { stroke: #aab3bf; stroke-width: 1; }
.mode-statistics { width: auto; font-size: 0.8rem; margin: 2px 0 4px; }
.mode-statistics th[scope="row"] { font-weight: 500; color: var(--muted); }
.window-title { font-size: 12px; font-weight: 600; }
.mode-number { font-size: 10px; font-weight: 600; fill: #3d4753; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
.mode-key { font-size: 0.8rem; margin-top: 4px; }
.mode-key td.mode-name { white-space: normal; overflow-wrap: anywhere; }
.solve-matrix-block { margin-bottom: 22px; }
.solve-matrix-block h3 { font-size: 1rem; margin: 18px 0 6px; }
.solve-scroll { max-height: 60vh; }
.solve-matrix { width: auto; font-size: 0.8rem; }
.solve-matrix thead th { position: sticky; top: 0; z-index: 1; background: var(--paper); white-space: normal;
  vertical-align: bottom; min-width: 64px; }
.solve-matrix tbody th { position: sticky; left: 0; background: var(--paper); font-weight: 400; text-align: left;
  max-width: 320px; overflow-wrap: anywhere; }
.solve-matrix tfoot { position: sticky; bottom: 0; z-index: 1; }
.solve-matrix tfoot th, .solve-matrix tfoot td { background: var(--paper); font-weight: 600; }
.solve-matrix td.solve { text-align: center; min-width: 52px; font-variant-numeric: tabular-nums; }
.solve-matrix td.s1 { background: #cfe8d8; }
.solve-matrix td.s0 { background: #f5d0cc; }
.solve-matrix td.sp { background: #f6e2b8; }
.solve-matrix td.sn { background: var(--grid); color: var(--muted); }
.suite-cells td:first-child { white-space: normal; overflow-wrap: anywhere; min-width: 14ch; }
.exceeded { color: #a4281f; }
.cell-note { display: block; white-space: normal; max-width: 40ch; color: #8a4b08; font-size: 0.85em; }
@media (max-width: 860px) { .explorer { grid-template-columns: minmax(0, 1fr); } .instance-detail { position: static; } }
@media print {
  :root { background: #ffffff; font-size: 12px; }
  .report { max-width: none; padding: 0; }
  .chart-figure, .prompt { border-color: #cccccc; }
  .chart-scroll, .prompt-text, .matrix-scroll, .value-text, .proposal-list, .attempt-list { max-height: none; overflow: visible; border: none; }
  .report-nav, .filters, .live-status { display: none; }
  .explorer { grid-template-columns: 1fr; }
  .chart-natural { width: 100%; height: auto; }
  details > summary { list-style: none; }
  h2 { break-after: avoid; }
}
`;
