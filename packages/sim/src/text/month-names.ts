/** English month names by month number (1–12). */
export const fullMonthNames: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The abbreviation written for each month (1–12). May has none: its name is already three
 * letters, so the world never writes May "abbreviated".
 */
export const abbreviatedMonthNames: readonly (string | undefined)[] = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  undefined,
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

/** What a word names, when it names a month. */
export interface MonthWord {
  /** Month number, 1–12. */
  readonly month: number;
  /** True for an abbreviation (`Sept`), false for a full name (`September`). */
  readonly abbreviated: boolean;
}

const lookup = new Map<string, MonthWord>();
fullMonthNames.forEach((name, index) => {
  lookup.set(name.toLowerCase(), { month: index + 1, abbreviated: false });
});
abbreviatedMonthNames.forEach((name, index) => {
  if (name !== undefined) lookup.set(name.toLowerCase(), { month: index + 1, abbreviated: true });
});
// "Sep" is read like "Sept"; the world writes only "Sept".
lookup.set('sep', { month: 9, abbreviated: true });

/** The month a single word names (case-insensitive), if any. */
export function monthWord(word: string): MonthWord | undefined {
  return lookup.get(word.toLowerCase());
}

/** The name the world writes for a month in the given style. */
export function monthName(month: number, abbreviated: boolean): string {
  const name = abbreviated ? abbreviatedMonthNames[month - 1] : fullMonthNames[month - 1];
  if (name === undefined) {
    throw new RangeError(`month ${month} has no ${abbreviated ? 'abbreviated' : 'full'} name`);
  }
  return name;
}
