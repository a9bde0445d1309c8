import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import { chargeCatalogue } from './charge-catalogue.js';

/** Lists every charge name of the catalogue. */
export const listChargesTool = defineTool({
  name: 'list_charges',
  description:
    'List the official charge catalogue: every PRC Criminal Law charge name (without the suffix 罪) that a crime-prediction example may use as a gold charge.',
  inputSchema: z.object({}),
  execute: () => ({ count: chargeCatalogue.length, charges: chargeCatalogue }),
});

/** Checks a charge name or finds catalogue names related to a query. */
export const searchChargesTool = defineTool({
  name: 'search_charges',
  description:
    'Check whether a charge name is in the official catalogue, or search it: returns the names that contain the query and the names contained in it (e.g. "诈骗" finds 合同诈骗, 信用卡诈骗, …; "盗窃罪" finds 盗窃).',
  inputSchema: z.object({
    query: z.string().min(1).describe('A charge name or part of one, in Chinese.'),
  }),
  execute: ({ query }) => searchCharges(query),
});

/** The result of a catalogue search. */
export interface ChargeSearch {
  /** True when the query is exactly a catalogue name. */
  readonly exact: boolean;
  /** Catalogue names containing the query or contained in it, in catalogue order. */
  readonly matches: readonly string[];
}

/** Searches the catalogue by substring in both directions. */
export function searchCharges(query: string): ChargeSearch {
  const wanted = query.trim();
  return {
    exact: chargeCatalogue.includes(wanted),
    matches: chargeCatalogue.filter((name) => name.includes(wanted) || wanted.includes(name)),
  };
}

/** The synthesis tools of LawBench: the charge catalogue. */
export const lawbenchSynthesisTools: readonly AgentTool[] = [
  listChargesTool as AgentTool,
  searchChargesTool as AgentTool,
];
