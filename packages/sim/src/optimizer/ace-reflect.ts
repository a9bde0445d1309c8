import {
  type RenderedBullet,
  readAceReflectionPrompt,
  readPlaybookBullets,
  readRenderedInstance,
} from '@forge/program';
import {
  type FailureMechanism,
  failureMechanisms,
  mechanismsNamedIn,
} from '../world/failure-mechanisms.js';
import { readDateText } from '../world/read-date-text.js';
import { type SimRuleId, simRule, simRules, twoDigitYearPivot } from '../world/sim-rules.js';
import { statedRules } from './write-module-prompt.js';

/** One lesson the simulated reflector draws: the canonical sentence of a rule, for a module. */
export interface AceLesson {
  /** The module at fault. */
  readonly module: string;
  /** The rule's canonical sentence. */
  readonly sentence: string;
}

/** What the simulated ACE reflector answers, before it is written as JSON. */
export interface AceReflection {
  /** The lessons, in the order the feedback names their mechanisms. */
  readonly lessons: readonly AceLesson[];
  /** Its tag for every bullet it was shown. */
  readonly tags: readonly {
    readonly id: string;
    readonly tag: 'helpful' | 'harmful' | 'neutral';
  }[];
  /** The mechanisms it recognised. */
  readonly mechanisms: readonly FailureMechanism[];
  /** The score it was shown. */
  readonly score: number;
}

/**
 * The simulated ACE reflector. Like Forge's simulated reflector it learns what is wrong only
 * from the evaluator's feedback: each mechanism the feedback names for a module becomes that
 * rule's canonical sentence for that module. It tags a shown bullet by the rule the bullet states
 * (recognised by its canonical phrase) and the input's conditions, read from the task input with
 * the world's reference reader: helpful when the rule applies and its module got its part
 * right, harmful when the input is the rule's mirror case and its module failed there, neutral
 * otherwise.
 */
export function aceReflect(user: string): AceReflection {
  const request = readAceReflectionPrompt(user);
  const bullets = readPlaybookBullets(request.bulletsUsed ?? '');
  const text =
    readRenderedInstance(`### Input\n\n${reshift(request.taskInput ?? '')}`).input['text'] ?? '';
  const feedback = feedbackByModule(request);
  const mechanisms: FailureMechanism[] = [];
  const lessons: AceLesson[] = [];
  for (const [module, words] of feedback.byModule) {
    for (const mechanism of mechanismsNamedIn(words)) {
      if (mechanism.module !== module) continue;
      mechanisms.push(mechanism);
      const sentence = sentenceFor(mechanism.rule, words);
      if (!lessons.some((lesson) => lesson.module === module && lesson.sentence === sentence)) {
        lessons.push({ module, sentence });
      }
    }
  }
  const reading = readDateText(text);
  const failedFamilies = new Set(
    mechanisms.map((mechanism) => `${mechanism.module}:${mechanism.family}`),
  );
  const tags = bullets.map((bullet) => {
    const mechanism = reading.ok ? mechanismOf(bullet) : undefined;
    if (!reading.ok || mechanism === undefined) return { id: bullet.id, tag: 'neutral' as const };
    const failedHere = failedFamilies.has(`${mechanism.module}:${mechanism.family}`);
    if (mechanism.trigger(reading.conditions) && !failedHere)
      return { id: bullet.id, tag: 'helpful' as const };
    if (mechanism.mirror(reading.conditions) && failedHere)
      return { id: bullet.id, tag: 'harmful' as const };
    return { id: bullet.id, tag: 'neutral' as const };
  });
  return { lessons, tags, mechanisms, score: feedback.score };
}

/** The reflection as the ACE contract's JSON object. */
export function aceReflectionJson(reflection: AceReflection): Record<string, unknown> {
  const { lessons, mechanisms } = reflection;
  const right = reflection.score === 1;
  return {
    reasoning: right
      ? 'The answer matches the ground truth; checking which conventions it relied on.'
      : `The feedback names ${mechanisms.length} mechanism(s); each is a missing convention.`,
    error_identification: right
      ? 'Nothing went wrong.'
      : mechanisms.length > 0
        ? mechanisms.map((mechanism) => mechanism.description).join(' ')
        : 'The answer is wrong, but the feedback names no mechanism this reflector recognises.',
    root_cause_analysis: right
      ? 'The conventions the input needs were stated.'
      : lessons.length > 0
        ? 'The prompt does not state the convention the input needs.'
        : 'Unclear.',
    correct_approach:
      lessons.length > 0 ? 'Apply the conventions below.' : 'Keep the current approach.',
    key_insight:
      lessons.length > 0
        ? lessons.map((lesson) => `- module \`${lesson.module}\`: ${lesson.sentence}`).join('\n')
        : 'No new lesson.',
    bullet_tags: reflection.tags,
  };
}

function mechanismOf(bullet: RenderedBullet): FailureMechanism | undefined {
  const stated = statedRules(bullet.content)[0];
  if (stated === undefined) return undefined;
  const rule: SimRuleId | undefined = stated.startsWith('Two-digit years from')
    ? 'two-digit-pivot'
    : simRules.find((candidate) => candidate.phrase === stated)?.id;
  return failureMechanisms.find((mechanism) => mechanism.rule === rule);
}

function sentenceFor(rule: SimRuleId, feedback: string): string {
  if (rule !== 'two-digit-pivot') return simRule(rule).phrase;
  // The pivot is read from the feedback that states it, as a reflector would.
  const stated = /years from (\d{1,2}) to 99 mean 19xx/.exec(feedback)?.[1];
  return `Two-digit years from ${stated ?? twoDigitYearPivot} to 99 belong to the 1900s.`;
}

function feedbackByModule(request: ReturnType<typeof readAceReflectionPrompt>): {
  score: number;
  byModule: Map<string, string>;
} {
  const byModule = new Map(request.moduleFeedback);
  if (byModule.size === 0) {
    // Without per-module feedback, the overall feedback speaks for every module.
    for (const module of ['interpret', 'format'])
      byModule.set(module, request.overallFeedback ?? '');
  }
  return { score: request.score ?? 0, byModule };
}

// The task input is rendered with `## field` headings; the instance reader expects `####`.
function reshift(fields: string): string {
  return fields.replace(/^## /gm, '#### ');
}
