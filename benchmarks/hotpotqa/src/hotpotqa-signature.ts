import { defineSignature } from '@forge/program';

/**
 * The HotPotQA task signature: a question in, a short answer and its supporting facts out. The
 * metric reads only `answer`; `supporting_facts` ("Title | sentence" strings) carries the
 * evidence the paper's generator also produced, so a synthetic instance can be checked by the
 * verifier against search_full_wiki and the feedback can name the evidence a hop missed.
 */
export const hotpotSignature = defineSignature({
  name: 'HotPotQA',
  inputFields: [
    {
      name: 'question',
      type: 'str',
      description: 'A multi-hop question answerable from two or more Wikipedia 2017 abstracts.',
    },
  ],
  outputFields: [
    {
      name: 'answer',
      type: 'str',
      description:
        'The short answer (an entity name, date, number, or yes/no), compared by normalised exact match.',
    },
    {
      name: 'supporting_facts',
      type: 'list[str]',
      description:
        'The sentences that establish the answer, each as "Wikipedia title | sentence", the title exactly as search_full_wiki returns it.',
    },
  ],
});
