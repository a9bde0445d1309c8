import type { PythonValue } from './python-value.js';

/** Outcome of `parsePythonJson`. */
export type PythonJsonResult =
  | { readonly ok: true; readonly value: PythonValue }
  | {
      readonly ok: false;
      /** What went wrong and where, in the spirit of Python's messages. */
      readonly reason: string;
    };

// CPython's sys.get_int_max_str_digits() default; json parses integers with int().
const maximumIntegerDigits = 4300;
// CPython's default recursion limit bounds nesting; the exact depth also depends on the stack
// already in use, so this is an approximation.
const maximumDepth = 1000;

class JsonFailure extends Error {}

/**
 * Python's `json.loads(text)` with the default (C) scanner: only space, tab, LF and CR count as
 * whitespace; `NaN`, `Infinity` and `-Infinity` are accepted; raw control characters in strings
 * are rejected (strict mode); numbers are ASCII digits only; duplicate keys keep the last value.
 */
export function parsePythonJson(text: string): PythonJsonResult {
  const parser = new Parser(text);
  try {
    const value = parser.document();
    return { ok: true, value };
  } catch (error) {
    if (error instanceof JsonFailure) return { ok: false, reason: error.message };
    throw error;
  }
}

class Parser {
  private position = 0;

  constructor(private readonly text: string) {}

  document(): PythonValue {
    this.skipWhitespace();
    const value = this.value(0);
    this.skipWhitespace();
    if (this.position !== this.text.length) this.fail('Extra data');
    return value;
  }

  private value(depth: number): PythonValue {
    const text = this.text;
    const character = text[this.position];
    if (character === '"') return { type: 'str', value: this.string() };
    if (character === '{') return this.object(depth + 1);
    if (character === '[') return this.array(depth + 1);
    if (text.startsWith('null', this.position)) return this.literal(4, { type: 'none' });
    if (text.startsWith('true', this.position))
      return this.literal(4, { type: 'bool', value: true });
    if (text.startsWith('false', this.position))
      return this.literal(5, { type: 'bool', value: false });
    if (text.startsWith('NaN', this.position))
      return this.literal(3, { type: 'float', value: Number.NaN });
    if (text.startsWith('Infinity', this.position))
      return this.literal(8, { type: 'float', value: Number.POSITIVE_INFINITY });
    if (text.startsWith('-Infinity', this.position))
      return this.literal(9, { type: 'float', value: Number.NEGATIVE_INFINITY });
    return this.number();
  }

  private literal(length: number, value: PythonValue): PythonValue {
    this.position += length;
    return value;
  }

  private object(depth: number): PythonValue {
    if (depth > maximumDepth) this.fail('maximum recursion depth exceeded');
    const entries = new Map<string, PythonValue>();
    this.position++;
    this.skipWhitespace();
    if (this.text[this.position] === '}') {
      this.position++;
      return { type: 'dict', entries };
    }
    for (;;) {
      if (this.text[this.position] !== '"') {
        this.fail('Expecting property name enclosed in double quotes');
      }
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.position] !== ':') this.fail("Expecting ':' delimiter");
      this.position++;
      this.skipWhitespace();
      // Map.set on an existing key keeps its position and replaces the value, as a dict does.
      entries.set(key, this.value(depth));
      this.skipWhitespace();
      const next = this.text[this.position];
      this.position++;
      if (next === '}') return { type: 'dict', entries };
      if (next !== ',') this.fail("Expecting ',' delimiter");
      this.skipWhitespace();
    }
  }

  private array(depth: number): PythonValue {
    if (depth > maximumDepth) this.fail('maximum recursion depth exceeded');
    const items: PythonValue[] = [];
    this.position++;
    this.skipWhitespace();
    if (this.text[this.position] === ']') {
      this.position++;
      return { type: 'list', items };
    }
    for (;;) {
      items.push(this.value(depth));
      this.skipWhitespace();
      const next = this.text[this.position];
      this.position++;
      if (next === ']') return { type: 'list', items };
      if (next !== ',') this.fail("Expecting ',' delimiter");
      this.skipWhitespace();
    }
  }

  private string(): string {
    const text = this.text;
    let result = '';
    this.position++;
    for (;;) {
      const character = text[this.position];
      if (character === undefined) this.fail('Unterminated string starting');
      this.position++;
      if (character === '"') return result;
      if (character === '\\') {
        result += this.escape();
        continue;
      }
      if ((character as string).charCodeAt(0) < 0x20) this.fail('Invalid control character');
      result += character;
    }
  }

  // A \uXXXX surrogate pair becomes one code point in Python; in UTF-16 the two code units
  // already are that code point, and a lone surrogate stays lone in both.
  private escape(): string {
    const character = this.text[this.position];
    this.position++;
    switch (character) {
      case '"':
        return '"';
      case '\\':
        return '\\';
      case '/':
        return '/';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u': {
        const hex = this.text.slice(this.position, this.position + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\uXXXX escape');
        this.position += 4;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      default:
        return this.fail('Invalid \\escape');
    }
  }

  private number(): PythonValue {
    const match = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
    match.lastIndex = this.position;
    const found = match.exec(this.text);
    if (!found) this.fail('Expecting value');
    const literal = (found as RegExpExecArray)[0];
    this.position += literal.length;
    if (found?.[1] !== undefined || found?.[2] !== undefined) {
      return { type: 'float', value: Number(literal) };
    }
    // Python raises ValueError (not JSONDecodeError) here; see the package README.
    if (literal.replace('-', '').length > maximumIntegerDigits) {
      this.fail('Exceeds the limit (4300 digits) for integer string conversion');
    }
    return { type: 'int', value: BigInt(literal) };
  }

  private skipWhitespace(): void {
    const text = this.text;
    while (this.position < text.length) {
      const character = text[this.position];
      if (character !== ' ' && character !== '\t' && character !== '\n' && character !== '\r') {
        return;
      }
      this.position++;
    }
  }

  private fail(message: string): never {
    throw new JsonFailure(`${message}: char ${this.position}`);
  }
}
