import { coerceToSignature, extractXmlBlock, type Instance, parseJsonObject } from '@forge/program';
import { type AgentResult, runAgent } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import {
  cleanWorld,
  generatorMessage,
  promptsWith,
  randomGeneratorMessage,
  runOn,
  textInstance,
  verifierMessage,
} from '../__fixtures__/contract-messages.js';
import { createSimWorld, type SimWorld } from '../sim-world.js';
import { readDateText } from '../world/read-date-text.js';

const world = cleanWorld();
const seed = promptsWith(world, () => false);
const trainPhrases = promptsWith(world, (rule) => rule.exposedBy === 'train');
const allPhrases = promptsWith(world, () => true);

const modes = {
  dotted: {
    clusterName: 'dotted_dates_read_month_first',
    description:
      'Dotted numeric dates (DD.MM.YYYY) are read month-first, so the day and the month come out swapped.',
    failed: textInstance('Invoice dated 03.04.2021.', '2021-04-03', 'train-dotted'),
  },
  twoDigit: {
    clusterName: 'two_digit_year_century_wrong',
    description: 'Two-digit years are expanded to the wrong century.',
    failed: textInstance("Contract signed on 3 March '21.", '2021-03-03', 'train-two-digit'),
  },
  abbreviated: {
    clusterName: 'abbreviated_month_names_missed_in_day_month_name_dates',
    description:
      'Abbreviated month names (Sept, Dec) are not read as months, so the month and the day are lost.',
    failed: textInstance('Exam scheduled for 5th Jan 1993.', '1993-01-05', 'train-abbreviated'),
  },
  abbreviatedMonthFirst: {
    clusterName: 'abbreviated_month_names_missed_in_month_name_day_dates',
    description:
      'Abbreviated month names (Sept, Dec) are not read as months, so the month and the day are lost.',
    failed: textInstance(
      'Exam scheduled for Jan 5th, 1993.',
      '1993-01-05',
      'train-abbreviated-month-first',
    ),
  },
} as const;

interface Generated {
  readonly instance: Instance;
  readonly agent: AgentResult;
}

async function generateFrom(
  simWorld: SimWorld,
  mode: (typeof modes)[keyof typeof modes],
  intent: string,
): Promise<Generated> {
  const evaluated = await runOn(simWorld, seed, mode.failed);
  expect(evaluated.evaluation.score).toBe(0);
  const agent = await runAgent({
    model: simWorld.optimizerModel,
    prompt: generatorMessage(simWorld.benchmark.signature, {
      clusterName: mode.clusterName,
      description: mode.description,
      intent,
      evaluated,
    }),
    tools: simWorld.benchmark.synthesisTools,
  });
  return { instance: coerce(simWorld, agent.text, `${intent}-${mode.failed.id}`), agent };
}

function coerce(simWorld: SimWorld, text: string, id: string): Instance {
  const block = extractXmlBlock(text, 'synthetic_example');
  if (!block.ok) throw new Error(`no example: ${block.reason}`);
  const parsed = parseJsonObject(block.content);
  if (!parsed.ok) throw new Error(parsed.reason);
  const coerced = coerceToSignature(parsed.value, simWorld.benchmark.signature);
  if (!coerced.ok) throw new Error(coerced.reason);
  return { id, input: coerced.input, gold: coerced.gold };
}

async function verdict(
  simWorld: SimWorld,
  generated: Generated,
  mode: (typeof modes)[keyof typeof modes],
  intent: string,
) {
  const agent = await runAgent({
    model: simWorld.optimizerModel,
    prompt: verifierMessage(
      simWorld.benchmark.signature,
      { ...generated.instance.input, ...generated.instance.gold },
      { clusterName: mode.clusterName, description: mode.description, intent, source: mode.failed },
      generated.agent.transcript,
    ),
    tools: simWorld.benchmark.synthesisTools,
  });
  const tag = (name: string) => {
    const block = extractXmlBlock(agent.text, name);
    return block.ok ? block.content : undefined;
  };
  return { validity: tag('validity'), faithfulness: tag('faithfulness'), agent };
}

