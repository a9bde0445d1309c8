// The code the fake environment understands: a tiny, line-based subset of Python that is enough
// for scripted agents and synthetic tests. It is a simulation, not Python:
//   print(apis.<app>.<api>(name=value, ...))
//   apis.<app>.<api>(name=value, ...)
//   assert <apis call | answer> == <literal>
// Literals: 'text' or "text" (with backslash escapes), integers, floats, True, False, None and
// lists of literals. Blank lines and lines starting with `#` are skipped.

/** A literal value of the fake language. */
export type FakeValue = string | number | boolean | null | FakeValue[];

/** An API call: `apis.<app>.<api>(...)`. */
export interface FakeCall {
  readonly app: string;
  readonly api: string;
  readonly arguments: Readonly<Record<string, FakeValue>>;
}

/** One statement. */
export type FakeStatement =
  | {
      readonly type: 'call';
      readonly line: number;
      readonly print: boolean;
      readonly call: FakeCall;
    }
  | {
      readonly type: 'assert';
      readonly line: number;
      readonly subject: FakeCall | 'answer';
      readonly expected: FakeValue;
    };

/** A statement the fake language cannot read. */
export class FakeSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly text: string,
    message: string,
  ) {
    super(message);
    this.name = 'FakeSyntaxError';
  }
}

/** Parses a code cell into statements. @throws FakeSyntaxError */
export function parseFakeCode(code: string): FakeStatement[] {
  const statements: FakeStatement[] = [];
  for (const [index, raw] of code.split('\n').entries()) {
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    statements.push(parseStatement(text, index + 1));
  }
  return statements;
}

function parseStatement(text: string, line: number): FakeStatement {
  const reader = new Reader(text, line);
  if (reader.take('assert ')) {
    const subject = reader.take('answer') ? 'answer' : reader.call();
    reader.expect('==');
    const expected = reader.literal();
    reader.end();
    return { type: 'assert', line, subject, expected };
  }
  const print = reader.take('print(');
  const call = reader.call();
  if (print) reader.expect(')');
  reader.end();
  return { type: 'call', line, print, call };
}

class Reader {
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly line: number,
  ) {}

  take(token: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(token, this.position)) return false;
    this.position += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.take(token)) this.fail(`expected "${token}"`);
  }

  end(): void {
    this.skipSpace();
    if (this.position < this.text.length) this.fail('unexpected text after the statement');
  }

  call(): FakeCall {
    this.expect('apis.');
    const app = this.name();
    this.expect('.');
    const api = this.name();
    this.expect('(');
    const args: Record<string, FakeValue> = {};
    if (!this.take(')')) {
      do {
        const name = this.keyword();
        if (!this.take('=')) this.fail('the fake environment takes keyword arguments only');
        args[name] = this.literal();
      } while (this.take(','));
      this.expect(')');
    }
    return { app, api, arguments: args };
  }

  literal(): FakeValue {
    this.skipSpace();
    const rest = this.text.slice(this.position);
    const quote = rest[0];
    if (quote === "'" || quote === '"') return this.string(quote);
    if (this.take('[')) {
      const items: FakeValue[] = [];
      if (!this.take(']')) {
        do items.push(this.literal());
        while (this.take(','));
        this.expect(']');
      }
      return items;
    }
    for (const [word, value] of [
      ['True', true],
      ['False', false],
      ['None', null],
    ] as const) {
      if (this.take(word)) return value;
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number !== null) {
      this.position += number[0].length;
      return Number(number[0]);
    }
    return this.fail('expected a literal (string, number, True, False, None or list)');
  }

  private string(quote: string): string {
    let value = '';
    this.position += 1;
    while (this.position < this.text.length) {
      const char = this.text[this.position] as string;
      this.position += 1;
      if (char === quote) return value;
      if (char === '\\') {
        const next = this.text[this.position] ?? '';
        this.position += 1;
        value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      } else {
        value += char;
      }
    }
    return this.fail('unterminated string');
  }

  private keyword(): string {
    this.skipSpace();
    if (!/^[A-Za-z_]/.test(this.text.slice(this.position)))
      this.fail('the fake environment takes keyword arguments only');
    return this.name();
  }

  private name(): string {
    this.skipSpace();
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.position));
    if (match === null) this.fail('expected a name');
    this.position += (match as RegExpExecArray)[0].length;
    return (match as RegExpExecArray)[0];
  }

  private skipSpace(): void {
    while (this.text[this.position] === ' ') this.position += 1;
  }

  private fail(message: string): never {
    throw new FakeSyntaxError(this.line, this.text, message);
  }
}
