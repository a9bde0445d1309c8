import {
  createRandom,
  isAceCurationPrompt,
  isAceReflectionPrompt,
  type Random,
} from '@forge/program';
import { aceCurate } from './ace-curate.js';
import { malformedAceReflection, malformedCuration } from './ace-malformed-output.js';
import { aceReflect, aceReflectionJson } from './ace-reflect.js';

/** The ACE roles the simulated optimizer plays. */
export type AceSimRole = 'ace-reflector' | 'ace-curator';

/** The ACE role a user message asks for, from its opening heading alone. */
export function aceRoleOf(user: string): AceSimRole | undefined {
  if (isAceReflectionPrompt(user)) return 'ace-reflector';
  if (isAceCurationPrompt(user)) return 'ace-curator';
  return undefined;
}

/**
 * The simulated answer of an ACE role: the reflection JSON or the operations JSON, broken in one
 * of the role's ways when `malformed`. The curator's careless restatement happens at `flawRate`.
 */
export function answerAce(options: {
  readonly role: AceSimRole;
  readonly user: string;
  readonly requestHash: string;
  readonly malformed: boolean;
  readonly kind: Random;
  readonly flawRate: number;
}): string {
  if (options.role === 'ace-reflector') {
    const json = aceReflectionJson(aceReflect(options.user));
    return options.malformed
      ? malformedAceReflection(json, options.kind)
      : JSON.stringify(json, null, 2);
  }
  const slip = createRandom(options.requestHash, 'ace-curator-slip').next() < options.flawRate;
  const answer = aceCurate(options.user, { slip });
  return options.malformed
    ? malformedCuration(answer, options.kind)
    : JSON.stringify({ reasoning: answer.reasoning, operations: answer.operations }, null, 2);
}
