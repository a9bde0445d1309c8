/**
 * Python's `int(text)` for a string of Unicode decimal digits (`\p{Nd}`): each digit's value is
 * its offset in its block of ten, as Unicode encodes every decimal digit set 0–9 contiguously.
 */
export function pythonInteger(text: string): number {
  let value = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    let zero = codePoint;
    while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    value = value * 10 + ((codePoint - zero) % 10);
  }
  return value;
}
