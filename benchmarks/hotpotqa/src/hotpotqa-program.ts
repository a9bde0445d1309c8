import type { Execution, Instance, Program, ProgramContext, Prompts } from '@forge/program';
import {
  callModule,
  passageTitle,
  type Retriever,
  renderPassages,
  searchHop,
  totalUsage,
} from '@forge/retrieval';

/** Passages retrieved per hop (the GEPA artifact's `k = 7`). */
export const hotpotPassagesPerHop = 7;

/** Module names, in execution order (the order round-robin reflection follows). */
export const hotpotModules = {
  summarize1: 'summarize1',
  createQueryHop2: 'create_query_hop2',
  summarize2: 'summarize2',
  finalAnswer: 'final_answer',
} as const;

const seedPrompts = {
  summarize1:
    'You read Wikipedia passages retrieved for a multi-hop question. Write a concise summary of ' +
    'the facts in the passages that bear on the question. Keep exact names, titles, dates and ' +
    'numbers, and name the entity the question hinges on that the passages do not yet cover, so ' +
    'that a follow-up search can find it.',
  createQueryHop2:
    'You write the second search query of a two-hop question answering system. Given the ' +
    'question and a summary of what the first search found, write one short search query that ' +
    'retrieves the Wikipedia article still needed to answer the question, usually about the ' +
    'bridge entity named in the summary.',
  summarize2:
    'You combine evidence for a multi-hop question. Given the question, the summary of the first ' +
    'search (context) and newly retrieved passages, write an updated summary that joins the ' +
    'relevant facts from both, keeping exact names, dates and numbers.',
  finalAnswer:
    'Answer a multi-hop question from two evidence summaries. Give only the short answer: an ' +
    'entity name, a date, a number, or yes/no, written the way the evidence writes it, with no ' +
    'explanation.',
} as const;

/**
 * The HotPotQA program (the GEPA artifact's `HotpotMultiHop`): search the question (top 7),
 * summarise; write a second query, search it (top 7), summarise again with the first summary
 * as context; answer from both summaries. Four chain-of-thought modules; retrieval results are
 * recorded as notes on the module that reads them, and their titles in its trace output.
 */
export function createHotpotProgram(retriever: Retriever): Program {
  return {
    name: 'HotpotMultiHop',
    modules: [
      {
        name: hotpotModules.summarize1,
        seedPrompt: seedPrompts.summarize1,
        description: 'Summarises the passages retrieved for the question.',
      },
      {
        name: hotpotModules.createQueryHop2,
        seedPrompt: seedPrompts.createQueryHop2,
        description: 'Writes the second-hop search query from the question and first summary.',
      },
      {
        name: hotpotModules.summarize2,
        seedPrompt: seedPrompts.summarize2,
        description: 'Summarises the second-hop passages together with the first summary.',
      },
      {
        name: hotpotModules.finalAnswer,
        seedPrompt: seedPrompts.finalAnswer,
        description: 'Answers the question from the two summaries.',
      },
    ],
    async run(instance: Instance, prompts: Prompts, context: ProgramContext): Promise<Execution> {
      const question = String(instance.input['question'] ?? '');
      const k = hotpotPassagesPerHop;

      const hop1 = await searchHop(retriever, 1, question, k, context.abortSignal);
      const summary1 = await callModule(
        {
          module: hotpotModules.summarize1,
          fields: [
            ['question', question],
            ['passages', renderPassages(hop1.passages)],
          ],
          outputField: 'summary',
          notes: [hop1.note],
          record: { query: hop1.query, retrieved_titles: hop1.passages.map(passageTitle) },
        },
        prompts,
        context,
      );

      const query = await callModule(
        {
          module: hotpotModules.createQueryHop2,
          fields: [
            ['question', question],
            ['summary_1', summary1.value],
          ],
          outputField: 'query',
        },
        prompts,
        context,
      );

      const hop2 = await searchHop(retriever, 2, query.value, k, context.abortSignal);
      const summary2 = await callModule(
        {
          module: hotpotModules.summarize2,
          fields: [
            ['question', question],
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

      const answer = await callModule(
        {
          module: hotpotModules.finalAnswer,
          fields: [
            ['question', question],
            ['summary_1', summary1.value],
            ['summary_2', summary2.value],
          ],
          outputField: 'answer',
        },
        prompts,
        context,
      );

      return {
        output: { answer: answer.value },
        trace: [summary1.entry, query.entry, summary2.entry, answer.entry],
        usage: totalUsage([summary1.usage, query.usage, summary2.usage, answer.usage]),
      };
    },
  };
}
