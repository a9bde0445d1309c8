/** Synthesis outcomes in the order the accounting bar stacks them: success first, then by stage. */
export const outcomeOrder: readonly string[] = [
  'admitted',
  'generation-failed',
  'verification-failed',
  'rejected-validity',
  'rejected-faithfulness',
  'rejected-both',
  'duplicate',
  'leaked',
];

const outcomeColors: Readonly<Record<string, string>> = {
  admitted: '#3f9b63',
  'generation-failed': '#a3a8b0',
  'verification-failed': '#e3a33b',
  'rejected-validity': '#d65c4f',
  'rejected-faithfulness': '#c0559a',
  'rejected-both': '#7d4a9e',
  duplicate: '#6f93c4',
  leaked: '#3b3f46',
};

// Eight hues distinguishable from each other and on white; repeats beyond that are told
// apart by their hover titles and the table below each chart.
const categoricalColors: readonly string[] = [
  '#3569a8',
  '#e07b39',
  '#4a9d5b',
  '#c8454f',
  '#8a63b8',
  '#9c6b4a',
  '#d36fae',
  '#6f7782',
  '#b3a534',
  '#3fa7b5',
];

/** The colour of the `index`-th series of a categorical chart. */
export function categoricalColor(index: number): string {
  const count = categoricalColors.length;
  return categoricalColors[((index % count) + count) % count] ?? '#6f7782';
}

/** The colour of a synthesis outcome; unknown outcomes take a categorical colour by position. */
export function outcomeColor(outcome: string, position: number): string {
  return outcomeColors[outcome] ?? categoricalColor(position);
}

/** `rejected-faithfulness` → `Rejected (faithfulness)`; unknown outcomes keep their name. */
export function outcomeLabel(outcome: string): string {
  const labels: Readonly<Record<string, string>> = {
    admitted: 'Admitted',
    'generation-failed': 'Generation failed',
    'verification-failed': 'Verification failed',
    'rejected-validity': 'Rejected (validity)',
    'rejected-faithfulness': 'Rejected (faithfulness)',
    'rejected-both': 'Rejected (both)',
    duplicate: 'Duplicate',
    leaked: 'Leaked (matches held-out data)',
  };
  return labels[outcome] ?? outcome;
}
