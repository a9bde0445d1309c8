// Built from code points rather than written as literals: the patterns are about control
// characters, and spelling them out keeps every one visible.
const escapeCharacter = String.fromCharCode(0x1b);
const bell = String.fromCharCode(0x07);
const c1 = (code: number) => String.fromCharCode(code);

// String sequences (OSC, DCS, SOS, PM, APC) run to a terminator (BEL or ST); CSI sequences to a
// final byte; any other escape takes one more character. Both 7-bit (ESC x) and 8-bit C1 forms.
const stringSequence = new RegExp(
  `(?:${escapeCharacter}[\\]PX^_]|[${c1(0x90)}${c1(0x98)}${c1(0x9d)}${c1(0x9e)}${c1(0x9f)}])[\\s\\S]*?(?:${bell}|${escapeCharacter}\\\\|${c1(0x9c)}|$)`,
  'g',
);
const csiSequence = new RegExp(`(?:${escapeCharacter}\\[|${c1(0x9b)})[0-?]*[ -/]*[@-~]?`, 'g');
const otherEscape = new RegExp(`${escapeCharacter}[\\s\\S]?`, 'g');
const controlCharacter = new RegExp(
  `[${c1(0x00)}-${c1(0x08)}${c1(0x0b)}-${c1(0x1f)}${c1(0x7f)}-${c1(0x9f)}]`,
  'g',
);

/**
 * Text that did not come from Forge (a server's error, a model's answer, a dataset's field) made
 * safe to print: every terminal control sequence (window titles and OSC 8 links, screen clears,
 * cursor moves, colours) and every other C0 or C1 control character except newline and tab is
 * removed, so what is printed cannot rewrite the screen, the title or the clipboard.
 */
export function terminalSafe(text: string): string {
  return text
    .replace(stringSequence, '')
    .replace(csiSequence, '')
    .replace(otherEscape, '')
    .replace(controlCharacter, '');
}
