import { defineSignature } from '@forge/program';

/**
 * The HoVer task signature: a claim in, the titles of the Wikipedia articles needed to verify it
 * out. The metric needs only the titles; the claim's SUPPORTED/NOT_SUPPORTED label is neither
 * predicted nor scored (the reference metric ignores it), so it is kept in instance metadata
 * rather than asked of the generator.
 */
export const hoverSignature = defineSignature({
  name: 'HoVer',
  inputFields: [
    {
      name: 'claim',
      type: 'str',
      description:
        'A factual claim whose verification needs two to four Wikipedia 2017 articles (it may be true or false).',
    },
  ],
  outputFields: [
    {
      name: 'supporting_titles',
      type: 'list[str]',
      description:
        'The titles of every Wikipedia article needed to verify the claim, exactly as search_full_wiki returns them (the text before " | ").',
    },
  ],
});
