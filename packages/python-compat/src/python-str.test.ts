import { describe, expect, it } from 'vitest';
import { parsePythonJson } from './python-json.js';
import { pythonRepr, pythonStr, reprFloat, reprString } from './python-str.js';

// [IEEE-754 bits, repr(float)], printed by CPython 3.11 (edge cases and 20 random doubles).
const floats: readonly (readonly [string, string])[] = [
  ['0000000000000000', '0.0'],
  ['8000000000000000', '-0.0'],
  ['3ff0000000000000', '1.0'],
  ['bff8000000000000', '-1.5'],
  ['3fb999999999999a', '0.1'],
  ['3fd3333333333334', '0.30000000000000004'],
  ['3fd5555555555555', '0.3333333333333333'],
  ['4059000000000000', '100.0'],
  ['430c6bf526340000', '1000000000000000.0'],
  ['4341c37937e08000', '1e+16'],
  ['437b69b4ba630f35', '1.2345678901234568e+17'],
  ['4341c37937e07fff', '9999999999999998.0'],
  ['3f1a36e2eb1c432d', '0.0001'],
  ['3ee4f8b588e368f1', '1e-05'],
  ['3f202e4b6ce5dc68', '0.00012345'],
  ['3e8421f5f40d8376', '1.5e-07'],
  ['0000000000000001', '5e-324'],
  ['7fefffffffffffff', '1.7976931348623157e+308'],
  ['3f647ae147ae147b', '0.0025'],
  ['4480f0cf064dd592', '1e+22'],
  ['444b1ae4d6e2ef50', '1e+21'],
  ['405edd2f1a9fbe77', '123.456'],
  ['4011666666666666', '4.35'],
  ['3fd3333333333333', '0.3'],
  ['4340000000000001', '9007199254740994.0'],
  ['4132d68720000000', '1234567.125'],
  ['f2a74de452e6b438', '-1.989032661366619e+244'],
  ['6513270e269e0d37', '7.761117632285041e+178'],
  ['0c5c7fd0a6a3a450', '3.980498358697587e-249'],
  ['d23f0824128b2f33', '-1.5432835417340557e+88'],
  ['1818e811892f902b', '1.3647584518757569e-192'],
  ['9531985d5d9dc9f8', '-1.3701135617873088e-206'],
  ['e8e25d940ed90475', '-1.7160537630466207e+197'],
  ['36f675cc81e74ef5', '6.294675241195386e-44'],
  ['1600a35a099950d8', '1.0613447212142254e-202'],
  ['6b0d549b6f03675a', '4.708325160387546e+207'],
  ['3d9c172411e20b8f', '6.387016158513563e-12'],
  ['8d116ece1738f7d9', '-9.973130378568733e-246'],
  ['0f21ddb66cad4a26', '8.779753225680271e-236'],
  ['90c192cfd3ac94af', '-5.795503248498993e-228'],
  ['f28c105d1fb17c23', '-5.988180159386011e+243'],
  ['a170b33839263059', '-1.306052388527796e-147'],
  ['953f48f1a09f76b5', '-2.436117699484841e-206'],
  ['0fd630f1f29d0da9', '2.233386999150174e-232'],
  ['95e60af593bd04cf', '-3.51527970626667e-203'],
  ['0cb1e29c658cda14', '1.5987381841032883e-247'],
];

function fromBits(bits: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${bits}`));
  return view.getFloat64(0);
}

function strOfJson(text: string): string {
  const parsed = parsePythonJson(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return pythonStr(parsed.value);
}

describe('reprFloat', () => {
  it.each(floats)('%s → %s, as CPython', (bits, expected) => {
    expect(reprFloat(fromBits(bits))).toBe(expected);
  });

  it('spells the special values as Python does', () => {
    expect([
      reprFloat(Number.NaN),
      reprFloat(Number.POSITIVE_INFINITY),
      reprFloat(-Infinity),
    ]).toEqual(['nan', 'inf', '-inf']);
  });
});

describe('reprString', () => {
  it('chooses quotes and escapes as CPython', () => {
    // CPython 3.11: repr() of each string.
    expect(reprString('plain')).toBe("'plain'");
    expect(reprString("it's")).toBe(`"it's"`);
    expect(reprString(`both ' and "`)).toBe(`'both \\' and "'`);
    expect(reprString('tab\there\nnew\rret\\')).toBe("'tab\\there\\nnew\\rret\\\\'");
    expect(reprString('\u0000\u001f\u007f\u0085\u00a0')).toBe("'\\x00\\x1f\\x7f\\x85\\xa0'");
    expect(reprString('é 中 😀')).toBe("'é 中 😀'");
    expect(reprString('\u200b\u2028\ud800')).toBe("'\\u200b\\u2028\\ud800'");
    expect(reprString('\u{e0001}')).toBe("'\\U000e0001'");
  });
});

describe('pythonStr', () => {
  it('renders parsed JSON values as str() does', () => {
    expect(strOfJson('"text"')).toBe('text');
    expect(strOfJson('[1, 2.50, null, true, false, "x"]')).toBe("[1, 2.5, None, True, False, 'x']");
    expect(strOfJson('{"b": 1, "2": {}, "b": [ ]}')).toBe("{'b': [], '2': {}}");
    expect(strOfJson('123456789012345678901234567890')).toBe('123456789012345678901234567890');
    expect(pythonRepr({ type: 'str', value: 'x' })).toBe("'x'");
  });
});
