/** Which module of the program a rule belongs to. */
export type SimModuleName = 'interpret' | 'format';

/** Identifier of one hidden rule of the simulated world. */
export type SimRuleId =
  | 'numeric-day-first'
  | 'abbreviated-months'
  | 'two-digit-2000s'
  | 'slash-month-first'
  | 'two-digit-pivot'
  | 'ignore-distractors';

/** One hidden rule of the simulated date world, as documented for people. */
export interface SimRule {
  /** Stable identifier. */
  readonly id: SimRuleId;
  /** The module whose prompt must state the rule. */
  readonly module: SimModuleName;
  /**
   * The canonical phrase: the simulated task model applies the rule only when the module's
   * system prompt contains this sentence (case, punctuation and spacing are ignored).
   */
  readonly phrase: string;
  /**
   * `train`: training instances expose it, so prompt search alone finds it.
   * `validation-only`: only validation/test instances (and synthetic boundary, negative or
   * stress mutations of training failures) expose it.
   */
  readonly exposedBy: 'train' | 'validation-only';
  /** Which mutation intent of a training failure reaches the rule, for validation-only rules. */
  readonly reachedBy?: 'negative' | 'boundary' | 'stress';
  /** The rule in plain words. */
  readonly description: string;
}

/** Two-digit years below this belong to the 2000s, from it upwards to the 1900s. */
export const twoDigitYearPivot = 50;

/**
 * The hidden rule table. The simulated task model never reads it (it recognises phrases in its
 * system prompt); the world's reference reader, evaluator and optimizer roles do.
 */
export const simRules: readonly SimRule[] = [
  {
    id: 'numeric-day-first',
    module: 'interpret',
    phrase: 'Numeric dates are written day-first.',
    exposedBy: 'train',
    description:
      'Dotted dates (03.04.2021) are day-first. Training shows only dotted numeric dates, so the ' +
      'rule a reflector writes from them covers every numeric date, slashes included.',
  },
  {
    id: 'abbreviated-months',
    module: 'interpret',
    phrase: 'Abbreviated month names such as Sept and Dec name the month.',
    exposedBy: 'train',
    description:
      'Abbreviations (Jan, Feb, Mar, Apr, Jun, Jul, Aug, Sept, Oct, Nov, Dec) name months.',
  },
  {
    id: 'two-digit-2000s',
    module: 'format',
    phrase: 'Two-digit years belong to the 2000s.',
    exposedBy: 'train',
    description:
      "Two-digit years ('21, 04.03.21) below the pivot mean 20xx; the naive reading is 19xx.",
  },
  {
    id: 'slash-month-first',
    module: 'interpret',
    phrase: 'Slash dates (MM/DD/YYYY) are written month-first.',
    exposedBy: 'validation-only',
    reachedBy: 'negative',
    description:
      'Slash dates (04/03/2021) are month-first: the exception to the day-first rule, where it must ' +
      'not fire. Also reached by a boundary mutation (same digits, other separator).',
  },
  {
    id: 'two-digit-pivot',
    module: 'format',
    phrase: `Two-digit years from ${twoDigitYearPivot} to 99 belong to the 1900s.`,
    exposedBy: 'validation-only',
    reachedBy: 'boundary',
    description: `Two-digit years from ${twoDigitYearPivot} to 99 mean 19xx: the far side of the pivot.`,
  },
  {
    id: 'ignore-distractors',
    module: 'interpret',
    phrase: 'Ignore numbers that are not part of the date, such as ticket numbers and times.',
    exposedBy: 'validation-only',
    reachedBy: 'stress',
    description:
      'Ticket numbers, order numbers, rooms, gates, clock times and counts written before the ' +
      'date are not date parts.',
  },
];

/** The rule with the given id. */
export function simRule(id: SimRuleId): SimRule {
  const rule = simRules.find((candidate) => candidate.id === id);
  if (rule === undefined) throw new RangeError(`unknown sim rule ${id}`);
  return rule;
}

/** The phrases of the given rules, in table order. */
export function rulePhrases(filter: (rule: SimRule) => boolean): Record<SimModuleName, string[]> {
  const phrases: Record<SimModuleName, string[]> = { interpret: [], format: [] };
  for (const rule of simRules) if (filter(rule)) phrases[rule.module].push(rule.phrase);
  return phrases;
}
