import { defineSignature, type Signature } from '@forge/program';
import { finerLabelNames } from './finer-labels.js';

/** FiNER-139: a numeric entity and its sentence in, the XBRL tag out. */
export const finerSignature: Signature = defineSignature({
  name: 'FinerSignature',
  inputFields: [
    {
      name: 'entity',
      type: 'str',
      description:
        'The numeric token to tag, exactly as it appears in the sentence (e.g. "9.250", "500", "No").',
    },
    {
      name: 'sentence',
      type: 'str',
      description:
        'A sentence from an SEC 10-K/10-Q filing, tokenised with spaces around punctuation as in FiNER-139, containing the entity.',
    },
  ],
  outputFields: [
    {
      name: 'label',
      type: 'str',
      description: `The US GAAP XBRL tag of the entity, one of: ${finerLabelNames.join(', ')}.`,
    },
  ],
});
