import {
  type CoercionMode,
  coerceToSignature,
  extractXmlBlock,
  parseJsonObject,
  readModelAnswer,
  type Signature,
} from '@forge/program';

/** Why a generator answer did not yield an example. */
export type GenerationFailureCode =
  | 'empty'
  | 'truncated'
  | 'missing-block'
  | 'unclosed-block'
  | 'multiple-blocks'
  | 'empty-block'
  | 'invalid-json'
  | 'missing-field'
  | 'extra-field'
  | 'wrong-type';

/** A generator answer, parsed and coerced to the signature. */
export type ParsedSyntheticExample =
  | {
      readonly ok: true;
      /** Coerced input field values, in declaration order. */
      readonly input: Record<string, unknown>;
      /** Coerced gold field values, in declaration order. */
      readonly gold: Record<string, unknown>;
      /** Paths of values converted to their declared type (`"45"` → 45); empty when none. */
      readonly converted: readonly string[];
    }
  | {
      readonly ok: false;
      /** The kind of failure, for accounting. */
      readonly code: GenerationFailureCode;
      /** What exactly was wrong. */
      readonly reason: string;
    };

/**
 * Reads the one `<synthetic_example>` block of a generator answer (Figure 7 contract), parses it
 * as one JSON object and coerces it to the signature (A.6, Algorithm 3 line 9): exactly the
 * declared fields, each of its declared type — converted when that loses nothing (`lossless`,
 * the paper's Coerce and the default), or only as given (`strict`). The field set is checked
 * here, so the failure code says whether a field was missing, extra or of the wrong type. A
 * leading reasoning block, chatter and a fence around everything are tolerated; an answer whose
 * finish reason is `length` fails as `truncated`, never used half.
 */
export function parseSyntheticExample(
  text: string,
  signature: Signature,
  options: { readonly coercion?: CoercionMode; readonly finishReason?: string } = {},
): ParsedSyntheticExample {
  const answer = readModelAnswer(text, options.finishReason);
  if (!answer.ok) {
    return answer.reason === 'truncated'
      ? fail('truncated', 'the answer was cut off at the output-token limit')
      : fail('empty', 'the answer is empty');
  }
  const block = extractXmlBlock(answer.text, 'synthetic_example');
  if (!block.ok) {
    switch (block.reason) {
      case 'missing':
        return fail('missing-block', 'the answer has no <synthetic_example> block');
      case 'unclosed':
        return fail('unclosed-block', 'the <synthetic_example> block is never closed');
      case 'multiple':
        return fail('multiple-blocks', 'the answer has more than one <synthetic_example> block');
      case 'empty':
        return fail('empty-block', 'the <synthetic_example> block is empty');
    }
  }
  const parsed = parseJsonObject(block.content);
  if (!parsed.ok) return fail('invalid-json', parsed.reason);

  const declared = [...signature.inputFields, ...signature.outputFields].map((field) => field.name);
  const missing = declared.filter((name) => !Object.hasOwn(parsed.value, name));
  if (missing.length > 0) {
    return fail('missing-field', `missing declared field(s): ${missing.join(', ')}`);
  }
  const extra = Object.keys(parsed.value).filter((name) => !declared.includes(name));
  if (extra.length > 0) {
    return fail('extra-field', `field(s) not declared by the signature: ${extra.join(', ')}`);
  }
  const coerced = coerceToSignature(parsed.value, signature, {
    mode: options.coercion ?? 'lossless',
  });
  if (!coerced.ok) return fail('wrong-type', `field "${coerced.field}": ${coerced.reason}`);
  return { ok: true, input: coerced.input, gold: coerced.gold, converted: coerced.converted };
}

function fail(code: GenerationFailureCode, reason: string): ParsedSyntheticExample {
  return { ok: false, code, reason };
}