describe('the simulated generator and verifier', () => {
  const slashRead = /slash date .* was read day-first/;
  const pivotRead = /two-digit year read as 20xx/;
  const distractorRead = /a number that is not part of the date was read/;
  it.each([
    ['dotted', 'negative', slashRead],
    ['dotted', 'boundary', slashRead],
    ['twoDigit', 'negative', pivotRead],
    ['twoDigit', 'boundary', pivotRead],
    ['abbreviated', 'stress', distractorRead],
    ['abbreviatedMonthFirst', 'negative', slashRead],
    ['dotted', 'stress', distractorRead],
  ] as const)(
    'a %s failure mutated by %s exposes a validation-only mechanism',
    async (modeName, intent, exposes) => {
      const mode = modes[modeName];
      const generated = await generateFrom(world, mode, intent);
      const reading = readDateText(String(generated.instance.input['text']));
      expect(reading.ok && reading.iso).toBe(generated.instance.gold['date']);
      const underTraining = await runOn(world, trainPhrases, generated.instance);
      expect(underTraining.evaluation.score).toBe(0);
      expect(underTraining.evaluation.feedback).toMatch(exposes);
      expect((await runOn(world, allPhrases, generated.instance)).evaluation.score).toBe(1);
      expect(await verdict(world, generated, mode, intent)).toMatchObject({
        validity: 'true',
        faithfulness: 'true',
      });
    },
  );

  it.each(['positive', 'generic'] as const)(
    'positive and generic examples of the dotted mode stay what training shows',
    async (intent) => {
      const generated = await generateFrom(world, modes.dotted, intent);
      expect((await runOn(world, seed, generated.instance)).evaluation.score).toBe(0);
      expect((await runOn(world, trainPhrases, generated.instance)).evaluation.score).toBe(1);
      expect(await verdict(world, generated, modes.dotted, intent)).toMatchObject({
        validity: 'true',
        faithfulness: 'true',
      });
    },
  );

  it('random synthesis keeps the conditions of the source example, so it never exposes a validation-only mechanism', async () => {
    const splits = await world.benchmark.loadSplits();
    for (const source of splits.train.slice(0, 12)) {
      const agent = await runAgent({
        model: world.optimizerModel,
        prompt: randomGeneratorMessage(world.benchmark.signature, source),
        tools: world.benchmark.synthesisTools,
      });
      const instance = coerce(world, agent.text, `random-${source.id}`);
      const before = readDateText(String(source.input['text']));
      const after = readDateText(String(instance.input['text']));
      expect(after.ok && after.conditions).toEqual(before.ok && before.conditions);
      expect(instance.input['text']).not.toBe(source.input['text']);
      expect((await runOn(world, trainPhrases, instance)).evaluation.score).toBe(1);
    }
  });

  it('calls check_date once through the agent loop, and answers in one step without tools', async () => {
    const generated = await generateFrom(world, modes.dotted, 'boundary');
    expect(generated.agent.steps).toBe(2);
    expect(generated.agent.transcript.map((entry) => entry.type)).toEqual([
      'assistant-text',
      'tool-call',
      'tool-result',
      'assistant-text',
    ]);
    const evaluated = await runOn(world, seed, modes.dotted.failed);
    const single = await runAgent({
      model: world.optimizerModel,
      prompt: generatorMessage(world.benchmark.signature, {
        ...modes.dotted,
        intent: 'boundary',
        evaluated,
      }),
    });
    expect(single.steps).toBe(1);
    expect(coerce(world, single.text, 'single')).toEqual({ ...generated.instance, id: 'single' });
  });

  it('writes flawed examples at the flaw rate, and the verifier rejects them', async () => {
    const sloppy = createSimWorld({ malformedRate: 0, flawRate: 1 });
    const outcomes = new Set<string>();
    for (const [modeName, intent] of [
      ['dotted', 'negative'],
      ['dotted', 'boundary'],
      ['twoDigit', 'boundary'],
      ['twoDigit', 'negative'],
      ['abbreviated', 'stress'],
      ['dotted', 'stress'],
      ['twoDigit', 'stress'],
      ['abbreviated', 'boundary'],
    ] as const) {
      const mode = modes[modeName];
      const generated = await generateFrom(sloppy, mode, intent);
      const result = await verdict(sloppy, generated, mode, intent);
      expect(result.validity === 'false' || result.faithfulness === 'false').toBe(true);
      outcomes.add(`${result.validity}/${result.faithfulness}`);
    }
    expect(outcomes).toEqual(new Set(['false/true', 'true/false']));
  });
});
