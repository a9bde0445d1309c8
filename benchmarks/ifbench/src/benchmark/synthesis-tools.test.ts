import { describe, expect, it } from 'vitest';
import {
  checkResponseTool,
  describeConstraintsTool,
  listInstructionsTool,
} from './synthesis-tools.js';

describe('synthesis tools', () => {
  it('list_instructions gives ids, what they check and their kwargs, filtered by prefix', async () => {
    const all = (await listInstructionsTool.execute({}, {})) as Array<{ id: string }>;
    expect(all).toHaveLength(83);
    const repeat = (await listInstructionsTool.execute({ prefix: 'repeat:' }, {})) as Array<{
      id: string;
      kwargs: Array<{ name: string }>;
    }>;
    expect(repeat.map((entry) => entry.id)).toEqual([
      'repeat:repeat_change',
      'repeat:repeat_simple',
      'repeat:repeat_span',
    ]);
    expect(repeat[2]?.kwargs.map((kwarg) => kwarg.name)).toEqual([
      'prompt_to_repeat',
      'n_start',
      'n_end',
    ]);
  });

  it('describe_constraints renders each constraint or reports why it cannot be built', async () => {
    const result = await describeConstraintsTool.execute(
      { instruction_id_list: ['count:numbers', 'count:numbers'], kwargs: '[{"N": 3}, {}]' },
      {},
    );
    expect(result).toEqual([
      { id: 'count:numbers', instruction: 'Include exactly 3 numbers in the response.' },
      {
        id: 'count:numbers',
        error: 'count:numbers, kwarg "N": is missing (the reference would draw a random value)',
      },
    ]);
  });

  it('check_response reports loose and strict verdicts with reasons and the score', async () => {
    const result = await checkResponseTool.execute(
      {
        response: 'Sure:\nyes',
        instruction_id_list: ['format:options', 'count:numbers'],
        kwargs: [{ options: 'yes/no/maybe' }, { N: 1 }],
      },
      {},
    );
    expect(result).toEqual({
      score: 0.5,
      constraints: [
        {
          id: 'format:options',
          instruction:
            'Answer with one of the following options: yes/no/maybe. Do not give any explanation.',
          followed_loose: true,
          followed_strict: false,
          reason: 'the response is not one of the options',
        },
        {
          id: 'count:numbers',
          instruction: 'Include exactly 1 numbers in the response.',
          followed_loose: false,
          followed_strict: false,
          reason: 'it contains 0 numbers',
        },
      ],
    });
  });
});
