import { methodLabel, type SuiteLabels } from '@forge/suite';
import { type LegendItem, renderChartLegend } from '../primitives/chart-legend.js';
import { methodColor } from '../primitives/method-color.js';

/** A chart's id from its kind and model pair, safe in an `id` attribute. */
export function chartId(prefix: string, taskModel: string, optimizerModel: string): string {
  return `${prefix}-${`${taskModel}-${optimizerModel}`.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** The legend entry of one method: its label in its fixed colour (`methodColor`). */
export function methodLegendItem(
  method: string,
  labels: SuiteLabels,
  mark: LegendItem['mark'] = 'swatch',
): LegendItem {
  return { label: methodLabel(labels, method), color: methodColor(method), mark, id: method };
}

/** The methods' colours as an HTML legend above a suite chart. */
export function renderMethodLegend(
  methods: readonly string[],
  labels: SuiteLabels,
  extra: readonly LegendItem[] = [],
): string {
  return renderChartLegend(
    [...methods.map((method) => methodLegendItem(method, labels)), ...extra],
    'Methods',
  );
}
