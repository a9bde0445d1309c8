import { join } from 'node:path';
import type { MethodResult } from '@forge/method';
import { loadReportData, renderRunReport } from '@forge/report';
import { guardStore, type SqliteRunStore, writeFileSafely } from '@forge/store';
import { type LeakageAudit, toJsonl } from '@forge/synth';
import type { ForgeRunEndEvent } from './sdk-events.js';

/**
 * Writes the files a person or another tool reads after a run: the best candidate, the admitted
 * synthetic data (JSONL with provenance) when the method makes any, a result summary with the
 * score-vs-evaluations history, and the HTML report (for methods other than Forge's variants it is
 * drawn from the checkpoint records they saved).
 */
export function writeRunArtifacts(options: {
  runDir: string;
  store: SqliteRunStore;
  result: MethodResult;
  end: ForgeRunEndEvent;
  /** The post-hoc check of the synthetic data against validation and test (D.2). */
  leakageAudit?: LeakageAudit;
  /** Extra training instances the run was given (`extraTrain`). */
  extraTraining?: number;
}): string[] {
  const { runDir, result } = options;
  const files: string[] = [];
  const write = (name: string, text: string) => {
    const file = join(runDir, name);
    guardStore(runDir, () => writeFileSafely(file, text, { within: runDir }), file);
    files.push(name);
  };
  write(
    'best-prompts.json',
    `${JSON.stringify(
      {
        candidate: result.bestCandidateIndex,
        validationScore: result.bestValidation,
        ...result.bestCandidate,
      },
      null,
      2,
    )}\n`,
  );
  if (result.syntheticInstances !== undefined) {
    write('synthetic.jsonl', toJsonl(result.syntheticInstances));
  }
  const { type: _type, ...summary } = options.end;
  write(
    'result.json',
    `${JSON.stringify(
      {
        ...summary,
        history: result.history,
        ...(result.ceilingNote === undefined ? {} : { ceilingNote: result.ceilingNote }),
        ...(result.summary === undefined ? {} : { summary: result.summary }),
        ...(options.extraTraining === undefined || options.extraTraining === 0
          ? {}
          : { extraTraining: options.extraTraining }),
        ...(options.leakageAudit === undefined ? {} : { leakageAudit: options.leakageAudit }),
      },
      null,
      2,
    )}\n`,
  );
  write('report.html', renderRunReport(loadReportData(options.store.database, runDir)));
  return files;
}
