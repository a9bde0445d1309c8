import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import {
  type GrpoResults,
  grpoResultsProblem,
  grpoResultsSchema,
  type SuiteSpec,
} from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import { issueToError, parseStructuredText } from '../config/load-config.js';

/** Where a suite directory keeps its GRPO result file (beside the `grpo/<row>/` training files). */
export const suiteGrpoResultsFileName = 'grpo/results.json';

/**
 * Reads a GRPO result file (JSON, or YAML by its extension) and checks it against the suite:
 * the format of docs/suite-export.md, every row one of the suite's transfer rows, once.
 * @throws ConfigError naming the file, the line and the field of the first problem.
 */
export function readGrpoResultsFile(path: string, spec: SuiteSpec): GrpoResults {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError({
      file,
      message: code === 'ENOENT' ? 'file not found' : `cannot read (${code})`,
      cause: error,
    });
  }
  const extension = extname(file);
  const raw = parseStructuredText(
    file,
    text,
    extension === '.yaml' || extension === '.yml' ? 'yaml' : 'json',
  );
  const parsed = grpoResultsSchema.safeParse(raw.value);
  if (!parsed.success) throw issueToError(raw, parsed.error.issues[0], 'docs/suite-export.md');
  const results = parsed.data as GrpoResults;
  const problem = grpoResultsProblem(results, spec);
  if (problem !== undefined) {
    throw new ConfigError({
      file,
      line: raw.lineOf(problem.path),
      field: problem.path.map(String).join('.'),
      message: problem.message,
    });
  }
  return results;
}

/**
 * The GRPO results a suite's tables and report show: the file given (`--grpo`), else the suite
 * directory's `grpo/results.json` when there is one — never read through a symbolic link, as the
 * directory may come from elsewhere. Undefined when there is none.
 * @throws ConfigError for a file that cannot be read, is not valid, or is a link.
 */
export function suiteGrpoResults(
  dir: string,
  spec: SuiteSpec,
  file?: string,
): GrpoResults | undefined {
  if (file !== undefined) return readGrpoResultsFile(file, spec);
  const own = join(dir, suiteGrpoResultsFileName);
  if (!existsSync(own) && !isLink(own)) return undefined;
  if (isLink(own) || isLink(join(dir, 'grpo'))) {
    throw new ConfigError({
      file: own,
      message:
        "is reached through a symbolic link; Forge reads a suite directory's files only as plain files",
    });
  }
  return readGrpoResultsFile(own, spec);
}

/**
 * `suiteGrpoResults` for outputs rewritten while a suite runs: a file that cannot be used is
 * said under Table 4 instead of stopping the suite.
 */
export function suiteGrpoResultsOrProblem(
  dir: string,
  spec: SuiteSpec,
): { readonly grpo?: GrpoResults; readonly grpoProblem?: string } {
  try {
    const grpo = suiteGrpoResults(dir, spec);
    return grpo === undefined ? {} : { grpo };
  } catch (error) {
    if (ConfigError.isInstance(error)) return { grpoProblem: error.message };
    throw error;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
