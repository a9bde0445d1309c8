import { defineSignature, type Signature } from '@forge/program';

/**
 * The IFBench task: the program reads `prompt`; the gold fields are the constraints the
 * checkers score the response against. `kwargs` is a JSON array (one object per instruction
 * id) held in a string, because the kwargs of different instructions mix numbers, strings and
 * string lists, which the signature types cannot express as one `dict[K,V]`.
 */
export const IFBENCH_SIGNATURE: Signature = defineSignature({
  name: 'IFBenchSignature',
  inputFields: [
    {
      name: 'prompt',
      type: 'str',
      description:
        'The user request, ending with the verbalised constraints the response must satisfy.',
    },
  ],
  outputFields: [
    {
      name: 'instruction_id_list',
      type: 'list[str]',
      description:
        'The constraint ids the response is checked against, e.g. ["count:numbers"]; see the list_instructions tool.',
    },
    {
      name: 'kwargs',
      type: 'str',
      description:
        'A JSON array with one object of checker arguments per instruction id, in the same order, e.g. [{"N": 3}]; {} for an id without arguments.',
    },
  ],
});
