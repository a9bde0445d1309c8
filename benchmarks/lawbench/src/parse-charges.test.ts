import { describe, expect, it } from 'vitest';
import { parseCharges } from './parse-charges.js';

// [text, sorted(parse_charges(text))], printed by a CPython 3.11 re-implementation of
// Meta-Harness evaluators.py (extract_final_answer, the [罪名] block, the 罪名: fallback, <eoa>
// removal, the first separator present).
const vectors: readonly (readonly [string, readonly string[]])[] = [
  ['[罪名]盗窃<eoa>', ['盗窃']],
  ['分析……因此[罪名]盗窃;诈骗<eoa>', ['盗窃', '诈骗']],
  ['[罪名] 盗窃 ； 诈骗 <eoa>', ['盗窃', '诈骗']],
  ['[罪名]盗窃，诈骗<eoa>', ['盗窃', '诈骗']],
  ['[罪名]盗窃、诈骗<eoa>', ['盗窃', '诈骗']],
  ['[罪名]走私普通货物、物品<eoa>', ['物品', '走私普通货物']],
  ['[罪名]走私普通货物、物品;盗窃<eoa>', ['盗窃', '走私普通货物、物品']],
  ['[罪名]走私普通货物、物品、盗窃<eoa>', ['物品', '盗窃', '走私普通货物']],
  ['[罪名]盗窃;诈骗,抢劫<eoa>', ['盗窃', '诈骗,抢劫']],
  ['[罪名]盗窃', ['盗窃']],
  ['[罪名]盗窃\n以上是我的判断', ['[罪名]盗窃\n以上是我的判断']],
  ['[罪名]盗窃\n[罪名]诈骗<eoa>', ['诈骗']],
  ['[罪名]盗窃\n[罪名]诈骗', ['诈骗']],
  ['[罪名]盗窃<eoa>[罪名]诈骗<eoa>', ['盗窃']],
  ['[罪名]<eoa>', []],
  ['罪名:盗窃;诈骗', ['盗窃', '诈骗']],
  ['被告人构成罪名:盗窃<eoa>其他', ['盗窃']],
  ['罪名：盗窃', ['罪名：盗窃']],
  ['盗窃;诈骗', ['盗窃', '诈骗']],
  ['盗窃;;诈骗; ', ['盗窃', '诈骗']],
  ['盗窃<eoa>x\n诈骗<eoa>y', ['盗窃\n诈骗']],
  ['判决如下：盗窃罪', ['判决如下：盗窃罪']],
  ['', []],
  ['   ', []],
  ['{"reasoning": "分析", "final_answer": "[罪名]盗窃;诈骗<eoa>"}', ['盗窃', '诈骗']],
  ['```json\n{"final_answer": "盗窃"}\n```', ['盗窃']],
  ['{"final_answer": ["盗窃", "诈骗"]}', ["'诈骗']", "['盗窃'"]],
  ['[罪名]故意伤害;故意伤害<eoa>', ['故意伤害']],
  ['[罪名]盗窃;诈骗<eoa>\n', ['盗窃', '诈骗']],
  ['最终答案：[罪名]盗窃<eoa>。理由如上。', ['盗窃']],
  ['[罪名]　盗窃　<eoa>', ['盗窃']],
  ['[罪名]盗窃\r诈骗<eoa>', ['盗窃\r诈骗']],
];

// Gold targets as the loader builds them ("罪名:" removed), parsed the same way.
const targets: readonly (readonly [string, readonly string[]])[] = [
  ['盗窃;诈骗', ['盗窃', '诈骗']],
  ['走私普通货物、物品', ['物品', '走私普通货物']],
  ['走私普通货物、物品;盗窃', ['盗窃', '走私普通货物、物品']],
];

const sorted = (charges: readonly string[]) => [...charges].sort();

describe('parseCharges', () => {
  it.each(vectors)('%j → %j, as CPython', (text, expected) => {
    expect(sorted(parseCharges(text).charges)).toEqual(sorted(expected));
  });

  it.each(targets)('gold %j → %j', (text, expected) => {
    expect(sorted(parseCharges(text).charges)).toEqual(sorted(expected));
  });

  it('reports the rule and the separator used', () => {
    expect(parseCharges('[罪名]盗窃;诈骗<eoa>')).toEqual({
      charges: ['盗窃', '诈骗'],
      rule: 'block',
      separator: ';',
    });
    expect(parseCharges('罪名:盗窃、诈骗')).toEqual({
      charges: ['盗窃', '诈骗'],
      rule: 'label',
      separator: '、',
    });
    expect(parseCharges('盗窃')).toEqual({ charges: ['盗窃'], rule: 'text', separator: null });
  });

  it('splits only on the first separator present in the order ; ； , ， 、', () => {
    expect(parseCharges('[罪名]盗窃，诈骗;抢劫<eoa>').charges).toEqual(['盗窃，诈骗', '抢劫']);
    expect(parseCharges('[罪名]盗窃、诈骗,抢劫<eoa>').charges).toEqual(['盗窃、诈骗', '抢劫']);
  });
});
