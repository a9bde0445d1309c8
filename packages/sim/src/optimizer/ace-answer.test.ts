import { describe, expect, it } from 'vitest';
import {
  aceCuratorMessage,
  aceReflectorMessage,
  renderedReflection,
} from '../__fixtures__/ace-messages.js';
import { cleanWorld, promptsWith, runOn, textInstance } from '../__fixtures__/contract-messages.js';
import { createSimWorld } from '../sim-world.js';
import { aceCurate } from './ace-curate.js';
import { aceReflect } from './ace-reflect.js';
import { optimizerRoleOf } from './sim-optimizer-model.js';

const world = cleanWorld();
const modules = world.benchmark.program.modules;
const seed = promptsWith(world, () => false);
const dayFirst = {
  id: 'stra-00001',
  helpful: 0,
  harmful: 0,
  module: 'interpret',
  content: 'Numeric dates are written day-first.',
};

async function reflectorMessageFor(
  text: string,
  date: string,
  prompts = seed,
  bullets = [dayFirst],
) {
  const evaluated = await runOn(world, prompts, textInstance(text, date));
  return { evaluated, user: aceReflectorMessage({ bullets, modules, evaluated }) };
}
const ask = (user: string, model = world.optimizerModel) =>
  model.generate({ messages: [{ role: 'user', content: user }] }).then((result) => result.text);

describe('the simulated ACE reflector', () => {
  it('is recognised from its opening heading', async () => {
    const { user } = await reflectorMessageFor('Invoice dated 03.04.2021.', '2021-04-03');
    expect(optimizerRoleOf(user)).toBe('ace-reflector');
  });

  it('turns the mechanism the feedback names into its rule, for the module at fault', async () => {
    const { evaluated, user } = await reflectorMessageFor(
      'Invoice dated 03.04.2021.',
      '2021-04-03',
      seed,
      [],
    );
    expect(evaluated.evaluation.score).toBe(0);
    expect(aceReflect(user).lessons).toEqual([
      { module: 'interpret', sentence: 'Numeric dates are written day-first.' },
    ]);
    const json = JSON.parse(await ask(user));
    expect(json.key_insight).toBe('- module `interpret`: Numeric dates are written day-first.');
    for (const field of [
      'reasoning',
      'error_identification',
      'root_cause_analysis',
      'correct_approach',
    ]) {
      expect(typeof json[field]).toBe('string');
    }
  });

  it('tags a rule helpful where it applied and harmful in its mirror case', async () => {
    const withRule = promptsWith(world, (rule) => rule.id === 'numeric-day-first');
    const dotted = await reflectorMessageFor('Invoice dated 03.04.2021.', '2021-04-03', withRule);
    expect(dotted.evaluated.evaluation.score).toBe(1);
    expect(aceReflect(dotted.user)).toMatchObject({
      lessons: [],
      tags: [{ id: 'stra-00001', tag: 'helpful' }],
    });
    const slash = await reflectorMessageFor('Invoice dated 04/03/2021.', '2021-04-03', withRule);
    expect(slash.evaluated.evaluation.score).toBe(0);
    expect(aceReflect(slash.user)).toMatchObject({
      lessons: [
        { module: 'interpret', sentence: 'Slash dates (MM/DD/YYYY) are written month-first.' },
      ],
      tags: [{ id: 'stra-00001', tag: 'harmful' }],
    });
    const iso = await reflectorMessageFor('Invoice dated 2021-04-03.', '2021-04-03', withRule);
    expect(aceReflect(iso.user).tags).toEqual([{ id: 'stra-00001', tag: 'neutral' }]);
  });

  it('breaks the contract at its malformed rate', async () => {
    const broken = createSimWorld({ malformedRate: { 'ace-reflector': 1 }, flawRate: 0 });
    const { user } = await reflectorMessageFor('Invoice dated 03.04.2021.', '2021-04-03');
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((suffix) =>
        ask(`${user}\n${suffix}`, broken.optimizerModel),
      ),
    );
    for (const answer of answers) {
      let valid = false;
      try {
        const json = JSON.parse(answer);
        valid = json.bullet_tags.every((tag: { tag: string }) =>
          ['helpful', 'harmful', 'neutral'].includes(tag.tag),
        );
      } catch {
        valid = false;
      }
      expect(valid, answer).toBe(false);
    }
  });
});

