import type { Program } from '../program/program.js';
import type { Instance } from '../signature/instance.js';
import type { Signature } from '../signature/signature.js';
import { DataCheckError } from './data-check-error.js';
import { findDataProblems } from './find-data-problems.js';

/**
 * Checks data against the schemas a program runs on before anything is spent: every instance of
 * every split, every problem listed (`DataCheckError`). The check is the program's own
 * (`defineProgram`'s input and gold schemas), else the signature's (one declared with zod
 * schemas); a program and signature without schemas (field lists) have nothing to check against,
 * and the data passes.
 *
 * @throws DataCheckError naming each instance (split, index, id, file and line when its loader
 *   recorded them) and field.
 */
export function checkProgramData(options: {
  /** The program the data is for. */
  readonly program: Pick<Program, 'signature'>;
  /** The benchmark's signature, used when the program declares none. */
  readonly signature?: Signature;
  /** The instances, by split (`train`, `validation`, `test`, or `data`). */
  readonly splits: Readonly<Record<string, readonly Instance[]>>;
  /** What the data is, for the message. Default `the data`. */
  readonly subject?: string;
}): void {
  const check = options.program.signature?.checkInstance ?? options.signature?.checkInstance;
  if (check === undefined) return;
  const problems = findDataProblems(check, options.splits);
  if (problems.length > 0) {
    throw new DataCheckError({
      problems,
      ...(options.subject === undefined ? {} : { subject: options.subject }),
    });
  }
}
