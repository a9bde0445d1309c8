import { readModelAnswer } from '@forge/program';
import type { ParsedOperation } from '../playbook/curator-operation.js';
import { answerProblem } from './answer-problem.js';
import type { CurationParse } from './curation.js';
import { extractJsonObject } from './extract-json-object.js';

/**
 * Reads a curator answer as the reference's `_extract_and_validate_operations` does (ace-agent/ace
 * `ba78d34`, `ace/core/curator.py:165–224`), for `profile: reference`. The answer is checked as a
 * whole, and one bad part drops the whole curation (`:145–163`: the playbook stays as it was):
 * - `reasoning` must be there and be a string, `operations` must be a list (`:188–200`);
 * - every operation must be an object with a `type` (`:203–208`);
 * - an operation whose type is exactly `ADD` must carry `section` and `content` (`:218–222`), and
 *   its section must be a string (`playbook_utils.py:146` lowercases it; anything else raises,
 *   caught at `curator.py:155`).
 * The type is compared as written (`playbook_utils.py:143`): `add` or ` ADD` passes with a warning
 * (`curator.py:214–215`) and is never applied, so it is kept as an unsupported entry, unchecked.
 * The section and content are passed on as written; `applyReferenceAdds` normalises the section.
 */
export function parseReferenceCuration(answer: string, finishReason?: string): CurationParse {
  const read = readModelAnswer(answer, finishReason);
  if (!read.ok) return { ok: false, code: read.reason, reason: answerProblem(read.reason) };
  const found = extractJsonObject(read.text);
  if (!found.ok) return { ...found, code: 'invalid-json' };
  const value = found.value;
  const malformed = (reason: string): CurationParse => ({
    ok: false,
    code: 'invalid-answer',
    reason,
  });
  if (!('reasoning' in value)) return malformed('the answer has no reasoning field');
  if (!('operations' in value)) return malformed('operations: the answer has no operations list');
  if (typeof value['reasoning'] !== 'string') return malformed('reasoning: must be a string');
  const operations = value['operations'];
  if (!Array.isArray(operations)) return malformed('operations: must be a list');
  const parsed: ParsedOperation[] = [];
  for (const [index, raw] of operations.entries()) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return malformed(`operation ${index} is not an object; the reference drops the curation`);
    }
    const record = raw as Record<string, unknown>;
    if (!('type' in record)) {
      return malformed(`operation ${index} has no type; the reference drops the curation`);
    }
    if (record['type'] !== 'ADD') {
      const named =
        typeof record['type'] === 'string' ? record['type'] : JSON.stringify(record['type']);
      parsed.push({
        type: 'INVALID',
        named,
        reason: 'unsupported-operation',
        detail: `the reference applies type "ADD" as written, not ${named}`,
      });
      continue;
    }
    const missing = ['section', 'content'].filter((field) => !(field in record));
    if (missing.length > 0) {
      return malformed(
        `ADD operation ${index} lacks ${missing.join(' and ')}; the reference drops the curation`,
      );
    }
    const { section, content, module } = record;
    if (typeof section !== 'string') {
      return malformed(
        `ADD operation ${index}: section must be a string; the reference drops the curation`,
      );
    }
    if (
      typeof content !== 'string' ||
      (module !== undefined && module !== null && typeof module !== 'string')
    ) {
      // The reference would write Python's str() of a non-string content; JSON numbers lose
      // that spelling once parsed here (1.0 reads as 1), so such an ADD is refused on its own.
      parsed.push({
        type: 'INVALID',
        named: 'ADD',
        reason: 'invalid-operation',
        detail:
          typeof content !== 'string' ? 'content: must be a string' : 'module: must be a string',
      });
      continue;
    }
    parsed.push({
      type: 'ADD',
      section,
      content,
      module: typeof module === 'string' && module !== '' ? module : null,
    });
  }
  return { ok: true, reasoning: value['reasoning'] as string, operations: parsed };
}