describe('the simulated ACE curator', () => {
  const sections = ['strategies_and_insights', 'others'];

  it('is recognised from its opening heading', () => {
    expect(
      optimizerRoleOf(aceCuratorMessage({ sections, bullets: [], reflection: '(empty)' })),
    ).toBe('ace-curator');
  });

  it('ADDs a lesson the playbook lacks, scoped to its module, and nothing it already has', () => {
    const reflection = renderedReflection(
      '- module `interpret`: Numeric dates are written day-first.\n- module `format`: Two-digit years belong to the 2000s.',
      [],
    );
    const curation = aceCurate(aceCuratorMessage({ sections, bullets: [dayFirst], reflection }), {
      slip: false,
    });
    expect(curation.operations).toEqual([
      {
        type: 'ADD',
        section: 'strategies_and_insights',
        content: 'Two-digit years belong to the 2000s.',
        module: 'format',
      },
    ]);
  });

  it('reads a reflection passed on as the reflector wrote it (ACE profile reference)', () => {
    const reflection = JSON.stringify({
      key_insight:
        '- module `interpret`: Numeric dates are written day-first.\n- module `format`: Two-digit years belong to the 2000s.',
      bullet_tags: [],
    });
    const curation = aceCurate(aceCuratorMessage({ sections, bullets: [dayFirst], reflection }), {
      slip: false,
    });
    expect(curation.operations).toEqual([
      {
        type: 'ADD',
        section: 'strategies_and_insights',
        content: 'Two-digit years belong to the 2000s.',
        module: 'format',
      },
    ]);
  });

  it('DELETEs a bullet that misled more often than it helped', () => {
    const misleading = { ...dayFirst, helpful: 1, harmful: 2 };
    const curation = aceCurate(
      aceCuratorMessage({
        sections,
        bullets: [misleading],
        reflection: renderedReflection('No new lesson.', [{ id: 'stra-00001', tag: 'harmful' }]),
      }),
      { slip: false },
    );
    expect(curation.operations).toEqual([{ type: 'DELETE', bullet_id: 'stra-00001' }]);
  });

  it('restates a helpful bullet when it slips, and only then', () => {
    const user = aceCuratorMessage({
      sections,
      bullets: [dayFirst],
      reflection: renderedReflection('No new lesson.', [{ id: 'stra-00001', tag: 'helpful' }]),
    });
    expect(aceCurate(user, { slip: false }).operations).toEqual([]);
    expect(aceCurate(user, { slip: true }).operations).toEqual([
      {
        type: 'ADD',
        section: 'others',
        content: 'Confirmed: Numeric dates are written day-first.',
        module: 'interpret',
      },
    ]);
  });

  it('answers JSON with an operations list, and breaks it at its malformed rate', async () => {
    const user = aceCuratorMessage({
      sections,
      bullets: [],
      reflection: renderedReflection('No new lesson.', []),
    });
    expect(JSON.parse(await ask(user))).toEqual({
      reasoning: 'The reflection adds nothing the playbook lacks.',
      operations: [],
    });
    const broken = createSimWorld({ malformedRate: { 'ace-curator': 1 }, flawRate: 0 });
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((suffix) =>
        ask(`${user}\n${suffix}`, broken.optimizerModel),
      ),
    );
    for (const answer of answers) {
      let operations: { type: string; bullet_id?: string }[] | undefined;
      try {
        operations = JSON.parse(answer).operations;
      } catch {
        operations = undefined;
      }
      const ghost = operations?.some((operation) => operation.bullet_id === 'ghost-99999') ?? false;
      expect(operations === undefined || ghost, answer).toBe(true);
    }
  });
});
