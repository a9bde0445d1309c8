import { type RenderedInstance, readRenderedInstance } from './read-rendered-fields.js';
import { findHeading, readSections, withoutTrailer } from './read-sections.js';

/** The closing instruction of the assigner's user message (Figure 5). */
export const assignmentPromptTrailer =
  'Decide whether this failure should be assigned to an existing cluster, should create a new cluster, or should rename an existing cluster before assignment. Return the assignment XML block only.';

/** One failure cluster of the assigner's catalogue, in the contract's JSON form. */
export interface PromptFailureCluster {
  /** The cluster's name. */
  readonly cluster_name: string;
  /** Its description. */
  readonly failure_description: string;
}

/** Forge's assigner request (Figure 5), read back into its parts. */
export interface AssignmentPrompt {
  /** The catalogue's clusters in creation order; entries without both strings are left out. */
  readonly clusters: readonly PromptFailureCluster[];
  /** The failed instance (`## Instance`), fields as text. */
  readonly instance: RenderedInstance;
  /**
   * The observation's `## Feedback` (its last section, read from the last such heading), without
   * the closing instruction; undefined when it has none.
   */
  readonly feedback: string | undefined;
  /** The whole observation (`renderObservation`), without the closing instruction. */
  readonly observation: string;
}

/** True when a user message is Forge's assigner request. */
export function isAssignmentPrompt(user: string): boolean {
  return (
    user.startsWith('# Existing Failure Clusters\n') && user.includes('\n# Failure Observation\n')
  );
}

/** Reads Forge's assigner request. A catalogue that is not a JSON array reads as empty. */
export function readAssignmentPrompt(user: string): AssignmentPrompt {
  const message = withoutTrailer(user, assignmentPromptTrailer);
  const catalogue = readSections(message, [
    '# Existing Failure Clusters',
    '# Failure Observation',
  ]).get('# Existing Failure Clusters');
  const observation = message
    .slice(findHeading(message, '# Failure Observation')?.contentStart ?? 0)
    .trim();
  const parts = readSections(observation, ['## Instance', '## Score', '## Trace']);
  return {
    clusters: parseClusters(catalogue),
    instance: readRenderedInstance(parts.get('## Instance') ?? ''),
    feedback: lastFeedback(observation),
    observation,
  };
}

/**
 * The observation's feedback: the last section, so it is read from the last `## Feedback`
 * heading — a model's answer in the trace may hold one of its own.
 */
function lastFeedback(observation: string): string | undefined {
  let last: number | undefined;
  const trace = findHeading(observation, '## Trace');
  for (
    let at = findHeading(observation, '## Feedback', trace?.contentStart);
    at !== undefined;
    at = findHeading(observation, '## Feedback', at.contentStart)
  ) {
    last = at.contentStart;
  }
  return last === undefined ? undefined : observation.slice(last).trim();
}

function parseClusters(json: string | undefined): PromptFailureCluster[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is PromptFailureCluster =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as PromptFailureCluster).cluster_name === 'string' &&
        typeof (entry as PromptFailureCluster).failure_description === 'string',
    );
  } catch {
    return [];
  }
}
