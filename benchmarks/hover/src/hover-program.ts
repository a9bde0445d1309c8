import type { Execution, Instance, Program, ProgramContext, Prompts } from '@forge/program';
import {
  callModule,
  passageTitle,
  type Retriever,
  renderPassages,
  searchHop,
  totalUsage,
} from '@forge/retrieval';

/** Passages retrieved per hop: three top-7 retrievals (SPEC §11; LangProBe's hop-3 k). */
export const hoverPassagesPerHop = 7;

/** Module names, in execution order (the order round-robin reflection follows). */
export const hoverModules = {
  summarize1: 'summarize1',
  createQueryHop2: 'create_query_hop2',
  summarize2: 'summarize2',
  createQueryHop3: 'create_query_hop3',
} as const;

const seedPrompts = {
  summarize1:
    'You read Wikipedia passages retrieved for a claim that needs several articles to verify. ' +
    'Summarise what the passages say about the entities in the claim, keeping exact article ' +
    'titles and names, and point out which entities or links in the claim the passages do not ' +
    'cover yet.',
  createQueryHop2:
    'You write the second search query of a three-hop evidence retrieval system. Given the claim ' +
    'and a summary of the first search, write one short query that finds a Wikipedia article the ' +
    'claim depends on and the first search missed.',
  summarize2:
    'You combine evidence for a claim. Given the claim, the summary of the first search (context) ' +
    'and newly retrieved passages, write an updated summary of the relevant facts, keeping exact ' +
    'titles and names, and say which parts of the claim still lack an article.',
  createQueryHop3:
    'You write the third and last search query of an evidence retrieval system. Given the claim ' +
    'and the two summaries, write one short query for the article the claim still needs that ' +
    'neither earlier search found.',
} as const;

/**
 * The HoVer program (LangProBe's `HoverMultiHop`): search the claim (top 7), summarise; write a
 * query, search (top 7), summarise with the first summary as context; write a third query and
 * search (top 7). The prediction is the union of the 21 retrieved passages, in order. Each
 * search is noted on the module that reads its passages (hop 3 on the query writer), with the
 * retrieved titles in that module's trace output.
 */
export function createHoverProgram(retriever: Retriever): Program {
  return {
    name: 'HoverMultiHop',
    modules: [
      {
        name: hoverModules.summarize1,
        seedPrompt: seedPrompts.summarize1,
        description: 'Summarises the passages retrieved for the claim.',
      },
      {
        name: hoverModules.createQueryHop2,
        seedPrompt: seedPrompts.createQueryHop2,
        description: 'Writes the second search query.',
      },
      {
        name: hoverModules.summarize2,
        seedPrompt: seedPrompts.summarize2,
        description: 'Summarises the second-hop passages with the first summary.',
      },
      {
        name: hoverModules.createQueryHop3,
        seedPrompt: seedPrompts.createQueryHop3,
        description: 'Writes the third search query.',
      },
    ],
    async run(instance: Instance, prompts: Prompts, context: ProgramContext): Promise<Execution> {
      const claim = String(instance.input['claim'] ?? '');
      const k = hoverPassagesPerHop;
      const signal = context.abortSignal;

      const hop1 = await searchHop(retriever, 1, claim, k, signal);
      const summary1 = await callModule(
        {
          module: hoverModules.summarize1,
          fields: [
            ['claim', claim],
            ['passages', renderPassages(hop1.passages)],
          ],
          outputField: 'summary',
          notes: [hop1.note],
          record: { query: hop1.query, retrieved_titles: hop1.passages.map(passageTitle) },
        },
        prompts,
        context,
      );
      const query2 = await callModule(
        {
          module: hoverModules.createQueryHop2,
          fields: [
            ['claim', claim],
            ['summary_1', summary1.value],
          ],
          outputField: 'query',
        },
        prompts,
        context,
      );
      const hop2 = await searchHop(retriever, 2, query2.value, k, signal);
      const summary2 = await callModule(
        {
          module: hoverModules.summarize2,
          fields: [
            ['claim', claim],
            ['context', summary1.value],
            ['passages', renderPassages(hop2.passages)],
          ],
          outputField: 'summary',
          notes: [hop2.note],
          record: { query: hop2.query, retrieved_titles: hop2.passages.map(passageTitle) },
        },
        prompts,
        context,
      );
      const query3 = await callModule(
        {
          module: hoverModules.createQueryHop3,
          fields: [
            ['claim', claim],
            ['summary_1', summary1.value],
            ['summary_2', summary2.value],
          ],
          outputField: 'query',
        },
        prompts,
        context,
      );
      const hop3 = await searchHop(retriever, 3, query3.value, k, signal);
      const queryEntry = {
        ...query3.entry,
        notes: [hop3.note],
        output: { ...query3.entry.output, retrieved_titles: hop3.passages.map(passageTitle) },
      };

      const passages = [...hop1.passages, ...hop2.passages, ...hop3.passages];
      return {
        output: {
          supporting_titles: [...new Set(passages.map(passageTitle))],
          retrieved_passages: passages,
        },
        trace: [summary1.entry, query2.entry, summary2.entry, queryEntry],
        usage: totalUsage([summary1.usage, query2.usage, summary2.usage, query3.usage]),
      };
    },
  };
}
