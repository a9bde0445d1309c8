import { extractXmlBlock, parseJsonObject, readModelAnswer } from '@forge/program';
import type { AssignmentNoOpReason } from '../state/failure-memory-state.js';

/** What an assigner answer asks for, before it is checked against the catalogue. */
export type ParsedAssignment =
  | {
      /** Create a new mode with this observation as its first support. */
      readonly action: 'create';
      readonly name: string;
      readonly description: string;
    }
  | {
      /** Append the observation to an existing mode. */
      readonly action: 'assign';
      /** The existing failure mode's name (the answer's `cluster_name`). */
      readonly failureMode: string;
    }
  | {
      /** Rename (and re-describe) an existing mode, then append the observation. */
      readonly action: 'rename';
      /** The existing failure mode's name (the answer's `cluster_name`). */
      readonly failureMode: string;
      readonly name: string;
      readonly description: string;
    }
  | {
      /** The answer cannot be applied; memory stays as it is. */
      readonly action: 'no-op';
      readonly reason: AssignmentNoOpReason;
      readonly detail: string;
    };

const keys = ['cluster_name', 'new_cluster_name', 'new_failure_description'] as const;

/**
 * Reads the one `<assignment>` block of an assigner answer (Figure 5 contract) and classifies
 * it as one of the three legal forms. Rules, beyond the paper's table:
 * - the object has exactly the keys `cluster_name`, `new_cluster_name`,
 *   `new_failure_description`; a missing or extra key is an illegal combination;
 * - each value is a string or `null`; another type, or a blank string, is an illegal combination
 *   (a blank can be neither a name nor "no value");
 * - names are not trimmed or case-folded: `cluster_name` must match a catalogue name exactly.
 * Name syntax and the catalogue are checked later, by `applyAssignment`. A leading reasoning block,
 * chatter around the block and a fence around everything are tolerated; an answer whose finish
 * reason is `length` is a `truncated` no-op, never used half.
 */
export function parseAssignment(responseText: string, finishReason?: string): ParsedAssignment {
  const answer = readModelAnswer(responseText, finishReason);
  if (!answer.ok) {
    return answer.reason === 'truncated'
      ? noOp('truncated', 'the answer was cut off at the output-token limit')
      : noOp('empty', 'the answer is empty');
  }
  const block = extractXmlBlock(answer.text, 'assignment');
  if (!block.ok) {
    switch (block.reason) {
      case 'missing':
        return noOp('missing-block', 'the answer has no <assignment> block');
      case 'unclosed':
        return noOp('missing-block', 'the <assignment> block is never closed');
      case 'multiple':
        return noOp('multiple-blocks', 'the answer has more than one <assignment> block');
      case 'empty':
        return noOp('invalid-json', 'the <assignment> block is empty');
    }
  }
  const parsed = parseJsonObject(block.content);
  if (!parsed.ok) return noOp('invalid-json', parsed.reason);
  const value = parsed.value;

  const extra = Object.keys(value).filter((key) => !(keys as readonly string[]).includes(key));
  if (extra.length > 0) {
    return noOp('illegal-combination', `unexpected key(s): ${extra.map(quote).join(', ')}`);
  }
  const missing = keys.filter((key) => !Object.hasOwn(value, key));
  if (missing.length > 0) {
    return noOp('illegal-combination', `missing key(s): ${missing.map(quote).join(', ')}`);
  }
  for (const key of keys) {
    const field = value[key];
    if (field !== null && typeof field !== 'string') {
      return noOp('illegal-combination', `${quote(key)} must be a string or null`);
    }
    if (typeof field === 'string' && field.trim() === '') {
      return noOp('illegal-combination', `${quote(key)} is blank; use null for "no value"`);
    }
  }
  const failureMode = value['cluster_name'] as string | null;
  const name = value['new_cluster_name'] as string | null;
  const description = value['new_failure_description'] as string | null;

  if (failureMode === null && name !== null && description !== null) {
    return { action: 'create', name, description: description.trim() };
  }
  if (failureMode !== null && name === null && description === null) {
    return { action: 'assign', failureMode };
  }
  if (failureMode !== null && name !== null && description !== null) {
    return { action: 'rename', failureMode, name, description: description.trim() };
  }
  const shape = keys.map((key) => `${key}=${value[key] === null ? 'null' : 'text'}`).join(', ');
  return noOp('illegal-combination', `no legal form has ${shape}`);
}

function noOp(reason: AssignmentNoOpReason, detail: string): ParsedAssignment {
  return { action: 'no-op', reason, detail };
}

function quote(key: string): string {
  return JSON.stringify(key);
}
