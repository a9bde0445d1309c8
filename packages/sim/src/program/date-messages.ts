import { extractXmlBlock } from '@forge/program';

/** Date parts as the interpret module reported them (`?` or empty when missing). */
export interface ReportedParts {
  /** Day as reported. */
  readonly day: string;
  /** Month as reported. */
  readonly month: string;
  /** Year digits as reported. */
  readonly year: string;
}

/** The user message of the interpret module. */
export function interpretMessage(text: string): string {
  return `Read the date in this text.\n\n<text>\n${text}\n</text>`;
}

/** The user message of the format module. */
export function formatMessage(parts: ReportedParts): string {
  return `Write these date parts as an ISO date.\n\n<date_parts>\n<day>${parts.day}</day>\n<month>${parts.month}</month>\n<year>${parts.year}</year>\n</date_parts>`;
}

/** The interpret module's answer in its output tags (how a demonstration shows it). */
export function interpretAnswer(parts: ReportedParts): string {
  return `<day>${parts.day}</day>\n<month>${parts.month}</month>\n<year>${parts.year}</year>`;
}

/** The format module's answer in its output tag (how a demonstration shows it). */
export function formatAnswer(date: string): string {
  return `<date>${date}</date>`;
}

/** Parses the interpret module's answer; a missing tag gives an empty part. */
export function parseInterpretAnswer(text: string): ReportedParts {
  const tag = (name: string) => {
    const block = extractXmlBlock(text, name);
    return block.ok ? block.content : '';
  };
  return { day: tag('day'), month: tag('month'), year: tag('year') };
}

/** Parses the format module's answer; a missing tag gives an empty date. */
export function parseFormatAnswer(text: string): string {
  const block = extractXmlBlock(text, 'date');
  return block.ok ? block.content : '';
}
