import { createRandom, readVerificationPrompt } from '@forge/program';
import type { GenerateRequest } from '@forge/provider';
import { hashText } from '../models/request-hash.js';
import type { DateConditions } from '../world/date-case.js';
import { mechanismFamily } from '../world/failure-mechanisms.js';
import { readDateText } from '../world/read-date-text.js';
import type { RoleAnswer } from './generate.js';
import { isoFromTool } from './generate.js';
import { malformedVerdict } from './malformed-output.js';
import { type SeedContext, seedContext } from './read-seed.js';
import { resolveMechanism } from './resolve-mechanism.js';

/** One verdict with its reason. */
interface Judgement {
  readonly ok: boolean;
  readonly reason: string;
}

/**
 * The simulated verifier: re-reads the synthetic text (through `check_date` when offered) and
 * checks the gold date (validity); then checks that the example stands in the stated relation
 * to the failure: positive keeps the mechanism's condition, negative takes its mirror, boundary
 * moves exactly that one condition from the failed example, stress adds distractors, generic
 * stays in the family, random keeps every condition of the source.
 */
export function verify(options: {
  readonly seed: number | string;
  readonly request: GenerateRequest;
  readonly user: string;
  readonly malformed: boolean;
  readonly requestHash: string;
}): RoleAnswer {
  const request = readVerificationPrompt(options.user);
  const context = seedContext(request.signature, request.context);
  const example = parseExample(request.syntheticExample);
  const text =
    typeof example?.[context.inputField] === 'string' ? String(example[context.inputField]) : '';
  const gold =
    typeof example?.[context.outputField] === 'string' ? String(example[context.outputField]) : '';
  const toolOffered =
    options.request.toolChoice !== 'none' &&
    (options.request.tools ?? []).some((tool) => tool.name === 'check_date');
  const toolResult = [...options.request.messages]
    .reverse()
    .find((message) => message.role === 'tool' && message.toolName === 'check_date');
  if (toolOffered && toolResult === undefined && text !== '') {
    const seedHash = hashText(options.seed, 'verifier', options.user);
    return {
      text: 'Re-reading the synthetic text independently.',
      toolCalls: [{ id: `call_${seedHash.slice(0, 16)}`, name: 'check_date', input: { text } }],
    };
  }
  const reading = readDateText(text);
  const checked = toolResult?.role === 'tool' ? isoFromTool(toolResult.content) : undefined;
  const iso = checked ?? (reading.ok ? reading.iso : undefined);
  const validity: Judgement =
    example === undefined
      ? { ok: false, reason: 'The synthetic example is not a JSON object.' }
      : iso === undefined
        ? {
            ok: false,
            reason: `The text has no readable date: ${reading.ok ? '' : reading.reason}.`,
          }
        : iso !== gold
          ? {
              ok: false,
              reason: `The text reads as ${iso}, but the gold date is ${gold || '(empty)'}.`,
            }
          : {
              ok: true,
              reason: `Both fields are present and the text reads as ${iso}, matching the gold date.`,
            };
  const faithfulness = reading.ok
    ? judgeFaithfulness(context, text, reading.conditions)
    : { ok: false, reason: 'An unreadable example cannot stand in any relation to the failure.' };
  const verdict = [
    `<validity_reason>${validity.reason}</validity_reason>`,
    `<validity>${validity.ok}</validity>`,
    `<faithfulness_reason>${faithfulness.reason}</faithfulness_reason>`,
    `<faithfulness>${faithfulness.ok}</faithfulness>`,
  ].join('\n');
  return {
    text: options.malformed
      ? malformedVerdict(verdict, createRandom(options.requestHash, 'malformed-kind'))
      : verdict,
  };
}

function judgeFaithfulness(
  context: SeedContext,
  text: string,
  synthetic: DateConditions,
): Judgement {
  const sourceText = context.source.input[context.inputField] ?? '';
  const sourceReading = readDateText(sourceText);
  if (!sourceReading.ok)
    return {
      ok: false,
      reason: 'The failed example cannot be read, so the relation cannot be checked.',
    };
  const source = sourceReading.conditions;
  if (context.intent === 'random') {
    const same =
      changedConditions(source, synthetic).length === 0 &&
      synthetic.distractorsBefore === source.distractorsBefore;
    return same && text !== sourceText
      ? { ok: true, reason: 'A new surface with the same conditions as the source example.' }
      : {
          ok: false,
          reason:
            'A random example must keep every condition of the source example and change its surface.',
        };
  }
  const mechanism = resolveMechanism({
    clusterName: context.clusterName,
    description: context.description,
    feedback: context.feedback,
    source,
  });
  if (mechanism === undefined)
    return { ok: false, reason: 'The failure mechanism of the cluster could not be identified.' };
  const changed = changedConditions(source, synthetic);
  switch (context.intent) {
    case 'positive':
      return mechanism.trigger(synthetic) && text !== sourceText
        ? {
            ok: true,
            reason: `A new example that still meets the condition of "${mechanism.clusterName}".`,
          }
        : {
            ok: false,
            reason: `A positive example must keep the condition of "${mechanism.clusterName}" with a new surface.`,
          };
    case 'negative':
      return mechanism.mirror(synthetic)
        ? {
            ok: true,
            reason: `A sibling where the rule behind "${mechanism.clusterName}" must not fire.`,
          }
        : {
            ok: false,
            reason: `A negative example must take the mirror condition of "${mechanism.clusterName}".`,
          };
    case 'boundary':
      return mechanism.mirror(synthetic) && changed.length === 1
        ? {
            ok: true,
            reason: `Exactly one condition (${changed[0]}) moved across the edge of the rule.`,
          }
        : {
            ok: false,
            reason: `A boundary example must move exactly the rule's condition; changed: ${changed.join(', ') || 'nothing'}.`,
          };
    case 'stress':
      return synthetic.distractorsBefore > source.distractorsBefore &&
        (mechanism.trigger(synthetic) || mechanism.family === 'distractor')
        ? { ok: true, reason: 'The same mechanism under added distractor numbers.' }
        : {
            ok: false,
            reason:
              'A stress example must keep the mechanism and add distractor numbers before the date.',
          };
    case 'generic':
      return mechanismFamily(mechanism.family).trigger(synthetic)
        ? { ok: true, reason: `A plain new example of the "${mechanism.family}" kind of failure.` }
        : {
            ok: false,
            reason: `The example does not exercise the "${mechanism.family}" kind of failure.`,
          };
    case 'unknown':
      return { ok: false, reason: 'The mutation kind is not one this verifier knows.' };
  }
}

function changedConditions(source: DateConditions, synthetic: DateConditions): string[] {
  const changed: string[] = [];
  if (source.form !== synthetic.form) changed.push('form');
  if (source.monthStyle !== synthetic.monthStyle) changed.push('month style');
  if (source.yearStyle !== synthetic.yearStyle) changed.push('year style');
  if (source.century !== synthetic.century) changed.push('century');
  if (source.distractorsBefore > 0 !== synthetic.distractorsBefore > 0)
    changed.push('distractors before the date');
  return changed;
}

function parseExample(json: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
