import { type ArrowsRow, shortName } from './arrows-table.js';
import type { ForgeImport } from './forge-imports.js';
import type { WorkspacePackage } from './workspace-packages.js';

/** What the check reads: the table, the packages and each package's imports. */
export interface ArrowsCheckInput {
  /** The rows of the arrows table. */
  readonly rows: readonly ArrowsRow[];
  /** Every workspace package. */
  readonly packages: readonly WorkspacePackage[];
  /** Each package's `@forge/*` imports, by package name. */
  readonly importsByPackage: ReadonlyMap<string, readonly ForgeImport[]>;
}

/** One way a package goes beyond the table. */
export interface ArrowsProblem {
  /** The package at fault, e.g. `@forge/cli`. */
  readonly from: string;
  /** The package it points at, when the problem is an arrow (not a missing row). */
  readonly to?: string;
  /** One sentence naming the file (and line) and what is wrong. */
  readonly message: string;
}

/** Lists every way the packages go beyond the table; empty when they keep it. */
export function checkArrows(input: ArrowsCheckInput): ArrowsProblem[] {
  const problems: ArrowsProblem[] = [];
  const push = (from: string, to: string | undefined, message: string): void => {
    problems.push(to === undefined ? { from, message } : { from, to, message });
  };
  const rowOf = new Map(input.rows.map((row) => [shortName(row.name), row]));
  const floorOf = (name: string): number | undefined => rowOf.get(shortName(name))?.floor;

  for (const row of input.rows) {
    if (!input.packages.some((pkg) => pkg.name === row.name)) {
      push(
        row.name,
        undefined,
        `line ${row.line}: ${row.name} is in the table but is no workspace package`,
      );
    }
    for (const target of [...row.mayDependOn, ...row.testsMayUse]) {
      const floor = floorOf(target);
      if (floor === undefined) {
        push(
          row.name,
          `@forge/${target}`,
          `line ${row.line}: ${row.name} points at ${target}, which has no row`,
        );
      } else if (floor >= row.floor) {
        push(
          row.name,
          `@forge/${target}`,
          `line ${row.line}: ${row.name} (floor ${row.floor}) points at ${target} on floor ${floor}: arrows go down`,
        );
      }
    }
  }

  for (const pkg of input.packages) {
    const row = rowOf.get(shortName(pkg.name));
    if (row === undefined) {
      push(pkg.name, undefined, `${pkg.folder}: ${pkg.name} has no row in the arrows table`);
      continue;
    }
    const allowed = (name: string, testOnly: boolean): boolean => {
      const target = shortName(name);
      if (target === shortName(pkg.name)) return true;
      if (row.everyLowerPackage) return (floorOf(name) ?? Number.POSITIVE_INFINITY) < row.floor;
      return row.mayDependOn.includes(target) || (testOnly && row.testsMayUse.includes(target));
    };
    for (const name of pkg.runtimeDependencies) {
      if (!allowed(name, false)) {
        push(
          pkg.name,
          name,
          `${pkg.folder}/package.json: ${pkg.name} depends on ${name}, not in its row`,
        );
      }
    }
    for (const name of pkg.developmentDependencies) {
      if (!allowed(name, true)) {
        push(
          pkg.name,
          name,
          `${pkg.folder}/package.json: ${pkg.name} has ${name} as a dev dependency, not in its row`,
        );
      }
    }
    for (const found of input.importsByPackage.get(pkg.name) ?? []) {
      if (!allowed(found.name, found.testOnly)) {
        const where = found.testOnly ? 'test-only code' : 'code';
        push(
          pkg.name,
          found.name,
          `${found.file}:${found.line}: ${where} of ${pkg.name} imports ${found.name}`,
        );
      }
    }
  }
  return problems;
}
