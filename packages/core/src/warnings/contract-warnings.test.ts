import { describe, expect, it } from 'vitest';
import {
  addToTally,
  type ContractTally,
  contractExample,
  contractWarning,
} from './contract-warnings.js';

function tally(answers: readonly boolean[]): ContractTally | undefined {
  let current: ContractTally | undefined;
  answers.forEach((broken, index) => {
    current = addToTally(current, { broken, text: `answer ${index}`, reason: 'missing-block' });
  });
  return current;
}

describe('contractWarning', () => {
  it('stays silent below five answers, even when every one broke the contract', () => {
    const four = tally([true, true, true, true]);
    expect(four).toMatchObject({ calls: 4, noOps: 4 });
    expect(contractWarning('assign', four as ContractTally)).toBeUndefined();
  });

  it('warns at half the answers broken, not below', () => {
    expect(
      contractWarning('reflect', tally([true, false, true, false, false, false]) as ContractTally),
    ).toBeUndefined();
    const warning = contractWarning(
      'reflect',
      tally([false, true, true, false, true, false]) as ContractTally,
    );
    expect(warning).toMatchObject({
      type: 'warning',
      code: 'contract-violations',
      role: 'reflect',
      calls: 6,
      noOps: 3,
      rate: 0.5,
      example: 'answer 1',
      exampleReason: 'missing-block',
    });
    expect(warning?.contract).toContain('<system_prompt>');
    expect(warning?.message).toContain('3 of 6 reflect answers did not follow the contract');
    expect(warning?.message).toContain('"answer 1"');
  });

  it('keeps the first bad answer as the example, on one line and cut to 240 characters', () => {
    let current = addToTally(undefined, { broken: false, text: 'fine' });
    current = addToTally(current, { broken: true, text: `I think\n\n  ${'x'.repeat(400)}` });
    current = addToTally(current, { broken: true, text: 'second bad answer' });
    expect(current.example?.startsWith('I think xxx')).toBe(true);
    expect(current.example).toHaveLength(240);
    expect(current.example?.endsWith('…')).toBe(true);
    expect(contractExample('  a\n b  ')).toBe('a b');
  });

  it('names an empty answer as such', () => {
    let current: ContractTally | undefined;
    for (let index = 0; index < 5; index++)
      current = addToTally(current, { broken: true, text: '' });
    expect(contractWarning('verify', current as ContractTally)?.message).toContain(
      '(an empty answer)',
    );
  });
});
