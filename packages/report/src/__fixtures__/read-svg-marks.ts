/** The attributes of every `<tag …>` in some markup whose class list contains `className`. */
export function readMarks(markup: string, tag: string, className: string): Record<string, string>[] {
  const marks: Record<string, string>[] = [];
  for (const match of markup.matchAll(new RegExp(`<${tag}((?:\\s+[\\w:-]+(?:="[^"]*")?)*)\\s*/?>`, 'g'))) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      attributes[attribute[1] ?? ''] = attribute[2] ?? '';
    }
    if ((attributes['class'] ?? '').split(' ').includes(className)) marks.push(attributes);
  }
  return marks;
}

/** A numeric attribute of a mark (throws when missing, so a test fails loudly). */
export function numberOf(mark: Record<string, string> | undefined, name: string): number {
  const value = mark?.[name];
  if (value === undefined) throw new Error(`attribute ${name} missing`);
  return Number(value);
}
