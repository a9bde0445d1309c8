import type { KwargReader } from './define-instruction.js';
import { InstructionKwargsError } from './instruction-kwargs-error.js';

/** The two relations IFEval's counting instructions accept. */
export type Relation = 'less than' | 'at least';

/** Reads a relation kwarg; anything else raises in the reference's `build_description`. */
export function readRelation(id: string, kwargs: KwargReader, name: string): Relation {
  const relation = kwargs.string(name);
  if (relation !== 'less than' && relation !== 'at least') {
    throw new InstructionKwargsError({
      instructionId: id,
      field: name,
      message: `must be "less than" or "at least", got ${JSON.stringify(relation)}`,
    });
  }
  return relation;
}

/** Applies a relation: `less than` is <, `at least` is ≥. */
export function compare(actual: number, relation: Relation, threshold: number): boolean {
  return relation === 'less than' ? actual < threshold : actual >= threshold;
}

/** IFEval's ISO 639-1 codes and the language names its descriptions use. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  ar: 'Arabic',
  hi: 'Hindi',
  fr: 'French',
  ru: 'Russian',
  de: 'German',
  ja: 'Japanese',
  it: 'Italian',
  bn: 'Bengali',
  uk: 'Ukrainian',
  th: 'Thai',
  ur: 'Urdu',
  ta: 'Tamil',
  te: 'Telugu',
  bg: 'Bulgarian',
  ko: 'Korean',
  pl: 'Polish',
  he: 'Hebrew',
  fa: 'Persian',
  vi: 'Vietnamese',
  ne: 'Nepali',
  sw: 'Swahili',
  kn: 'Kannada',
  mr: 'Marathi',
  gu: 'Gujarati',
  pa: 'Punjabi',
  ml: 'Malayalam',
  fi: 'Finnish',
};
