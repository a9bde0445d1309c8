import { PythonRuntimeError } from './python-runtime-error.js';

type State =
  | 'start-record'
  | 'start-field'
  | 'in-field'
  | 'in-quoted-field'
  | 'quote-in-quoted-field'
  | 'eat-newline';

const endOfLine = Symbol('end-of-line');

/**
 * `list(csv.reader(io.StringIO(text), delimiter=delimiter))` with the default `excel` dialect:
 * the same state machine as CPython's `_csv.c`. Blank lines give empty rows, a newline inside an
 * unquoted field raises `csv.Error`, and an unterminated quote keeps what it read.
 */
export function readPythonCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let state: State = 'start-record';
  let fields: string[] = [];
  let field = '';

  const saveField = (): void => {
    fields.push(field);
    field = '';
  };
  const add = (character: string): void => {
    field += character;
  };

  const process = (character: string | typeof endOfLine): void => {
    const isNewline = character === '\n' || character === '\r';
    switch (state) {
      case 'start-record':
        if (character === endOfLine) return;
        if (isNewline) {
          state = 'eat-newline';
          return;
        }
        state = 'start-field';
        process(character);
        return;
      case 'start-field':
        if (isNewline || character === endOfLine) {
          saveField();
          state = character === endOfLine ? 'start-record' : 'eat-newline';
        } else if (character === '"') {
          state = 'in-quoted-field';
        } else if (character === delimiter) {
          saveField();
        } else {
          add(character);
          state = 'in-field';
        }
        return;
      case 'in-field':
        if (isNewline || character === endOfLine) {
          saveField();
          state = character === endOfLine ? 'start-record' : 'eat-newline';
        } else if (character === delimiter) {
          saveField();
          state = 'start-field';
        } else {
          add(character);
        }
        return;
      case 'in-quoted-field':
        if (character === endOfLine) return;
        if (character === '"') state = 'quote-in-quoted-field';
        else add(character);
        return;
      case 'quote-in-quoted-field':
        if (character === '"') {
          add(character);
          state = 'in-quoted-field';
        } else if (character === delimiter) {
          saveField();
          state = 'start-field';
        } else if (isNewline || character === endOfLine) {
          saveField();
          state = character === endOfLine ? 'start-record' : 'eat-newline';
        } else {
          add(character);
          state = 'in-field';
        }
        return;
      case 'eat-newline':
        if (isNewline) return;
        if (character === endOfLine) {
          state = 'start-record';
          return;
        }
        throw new PythonRuntimeError('csv.Error', 'new-line character seen in unquoted field');
    }
  };

  // io.StringIO yields lines split after each "\n" only; the reader runs until a record ends.
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  for (const line of lines) {
    if (state === 'start-record') {
      fields = [];
      field = '';
    }
    for (const character of line) {
      if (character === '\0') throw new PythonRuntimeError('csv.Error', 'line contains NUL');
      process(character);
    }
    process(endOfLine);
    if (state === 'start-record') rows.push(fields);
  }
  // `process` changes `state` behind the compiler's back, hence the widening.
  if ((state as State) === 'in-quoted-field' || field !== '') {
    saveField();
    rows.push(fields);
  }
  return rows;
}
