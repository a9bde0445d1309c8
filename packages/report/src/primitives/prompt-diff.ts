import { diffWordsWithSpace } from 'diff';
import { escapeHtml } from './escape-html.js';

/** What a prompt diff changed, in tokens (words, punctuation and runs of spaces). */
export interface PromptDiffCounts {
  /** Tokens only the new prompt has. */
  readonly added: number;
  /** Tokens only the old prompt has. */
  readonly removed: number;
}

/** A rendered diff and its counts. */
export interface PromptDiff {
  /** `<pre class="prompt-diff">` with `<ins>` and `<del>` marks; every text escaped. */
  readonly markup: string;
  /** What changed. */
  readonly counts: PromptDiffCounts;
}

// Past this many edits the diff would cost more than it tells; both texts are shown whole.
// A bound on edits, not on time, keeps the report the same on every machine.
const maxEditLength = 5000;

/** A word-level diff of two prompts, inline: removed text struck through, added text marked. */
export function renderPromptDiff(before: string, after: string): PromptDiff {
  const changes = diffWordsWithSpace(before, after, { maxEditLength }) ?? [
    { value: before, removed: true, added: false, count: 1 },
    { value: after, added: true, removed: false, count: 1 },
  ];
  let added = 0;
  let removed = 0;
  const parts = changes.map((change) => {
    const text = escapeHtml(change.value);
    if (change.added) {
      added += change.count ?? 1;
      return `<ins>${text}</ins>`;
    }
    if (change.removed) {
      removed += change.count ?? 1;
      return `<del>${text}</del>`;
    }
    return text;
  });
  return {
    markup: `<pre class="prompt-text prompt-diff">${parts.join('')}</pre>`,
    counts: { added, removed },
  };
}
