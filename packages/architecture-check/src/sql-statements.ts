import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sourceFiles } from './source-files.js';

/** One SQL statement, or one statement-preparing call, found in a source file. */
export interface SqlStatement {
  /** The file, relative to the repository root. */
  readonly file: string;
  /** Its 1-based line. */
  readonly line: number;
  /** What was found: the start of the string, or the call. */
  readonly text: string;
}

// A string literal that opens with a statement on a table, or a call that runs SQL on a database.
const sqlPattern =
  /(?:['"`]\s*(?:SELECT\s[^'"`]*?\bFROM\b|INSERT\s+(?:OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)\b|DROP\s+(?:TABLE|INDEX)\b|ALTER\s+TABLE\b|PRAGMA\s+\w+))|\.prepare\(|\.pragma\(/g;

/** Finds the SQL in one text (a file's contents), as `sqlStatements` does. */
export function findSql(file: string, text: string): SqlStatement[] {
  return [...text.matchAll(sqlPattern)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
    text: match[0].replace(/\s+/g, ' ').slice(0, 60),
  }));
}

/** Every SQL statement and `.prepare(`/`.pragma(` call in the package folder's source files. */
export function sqlStatements(root: string, folder: string): SqlStatement[] {
  return sourceFiles(join(root, folder)).flatMap((path) =>
    findSql(relative(root, path), readFileSync(path, 'utf8')),
  );
}
