import { createRandom, readGenerationPrompt } from '@forge/program';
import type { GenerateRequest, ToolCall } from '@forge/provider';
import { hashText } from '../models/request-hash.js';
import { type DateReading, readDateText } from '../world/read-date-text.js';
import { malformedExample } from './malformed-output.js';
import { mutateDateText } from './mutate-date-text.js';
import { type SeedContext, seedContext } from './read-seed.js';
import { resolveMechanism } from './resolve-mechanism.js';

/** Settings of one generator call. */
export interface GeneratorCall {
  /** The world's seed. */
  readonly seed: number | string;
  /** The request. */
  readonly request: GenerateRequest;
  /** The opening user message. */
  readonly user: string;
  /** The break decision of this call. */
  readonly malformed: boolean;
  /** Rate of flawed examples. */
  readonly flawRate: number;
  /** Draws for this call (from the request's hash). */
  readonly requestHash: string;
}

/** The generator's answer: text and, on its first step, a tool call. */
export interface RoleAnswer {
  /** Visible text. */
  readonly text: string;
  /** Tool calls. */
  readonly toolCalls?: readonly ToolCall[];
}

/**
 * The simulated generator. It derives every choice from the opening message alone, so its
 * tool-calling first step and its final step agree: it mutates the failed (or source) example
 * according to the intent, asks `check_date` for the gold date when that tool is offered, and
 * returns one `<synthetic_example>` with exactly the signature's fields. At the flaw rate it
 * slips: a wrong gold date, or an example that ignores the intent.
 */
export function generate(call: GeneratorCall): RoleAnswer {
  const request = readGenerationPrompt(call.user);
  const context = seedContext(request.signature, request.seed);
  const seedHash = hashText(call.seed, 'generator', call.user);
  const flawDraw = createRandom(seedHash, 'flaw');
  const flawed = flawDraw.next() < call.flawRate;
  const flaw = flawed ? (flawDraw.next() < 0.5 ? 'wrong-gold' : 'ignore-intent') : undefined;
  const sourceText = context.source.input[context.inputField] ?? '';
  const source = readDateText(sourceText);
  const mechanism =
    context.intent === 'random'
      ? undefined
      : resolveMechanism({
          clusterName: context.clusterName,
          description: context.description,
          feedback: context.feedback,
          source: source.ok ? source.conditions : undefined,
        });
  const intent = context.intent === 'unknown' ? 'positive' : context.intent;
  const mutation = mutateDateText({
    sourceText,
    mechanism,
    intent: flaw === 'ignore-intent' && intent !== 'random' ? 'positive' : intent,
    random: createRandom(seedHash, 'mutation'),
  });
  const toolOffered =
    call.request.toolChoice !== 'none' &&
    (call.request.tools ?? []).some((tool) => tool.name === 'check_date');
  const toolResult = [...call.request.messages]
    .reverse()
    .find((message) => message.role === 'tool' && message.toolName === 'check_date');
  if (toolOffered && toolResult === undefined) {
    return {
      text: `${mutation.plan} Checking how the new text reads.`,
      toolCalls: [
        { id: `call_${seedHash.slice(0, 16)}`, name: 'check_date', input: { text: mutation.text } },
      ],
    };
  }
  const checked = toolResult?.role === 'tool' ? isoFromTool(toolResult.content) : undefined;
  const reading = readDateText(mutation.text);
  let gold = checked ?? (reading.ok ? reading.iso : 'unknown');
  if (flaw === 'wrong-gold') gold = wrongGold(reading, gold);
  const example = exampleObject(context, mutation.text, gold);
  if (call.malformed)
    return { text: malformedExample(example, createRandom(call.requestHash, 'malformed-kind')) };
  const note = checked === undefined ? '' : ` check_date reads it as ${checked}.`;
  return {
    text: `${mutation.plan}${note}\n\n<synthetic_example>\n${JSON.stringify(example, null, 2)}\n</synthetic_example>`,
  };
}

function exampleObject(context: SeedContext, text: string, gold: string): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const name of context.fieldNames) example[name] = '';
  example[context.inputField] = text;
  example[context.outputField] = gold;
  return example;
}

/** The ISO date a `check_date` result reports, if it found one. */
export function isoFromTool(content: string): string | undefined {
  try {
    const value = JSON.parse(content) as { found?: unknown; iso_date?: unknown };
    return value.found === true && typeof value.iso_date === 'string' ? value.iso_date : undefined;
  } catch {
    return undefined;
  }
}

function wrongGold(reading: DateReading, gold: string): string {
  if (!reading.ok) return gold;
  const { date, conditions } = reading;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (conditions.yearStyle === 'two') {
    const year = date.year < 2000 ? date.year + 100 : date.year - 100;
    return `${year}-${pad(date.month)}-${pad(date.day)}`;
  }
  if (date.day <= 12 && date.day !== date.month)
    return `${date.year}-${pad(date.day)}-${pad(date.month)}`;
  return `${date.year}-${pad(date.month)}-${pad(date.day === 28 ? 27 : date.day + 1)}`;
}
