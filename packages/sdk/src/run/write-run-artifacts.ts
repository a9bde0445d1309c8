import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchResult } from '@forge/core';
import type { SqliteRunStore } from '@forge/store';
import { toJsonl } from '@forge/synth';
import { renderRunReport } from '../report/index.js';
import { loadReportData } from '../report-data/load-report-data.js';
import type { ForgeRunEndEvent } from './sdk-events.js';

/**
 * Writes the files a person or another tool reads after a run: the best prompts, the admitted
 * synthetic data (JSONL with provenance), a result summary and the HTML report.
 */
export function writeRunArtifacts(options: {
  runDir: string;
  store: SqliteRunStore;
  search: SearchResult;
  result: ForgeRunEndEvent;
}): string[] {
  const { runDir, search } = options;
  const files: string[] = [];
  const write = (name: string, text: string) => {
    writeFileSync(join(runDir, name), text);
    files.push(name);
  };
  write(
    'best-prompts.json',
    `${JSON.stringify(
      {
        candidate: search.bestCandidate.index,
        validationScore: search.bestCandidate.validationScore,
        prompts: search.bestCandidate.prompts,
      },
      null,
      2,
    )}\n`,
  );
  write('synthetic.jsonl', toJsonl(search.state.syntheticInstances));
  const { type: _type, ...summary } = options.result;
  write('result.json', `${JSON.stringify(summary, null, 2)}\n`);
  write('report.html', renderRunReport(loadReportData(options.store.database, runDir)));
  return files;
}
