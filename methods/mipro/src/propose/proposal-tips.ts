/**
 * Prompting tips, one per kind the reference's grounded proposer draws from (`none`, `creative`,
 * `simple`, `description`, `high_stakes`, `persona`), in this project's words. A tip-aware
 * proposal draws one at random; `none` is shown as no tip.
 */
export const proposalTips = {
  none: '',
  creative: 'Feel free to be inventive in how the instruction is written.',
  simple: 'Keep the instruction short and plain.',
  description: 'Make the instruction detailed and explicit about everything that is expected.',
  high_stakes: 'Frame the task as one where a mistake would be costly.',
  persona: 'Open the instruction with a persona that fits the task ("You are …").',
} as const;

/** A tip's key. */
export type ProposalTip = keyof typeof proposalTips;

/** The tips in a fixed order, for seeded draws. */
export const proposalTipKeys = Object.keys(proposalTips) as ProposalTip[];
