import type { ExtractedInstruction } from './extract-instruction.js';

/**
 * The reference's own extraction (`InstructionProposalSignature.output_extractor`, used by the
 * `reference` profile), on the stripped answer: the text between the first ``` and the last ```,
 * without a language tag; with a single fence, the text after an opening one or before a
 * closing one; with none, or a lone fence in the middle, the whole answer. It always yields an
 * instruction — possibly empty, or a truncated answer without fences (gepa#390) — and the
 * reference adopts it as the component's new text.
 */
export function extractInstructionAsReference(answer: string): ExtractedInstruction {
  const text = answer.trim();
  const start = text.indexOf(fence) + fence.length;
  const end = text.lastIndexOf(fence);
  if (start >= end) {
    // No fence (start is 2, end -1), or the first and last fences are the same one.
    if (text.startsWith(fence)) {
      const opening = /^```\S*\n?/.exec(text);
      return adopt(opening === null ? text : text.slice(opening[0].length));
    }
    if (text.endsWith(fence)) return adopt(text.slice(0, -fence.length));
    return adopt(text);
  }
  const content = text.slice(start, end);
  const tag = /^\S*\n/.exec(content);
  return adopt(tag === null ? content : content.slice(tag[0].length));
}

const fence = '```';

function adopt(instruction: string): ExtractedInstruction {
  return { ok: true, instruction: instruction.trim() };
}
