import type { PythonValue } from './python-value.js';

/** Python's `str(value)`: strings as they are, everything else as `repr`. */
export function pythonStr(value: PythonValue): string {
  return value.type === 'str' ? value.value : pythonRepr(value);
}

/** Python's `repr(value)` for the values `json.loads` produces. */
export function pythonRepr(value: PythonValue): string {
  switch (value.type) {
    case 'str':
      return reprString(value.value);
    case 'int':
      return value.value.toString();
    case 'float':
      return reprFloat(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'list':
      return `[${value.items.map(pythonRepr).join(', ')}]`;
    case 'dict':
      return `{${[...value.entries].map(([key, item]) => `${reprString(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  }
}

// Py_UNICODE_ISPRINTABLE is false for these categories (space excepted).
const unprintable = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** `repr(str)`: single quotes unless the text has `'` and no `"`; CPython's escapes. */
export function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let result = quote;
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (character === quote || character === '\\') result += `\\${character}`;
    else if (character === '\t') result += '\\t';
    else if (character === '\n') result += '\\n';
    else if (character === '\r') result += '\\r';
    else if (code < 0x20 || code === 0x7f) result += `\\x${hex(code, 2)}`;
    else if (code < 0x7f) result += character;
    else if (character !== ' ' && unprintable.test(character)) {
      result +=
        code <= 0xff
          ? `\\x${hex(code, 2)}`
          : code <= 0xffff
            ? `\\u${hex(code, 4)}`
            : `\\U${hex(code, 8)}`;
    } else result += character;
  }
  return result + quote;
}

/**
 * `repr(float)`: the shortest digits that round-trip (JavaScript and CPython agree on them),
 * written positionally when the decimal exponent is in [-4, 16), else as `d.ddde±XX`.
 */
export function reprFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${fraction}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}
