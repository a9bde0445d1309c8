/** The behaviours a system prompt switches on in the simulated task model. */
export interface PromptRules {
  /** Read numeric (non-ISO) dates day-first. */
  readonly numericDayFirst: boolean;
  /** Read slash dates month-first, whatever else the prompt says. */
  readonly slashMonthFirst: boolean;
  /** Treat abbreviations such as `Sept` as month names. */
  readonly abbreviatedMonths: boolean;
  /** Skip labelled numbers, counts and clock times. */
  readonly ignoreDistractors: boolean;
  /** Expand two-digit years to 20xx. */
  readonly twoDigit2000s: boolean;
  /** Two-digit years from this value up are 19xx, if the prompt states a pivot. */
  readonly pivot: number | undefined;
  /** The prompt names the output tags of the interpret module (`<day>`). */
  readonly namesPartTags: boolean;
  /** The prompt names the output tag of the format module (`<date>`). */
  readonly namesDateTag: boolean;
}

/**
 * Reads the rules a system prompt states. The simulated task model knows how to apply each
 * rule but applies it only when the prompt says so in its canonical words; case, punctuation
 * and spacing do not matter. The pivot is taken from the prompt's own sentence, so a prompt
 * stating a different pivot gets that pivot.
 */
export function readPromptRules(systemPrompt: string): PromptRules {
  const words = systemPrompt.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
  const pivot = /two digit years from (\d{1,2}) to 99 belong to the 1900s/.exec(words)?.[1];
  return {
    numericDayFirst: words.includes('numeric dates are written day first'),
    slashMonthFirst: /slash dates (?:mm dd yyyy )?are written month first/.test(words),
    abbreviatedMonths: words.includes(
      'abbreviated month names such as sept and dec name the month',
    ),
    ignoreDistractors: words.includes('ignore numbers that are not part of the date'),
    twoDigit2000s: words.includes('two digit years belong to the 2000s'),
    pivot: pivot === undefined ? undefined : Number.parseInt(pivot, 10),
    namesPartTags: systemPrompt.includes('<day>'),
    namesDateTag: systemPrompt.includes('<date>'),
  };
}
