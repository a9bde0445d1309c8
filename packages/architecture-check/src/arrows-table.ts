/** One row of the arrows table in `docs/architecture.md`. */
export interface ArrowsRow {
  /** The package's full name, e.g. `@forge/sdk`. */
  readonly name: string;
  /** Its floor: 0 is the ground; a package may only point at lower floors. */
  readonly floor: number;
  /** Short names (`provider`, `bench-aime`) of the packages it may depend on and import. */
  readonly mayDependOn: readonly string[];
  /** Short names its tests, fixtures, scripts and benches may use besides. */
  readonly testsMayUse: readonly string[];
  /** `every package below`: it may use any package on a lower floor (the examples). */
  readonly everyLowerPackage: boolean;
  /** The table's line in the file, for messages. */
  readonly line: number;
}

/** A problem in the table itself, with the line it is on. */
export class ArrowsTableError extends Error {
  override readonly name = 'ArrowsTableError';
}

const start = '<!-- arrows:start -->';
const end = '<!-- arrows:end -->';

/** `@forge/bench-aime` → `bench-aime`. */
export function shortName(name: string): string {
  return name.replace(/^@forge\//, '');
}

// A cell lists short names separated by commas; a phrase ending in a colon ("optional peers:",
// "installed for the sdk:") only explains the names after it, and a dash means none.
function namesIn(cell: string): string[] {
  return cell
    .split(/[,;]/)
    .map((part) => part.replace(/^[^:]*:/, '').trim())
    .filter((part) => part !== '' && part !== '—' && part !== '-');
}

/** Reads the rows between the `arrows:start` and `arrows:end` markers of `text`. */
export function readArrowsTable(text: string, file = 'docs/architecture.md'): ArrowsRow[] {
  const lines = text.split('\n');
  const first = lines.indexOf(start);
  const last = lines.indexOf(end);
  if (first < 0 || last < first) {
    throw new ArrowsTableError(`${file}: no arrows table between ${start} and ${end}`);
  }
  const rows: ArrowsRow[] = [];
  for (let index = first + 1; index < last; index += 1) {
    const line = lines[index]!.trim();
    if (!line.startsWith('|') || /^\|\s*-/.test(line) || /^\|\s*package\s*\|/.test(line)) continue;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
    const [nameCell = '', floorCell = '', dependCell = '', testsCell = ''] = cells;
    const name = nameCell.replace(/`/g, '');
    const floor = Number(floorCell);
    if (cells.length !== 4 || !name.startsWith('@forge/') || !Number.isInteger(floor)) {
      throw new ArrowsTableError(
        `${file}:${index + 1}: a row needs four cells: \`@forge/name\` | floor | may depend on | tests may also use`,
      );
    }
    const everyLowerPackage = dependCell === 'every package below';
    rows.push({
      name,
      floor,
      mayDependOn: everyLowerPackage ? [] : namesIn(dependCell),
      testsMayUse: namesIn(testsCell),
      everyLowerPackage,
      line: index + 1,
    });
  }
  return rows;
}
