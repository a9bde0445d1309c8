import { describe, expect, it } from 'vitest';
import { goldChargeSet, scoreCharges } from './score-charges.js';

describe('scoreCharges', () => {
  it('compares charge sets without regard to order or repetition', () => {
    expect(scoreCharges('分析……[罪名]诈骗;盗窃<eoa>', ['盗窃', '诈骗'])).toBe(1);
    expect(scoreCharges('[罪名]盗窃;盗窃;诈骗<eoa>', '盗窃;诈骗')).toBe(1);
    expect(scoreCharges('[罪名]盗窃<eoa>', ['盗窃', '诈骗'])).toBe(0);
    expect(scoreCharges('[罪名]盗窃;诈骗;抢劫<eoa>', ['盗窃', '诈骗'])).toBe(0);
  });

  it('accepts any of the separators ; ； , ， 、 in the prediction', () => {
    for (const separator of [';', '；', ',', '，', '、']) {
      expect(scoreCharges(`[罪名]盗窃${separator}诈骗<eoa>`, ['盗窃', '诈骗'])).toBe(1);
    }
  });

  it('parses the gold target the same way, so 、 inside a single charge splits both sides', () => {
    expect(goldChargeSet(['走私普通货物、物品'])).toEqual(['走私普通货物', '物品']);
    expect(scoreCharges('[罪名]走私普通货物、物品<eoa>', ['走私普通货物、物品'])).toBe(1);
    expect(scoreCharges('[罪名]走私普通货物、物品;行贿<eoa>', ['走私普通货物、物品', '行贿'])).toBe(
      1,
    );
    // Mixed separators break the match, as in the reference.
    expect(
      scoreCharges('[罪名]走私普通货物、物品、行贿<eoa>', ['走私普通货物、物品', '行贿']),
    ).toBe(0);
  });

  it('does not normalise the suffix 罪', () => {
    expect(scoreCharges('[罪名]盗窃罪<eoa>', ['盗窃'])).toBe(0);
  });

  it('uses the 罪名: fallback and the whole text when there is no block', () => {
    expect(scoreCharges('综上，罪名:盗窃;诈骗', ['盗窃', '诈骗'])).toBe(1);
    expect(scoreCharges('盗窃', ['盗窃'])).toBe(1);
    expect(scoreCharges('罪名：盗窃', ['盗窃'])).toBe(0);
  });

  it('scores an empty prediction 0', () => {
    expect(scoreCharges('', ['盗窃'])).toBe(0);
    expect(scoreCharges('[罪名]<eoa>', ['盗窃'])).toBe(0);
  });
});
