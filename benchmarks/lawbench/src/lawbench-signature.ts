import { defineSignature, type Signature } from '@forge/program';

/** LawBench crime prediction: a case's facts in, the charges out. */
export const lawbenchSignature: Signature = defineSignature({
  name: 'LawbenchChargeSignature',
  inputFields: [
    {
      name: 'fact',
      type: 'str',
      description:
        'The facts of a Chinese criminal case as a procuratorate or court describes them, in Chinese, usually starting with "事实:".',
    },
  ],
  outputFields: [
    {
      name: 'charges',
      type: 'list[str]',
      description:
        'Every charge the defendant(s) should be convicted of, each an official PRC Criminal Law charge name from the charge catalogue, without the suffix 罪 (e.g. ["盗窃", "诈骗"]).',
    },
  ],
});
