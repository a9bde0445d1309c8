import { extractFinalAnswer } from '@forge/program';
import { pythonStrip } from '@forge/python-compat';

/** Which rule located the charges. */
export type ChargeRule =
  /** The first `[罪名]…` that ends in `<eoa>` or at the end of the text on its line. */
  | 'block'
  /** No such block: the text after the last `罪名:`. */
  | 'label'
  /** Neither: the whole (final-answer) text. */
  | 'text';

/** Parsed charges and how they were found. */
export interface ParsedCharges {
  /** Distinct charges in order of first appearance (the reference compares them as a set). */
  readonly charges: readonly string[];
  /** The rule that located them. */
  readonly rule: ChargeRule;
  /** The separator the text was split on, or null when it held a single charge or none. */
  readonly separator: string | null;
}

/** Separators in the order the reference tries them; only the first one present is used. */
export const chargeSeparators = [';', '；', ',', '，', '、'] as const;

// Python `.` stops only at '\n'; `$` (no MULTILINE) is the end of the stripped text.
const blockPattern = /\[罪名\]([^\n]*?)(?:<eoa>|$)/;
const endOfAnswer = /<eoa>[^\n]*/g;

/**
 * Meta-Harness `eval_lawbench.parse_charges`: take `extractFinalAnswer(text)` stripped; use the
 * first `[罪名]…<eoa>` block (or `[罪名]…` running to the end of the text), else the text after the
 * last ASCII `罪名:`; drop every `<eoa>` with the rest of its line; split on the first separator
 * present among `; ； , ， 、`, stripping and dropping empty parts. No suffix normalisation:
 * 盗窃罪 ≠ 盗窃.
 */
export function parseCharges(text: string): ParsedCharges {
  let body = pythonStrip(extractFinalAnswer(text));
  let rule: ChargeRule = 'text';
  const block = blockPattern.exec(body);
  if (block) {
    body = pythonStrip(block[1] as string);
    rule = 'block';
  } else if (body.includes('罪名:')) {
    body = body.split('罪名:').at(-1) as string;
    rule = 'label';
  }
  body = pythonStrip(body.replace(endOfAnswer, ''));
  const separator = chargeSeparators.find((candidate) => body.includes(candidate));
  if (separator === undefined) {
    return { charges: body === '' ? [] : [body], rule, separator: null };
  }
  const parts = body.split(separator).map((part) => pythonStrip(part));
  return { charges: [...new Set(parts.filter((part) => part !== ''))], rule, separator };
}
