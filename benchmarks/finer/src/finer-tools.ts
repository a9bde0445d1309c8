import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import { type FinerLabel, finerLabels } from './finer-labels.js';

/** Lists the whole label vocabulary with descriptions. */
export const listFinerLabelsTool = defineTool({
  name: 'list_finer_labels',
  description:
    'List the FiNER-139 adapter label vocabulary: every XBRL tag an example may use as its label, with what each tag means.',
  inputSchema: z.object({}),
  execute: () => finerLabels,
});

/** Looks a tag up by name, or finds tags whose name or description mentions the query words. */
export const lookupFinerLabelTool = defineTool({
  name: 'lookup_finer_label',
  description:
    'Look up an XBRL tag by exact name (case-insensitive) to check that it is a valid label and read its meaning, or search the vocabulary by words such as "interest rate" or "credit facility".',
  inputSchema: z.object({
    query: z.string().min(1).describe('A tag name, or words describing the concept.'),
  }),
  execute: ({ query }) => lookupFinerLabel(query),
});

/** The result of a label lookup. */
export interface FinerLabelLookup {
  /** True when the query is exactly a label name (ignoring case). */
  readonly exact: boolean;
  /** Matching labels: the exact one, else those mentioning every query word. */
  readonly labels: readonly FinerLabel[];
}

/** Finds labels by exact name, else by words in names and descriptions. */
export function lookupFinerLabel(query: string): FinerLabelLookup {
  const wanted = query.trim().toLowerCase();
  const exact = finerLabels.find((label) => label.name.toLowerCase() === wanted);
  if (exact !== undefined) return { exact: true, labels: [exact] };
  const words = wanted.split(/\s+/).filter((word) => word !== '');
  const labels = finerLabels.filter((label) => {
    const haystack = `${label.name} ${label.description}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  return { exact: false, labels };
}

/** The synthesis tools of FiNER-139: the label catalogue. */
export const finerSynthesisTools: readonly AgentTool[] = [
  listFinerLabelsTool as AgentTool,
  lookupFinerLabelTool as AgentTool,
];
