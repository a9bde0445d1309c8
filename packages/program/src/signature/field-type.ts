/**
 * The declared type of a signature field, parsed from the paper's notation:
 * `str`, `int`, `float`, `bool`, `list[T]` and `dict[K,V]`, nested freely.
 */
export type FieldType =
  | { readonly kind: 'str' }
  | { readonly kind: 'int' }
  | { readonly kind: 'float' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'list'; readonly element: FieldType }
  | { readonly kind: 'dict'; readonly key: FieldType; readonly value: FieldType };

/** Result of parsing a type string. */
export type ParseFieldTypeResult =
  | { readonly ok: true; readonly type: FieldType }
  | { readonly ok: false; readonly message: string };

/** Parses a type string such as `list[dict[str,int]]`. Whitespace is ignored. */
export function parseFieldType(text: string): ParseFieldTypeResult {
  const source = text.replace(/\s+/g, '');
  let position = 0;
  const fail = (message: string): ParseFieldTypeResult => ({
    ok: false,
    message: `invalid type ${JSON.stringify(text)}: ${message}`,
  });

  function parse(): FieldType | string {
    const match = /^[a-z]+/.exec(source.slice(position));
    if (!match) return `expected a type name at position ${position}`;
    const word = match[0];
    position += word.length;
    switch (word) {
      case 'str':
      case 'int':
      case 'float':
      case 'bool':
        return { kind: word };
      case 'list': {
        if (source[position] !== '[') return 'list needs an element type: list[T]';
        position += 1;
        const element = parse();
        if (typeof element === 'string') return element;
        if (source[position] !== ']') return `expected "]" at position ${position}`;
        position += 1;
        return { kind: 'list', element };
      }
      case 'dict': {
        if (source[position] !== '[') return 'dict needs key and value types: dict[K,V]';
        position += 1;
        const key = parse();
        if (typeof key === 'string') return key;
        if (key.kind !== 'str' && key.kind !== 'int') return 'dict keys must be str or int';
        if (source[position] !== ',') return `expected "," at position ${position}`;
        position += 1;
        const value = parse();
        if (typeof value === 'string') return value;
        if (source[position] !== ']') return `expected "]" at position ${position}`;
        position += 1;
        return { kind: 'dict', key, value };
      }
      default:
        return `unknown type "${word}" (use str, int, float, bool, list[T] or dict[K,V])`;
    }
  }

  const type = parse();
  if (typeof type === 'string') return fail(type);
  if (position !== source.length) return fail(`unexpected text at position ${position}`);
  return { ok: true, type };
}

/** Formats a parsed type back into the paper's notation. */
export function formatFieldType(type: FieldType): string {
  switch (type.kind) {
    case 'list':
      return `list[${formatFieldType(type.element)}]`;
    case 'dict':
      return `dict[${formatFieldType(type.key)},${formatFieldType(type.value)}]`;
    default:
      return type.kind;
  }
}
