import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { databaseFileName, openRunDatabase, type RunDatabase } from '@forge/store';
import type { SuiteCellResult } from '@forge/suite';
import { loadSuiteCellDetails } from './load-suite-cell-details.js';
import type { SuiteCellDetails } from './suite-cell-details.js';

/**
 * Reads every finished cell's details (wall time, failure-mode windows, test scores per instance)
 * from its run database, opened read-only, when the suite report is drawn. Pending cells are
 * left alone: their run may be live, perhaps on another machine of a queue, whose writer a
 * reader on a shared file system must not race. A cell without a database, one whose directory
 * lies outside the suite directory, or one whose database cannot be read simply has no details:
 * the report shows "—" for it rather than failing.
 */
export function readSuiteCellDetails(
  suiteDir: string,
  cells: readonly Pick<SuiteCellResult, 'id' | 'runDir' | 'status'>[],
  options: {
    /** Also read each run's usage by role (a scan of its calls: for exports, not every redraw). */
    readonly usage?: boolean;
  } = {},
): Record<string, SuiteCellDetails> {
  const root = resolve(suiteDir);
  const details: Record<string, SuiteCellDetails> = {};
  for (const cell of cells) {
    if (cell.status === 'pending') continue;
    const runDir = resolve(root, cell.runDir);
    const inside = relative(root, runDir);
    // `results.json` is data: a run directory it names outside the suite is not read.
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) continue;
    if (!existsSync(join(runDir, databaseFileName))) continue;
    let database: RunDatabase | undefined;
    try {
      database = openRunDatabase(runDir, { readonly: true, create: false });
      const bestCandidate = readBestCandidate(runDir);
      Object.defineProperty(details, cell.id, {
        value: loadSuiteCellDetails(database, {
          ...(bestCandidate === undefined ? {} : { bestCandidate }),
          ...(options.usage === true ? { usage: true } : {}),
        }),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } catch {
      // A damaged or foreign database: the cell is drawn without details.
    } finally {
      database?.close();
    }
  }
  return details;
}

/** The run's selected candidate from its `result.json`, when it wrote one. */
function readBestCandidate(runDir: string): number | undefined {
  try {
    const result: unknown = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
    const best =
      typeof result === 'object' && result !== null
        ? (result as Record<string, unknown>)['bestCandidate']
        : undefined;
    return typeof best === 'number' && Number.isInteger(best) && best >= 0 ? best : undefined;
  } catch {
    return undefined;
  }
}
