import { describe, expect, it } from 'vitest';
import { readPythonCsv } from './python-csv.js';
import { PythonRuntimeError } from './python-runtime-error.js';

// Expected rows printed by CPython 3.11's csv.reader over io.StringIO.
describe('readPythonCsv', () => {
  it('gives blank lines as empty rows and unescapes doubled quotes', () => {
    expect(readPythonCsv('a,b\n\nc,"d""x" y\n')).toEqual([['a', 'b'], [], ['c', 'd"x y']]);
    expect(readPythonCsv('a,b\n\n\n')).toEqual([['a', 'b'], [], []]);
  });

  it('keeps newlines inside quotes and text after a closing quote', () => {
    expect(readPythonCsv('a,"b\nc",d')).toEqual([['a', 'b\nc', 'd']]);
    expect(readPythonCsv('a,"b"c,d')).toEqual([['a', 'bc', 'd']]);
    expect(readPythonCsv('"a" ,b')).toEqual([['a ', 'b']]);
  });

  it('keeps an unterminated quoted field and handles CRLF and tabs', () => {
    expect(readPythonCsv('a,"unterminated')).toEqual([['a', 'unterminated']]);
    expect(readPythonCsv('ID,Country\r\n1,Fr\r\n')).toEqual([
      ['ID', 'Country'],
      ['1', 'Fr'],
    ]);
    expect(readPythonCsv('x\ty\t"z"\n"q"""\tw', '\t')).toEqual([
      ['x', 'y', 'z'],
      ['q"', 'w'],
    ]);
  });

  it('raises like csv.Error on a carriage return inside a line', () => {
    expect(() => readPythonCsv('a,b\rc\nd')).toThrow(PythonRuntimeError);
  });
});
