import { type RunDatabase, readCheckpointRecords } from '@forge/store';
import { parseJson } from './clip-text.js';
import type { RunReportPlaybookPoint } from './run-report-playbook.js';

interface StepData {
  readonly evaluationsUsed?: unknown;
  readonly playbook?: {
    readonly bullets?: unknown;
    readonly tokens?: unknown;
    readonly helpful?: unknown;
    readonly harmful?: unknown;
  };
}

/**
 * The playbook series of a playbook method (ACE): from its `step` checkpoint records that carry
 * `playbook` (`bullets`, `tokens`, `helpful`, `harmful`) and `evaluationsUsed`, in step order.
 * Empty for any other run.
 */
export function loadPlaybookSeries(database: RunDatabase): RunReportPlaybookPoint[] {
  const rows = readCheckpointRecords(database, ['step']);
  const series: RunReportPlaybookPoint[] = [];
  for (const row of rows) {
    const data = parseJson<StepData>(row.dataJson, {});
    const size = data.playbook;
    const numbers = [
      data.evaluationsUsed,
      size?.bullets,
      size?.tokens,
      size?.helpful,
      size?.harmful,
    ];
    if (row.step === null || !numbers.every((value) => typeof value === 'number')) continue;
    const [evaluationsUsed, bullets, tokens, helpful, harmful] = numbers as [
      number,
      number,
      number,
      number,
      number,
    ];
    series.push({ step: row.step, evaluationsUsed, bullets, tokens, helpful, harmful });
  }
  return series;
}
