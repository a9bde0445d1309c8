/**
 * A value as Python's `json.loads` returns it. Integers keep arbitrary precision, floats are
 * IEEE doubles, and objects are dicts: insertion-ordered, a repeated key keeping its first
 * position and its last value.
 */
export type PythonValue =
  | { readonly type: 'str'; readonly value: string }
  | { readonly type: 'int'; readonly value: bigint }
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'none' }
  | { readonly type: 'list'; readonly items: readonly PythonValue[] }
  | { readonly type: 'dict'; readonly entries: ReadonlyMap<string, PythonValue> };
