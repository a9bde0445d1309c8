/**
 * The declared type of a signature field, parsed from the paper's notation:
 * `str`, `int`, `float`, `bool`, `list[T]` and `dict[K,V]`, nested freely — and objects with named
 * fields, `{name:T,other:T}` (e.g. `list[{aspect:str,sentiment:str}]`).
 */
export type FieldType =
  | { readonly kind: 'str' }
  | { readonly kind: 'int' }
  | { readonly kind: 'float' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'list'; readonly element: FieldType }
  | { readonly kind: 'dict'; readonly key: FieldType; readonly value: FieldType }
  | { readonly kind: 'object'; readonly fields: readonly ObjectTypeField[] };

/** One named field of an object type, in declaration order. */
export interface ObjectTypeField {
  /** The key, an identifier. */
  readonly name: string;
  /** Its type. */
  readonly type: FieldType;
}

/** Result of parsing a type string. */
export type ParseFieldTypeResult =
  | { readonly ok: true; readonly type: FieldType }
  | { readonly ok: false; readonly message: string };

/**
 * Parses a type string such as `list[dict[str,int]]` or `list[{aspect:str,score:int}]`.
 * Whitespace is ignored.
 */
export function parseFieldType(text: string): ParseFieldTypeResult {
  const source = text.replace(/\s+/g, '');
  let position = 0;
  const fail = (message: string): ParseFieldTypeResult => ({
    ok: false,
    message: `invalid type ${JSON.stringify(text)}: ${message}`,
  });

  function parse(): FieldType | string {
    if (source[position] === '{') return parseObject();
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
        return `unknown type "${word}" (use str, int, float, bool, list[T], dict[K,V] or {name:T,…})`;
    }
  }

  function parseObject(): FieldType | string {
    position += 1;
    const fields: ObjectTypeField[] = [];
    const names = new Set<string>();
    while (true) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(position))?.[0];
      if (name === undefined) return `expected a field name at position ${position}`;
      if (names.has(name)) return `object field "${name}" is declared twice`;
      names.add(name);
      position += name.length;
      if (source[position] !== ':') return `expected ":" at position ${position}`;
      position += 1;
      const type = parse();
      if (typeof type === 'string') return type;
      fields.push({ name, type });
      if (source[position] === '}') {
        position += 1;
        return { kind: 'object', fields };
      }
      if (source[position] !== ',') return `expected "," or "}" at position ${position}`;
      position += 1;
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
    case 'object':
      return `{${type.fields.map((field) => `${field.name}:${formatFieldType(field.type)}`).join(',')}}`;
    default:
      return type.kind;
  }
}
