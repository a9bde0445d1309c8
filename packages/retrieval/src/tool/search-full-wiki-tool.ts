import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import type { Retriever } from '../retriever.js';

/** Options of `createSearchFullWikiTool`. */
export interface SearchFullWikiToolOptions {
  /** Passages returned when the model gives no `k`. Default 7 (the programs' top-7). */
  readonly defaultK?: number;
  /** Largest `k` the model may ask for. Default 50. */
  readonly maxK?: number;
}

/** Input of `search_full_wiki`. */
export interface SearchFullWikiInput {
  /** What to search for. */
  readonly query: string;
  /** How many passages to return. */
  readonly k?: number | undefined;
}

/**
 * The `search_full_wiki` tool the synthesis generator and verifier use on HotPotQA and HoVer:
 * searches the same Wikipedia-abstracts index as the task program and returns numbered
 * `"Title | text"` passages, best first.
 */
export function createSearchFullWikiTool(
  retriever: Retriever,
  options: SearchFullWikiToolOptions = {},
): AgentTool<SearchFullWikiInput> {
  const defaultK = options.defaultK ?? 7;
  const maxK = options.maxK ?? 50;
  return defineTool({
    name: 'search_full_wiki',
    description:
      'Searches the full Wikipedia 2017 abstracts collection (the index the task program uses). ' +
      'Returns up to k passages, best first, each formatted "Title | abstract text". Use it to ' +
      'find evidence, check facts and look up exact article titles.',
    inputSchema: z.object({
      query: z
        .string()
        .trim()
        .min(1)
        .describe('What to search for, in natural language or keywords.'),
      k: z
        .number()
        .int()
        .min(1)
        .max(maxK)
        .optional()
        .describe(`How many passages to return (default ${defaultK}, at most ${maxK}).`),
    }),
    async execute({ query, k }, context) {
      const passages = await retriever.search(query, k ?? defaultK, {
        abortSignal: context.abortSignal,
      });
      if (passages.length === 0) return `No passages matched ${JSON.stringify(query)}.`;
      return passages.map((passage, index) => `[${index + 1}] ${passage}`).join('\n');
    },
  });
}
