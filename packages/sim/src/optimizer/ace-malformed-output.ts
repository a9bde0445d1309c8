import type { Random } from '@forge/program';

// The ways the ACE roles break their contracts, so ACE's no-op paths run in ordinary demos.

/** A broken reflection: prose without JSON, truncated JSON, or a tag with an illegal value. */
export function malformedAceReflection(json: Record<string, unknown>, random: Random): string {
  const text = JSON.stringify(json);
  switch (random.int(3)) {
    case 0:
      return `The attempt went wrong somewhere in the date. ${String(json['key_insight'] ?? '')}`;
    case 1:
      return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    default: {
      const tags = Array.isArray(json['bullet_tags']) ? json['bullet_tags'] : [];
      return JSON.stringify({
        ...json,
        bullet_tags: [...tags, { id: 'stra-00001', tag: 'useful' }],
      });
    }
  }
}

/**
 * A broken curation: the whole playbook rewritten as prose, JSON without an operations list, or
 * an UPDATE of a bullet that does not exist next to the real operations.
 */
export function malformedCuration(
  answer: { readonly reasoning: string; readonly operations: readonly Record<string, unknown>[] },
  random: Random,
): string {
  switch (random.int(3)) {
    case 0:
      return 'Here is the improved playbook:\n\n## strategies_and_insights\n- Read every date carefully.';
    case 1:
      return JSON.stringify({
        reasoning: answer.reasoning,
        playbook: 'Read every date carefully.',
      });
    default:
      return JSON.stringify({
        reasoning: answer.reasoning,
        operations: [
          ...answer.operations,
          { type: 'UPDATE', bullet_id: 'ghost-99999', content: 'Read every date carefully.' },
        ],
      });
  }
}
