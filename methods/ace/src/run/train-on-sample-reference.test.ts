import { createLimiter } from '@forge/method';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { defaultSections, parseAceSettings } from '../ace-settings.js';
import type { Bullet, Playbook } from '../playbook/playbook.js';
import { renderPlaybook } from '../playbook/render-playbook.js';
import type { AceRuntime } from './ace-runtime.js';
import { trainOnSample } from './train-on-sample.js';

// One training step under `profile: reference`, against what ace-agent/ace does at commit
// ba78d34 (file:line cited per case). Each case shows a behaviour Forge's own rules (`paper`)
// handle differently.

const program = toyProgram(['answer']);
const instance = toyInstances('t', 1)[0]!; // category a: right only with rule-a in the prompt
const position = { sample: 1, samples: 4, epoch: 1, epochs: 1 };

const bullet = (id: string, section: string, content: string): Bullet => ({
  id,
  section,
  module: null,
  content,
  helpful: 0,
  harmful: 0,
});
const playbook: Playbook = {
  sections: defaultSections,
  nextId: 3,
  bullets: [
    bullet('sai-00001', 'strategies_and_insights', 'Read the input twice.'),
    bullet('misc-00002', 'others', 'Answer plainly.'),
  ],
};

const reflection = (tags: unknown[] = [], insight = 'Look for the category.') =>
  JSON.stringify({
    reasoning: 'r',
    error_identification: 'e',
    root_cause_analysis: 'c',
    correct_approach: 'a',
    key_insight: insight,
    bullet_tags: tags,
  });
const curation = (operations: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ reasoning: 'Lessons.', operations, ...extra });

/** One sample: a wrong first answer, one reflection round, one curation; no post-curation answer. */
async function step(options: { reflector: string; curator: string; start?: Playbook }) {
  const task = toyTaskModel();
  const reflector = new MockLanguageModel({ responses: [options.reflector] });
  const curator = new MockLanguageModel({ responses: [options.curator] });
  const runtime: AceRuntime = {
    program,
    evaluate: toyEvaluate,
    modules: program.modules,
    seedPrompts: seedPrompts(program),
    taskModel: task,
    reflector,
    curator,
    settings: parseAceSettings({
      profile: 'reference',
      maxReflectionRounds: 1,
      evaluateAfterCuration: false,
    }),
    limit: createLimiter(1),
    onEvaluated: () => {},
  };
  const outcome = await trainOnSample(runtime, options.start ?? playbook, instance, position);
  return { outcome, task, curator };
}

const noOperations = curation([]);
const counters = (result: Playbook) =>
  Object.fromEntries(result.bullets.map((item) => [item.id, [item.helpful, item.harmful]]));

describe('one step under profile reference', () => {
  it('drops the whole curation when one operation is bad, as the reference does', async () => {
    // ace/core/curator.py:203–222 raises on an operation that is not an object, has no type, or
    // is an ADD without section or content; :145–153 then returns the playbook unchanged. An
    // ADD whose section is not a string fails in playbook_utils.py:146 (`.lower()`), caught at
    // curator.py:155–163; an answer without a string `reasoning` fails at :189–197.
    const good = { type: 'ADD', section: 'others', content: 'Category a needs rule-a.' };
    for (const answer of [
      curation([good, { type: 'ADD', section: 'others' }]),
      curation([good, { section: 'others', content: 'No type.' }]),
      curation([good, 'ADD something']),
      curation([good, { type: 'ADD', section: 7, content: 'Numbered section.' }]),
      JSON.stringify({ operations: [good] }),
      JSON.stringify({ reasoning: ['a', 'list'], operations: [good] }),
    ]) {
      const { outcome } = await step({ reflector: reflection(), curator: answer });
      expect(outcome.curation).toMatchObject({ outcome: 'malformed', code: 'invalid-answer' });
      expect(outcome.playbook.bullets).toEqual(playbook.bullets);
    }
  });

  it('normalises an ADD section the reference way and files unknown ones under others', async () => {
    // playbook_utils.py:146 lowercases, turns spaces into underscores and & into "and", without
    // trimming; :149–151 sends a section the playbook lacks to others; `general` keeps its name
    // and, with no such heading, goes right after "## OTHERS" (:197–211), before its bullets.
    const { outcome } = await step({
      reflector: reflection(),
      curator: curation([
        { type: 'ADD', section: 'STRATEGIES & INSIGHTS', content: 'One.' },
        { type: 'ADD', section: 'Common Mistakes To Avoid', content: 'Two.' },
        { type: 'ADD', section: ' formulas_and_calculations', content: 'Three.' },
        { type: 'ADD', section: 'general', content: 'Four.' },
      ]),
    });
    expect(renderPlaybook(outcome.playbook).split('\n')).toEqual([
      '## strategies_and_insights',
      '[sai-00001] helpful=0 harmful=0 :: Read the input twice.',
      '[sai-00003] helpful=0 harmful=0 :: One.',
      '',
      '## common_mistakes_to_avoid',
      '[err-00004] helpful=0 harmful=0 :: Two.',
      '',
      '## others',
      '[gene-00006] helpful=0 harmful=0 :: Four.',
      '[misc-00002] helpful=0 harmful=0 :: Answer plainly.',
      '[misc-00005] helpful=0 harmful=0 :: Three.',
    ]);
  });

  it('derives bullet ids from the reference`s section slugs', async () => {
    // utils.py:44–69: fixed slugs for five of the default sections and `others`; the default
    // "STRATEGIES & INSIGHTS" is not in the map and gets the initials of its words. The heading
    // "PROBLEM-SOLVING HEURISTICS" (ace/ace.py:105) normalises with its hyphen
    // (playbook_utils.py:117), so `problem_solving_heuristics` is not found and goes to others
    // (:149–151), while the heading itself is found and gets `ph`. Run on the reference's empty
    // playbook, apply_curator_operations gives exactly these ids.
    const operations = [...defaultSections, 'PROBLEM-SOLVING HEURISTICS'].map((section) => ({
      type: 'ADD',
      section,
      content: `A lesson for ${section}.`,
    }));
    const { outcome } = await step({ reflector: reflection(), curator: curation(operations) });
    const added = outcome.playbook.bullets.slice(2).map((item) => [item.id, item.section]);
    expect(added).toEqual([
      ['sai-00003', 'strategies_and_insights'],
      ['calc-00004', 'formulas_and_calculations'],
      ['code-00005', 'code_snippets_and_templates'],
      ['err-00006', 'common_mistakes_to_avoid'],
      ['misc-00007', 'others'],
      ['ctx-00008', 'context_clues_and_indicators'],
      ['misc-00009', 'others'],
      ['ph-00010', 'problem_solving_heuristics'],
    ]);
  });

  it('keeps ADD content as written, an empty one included', async () => {
    // playbook_utils.py:157–159: `op.get('content', '')` goes into the line unchanged.
    const copied = '[ctx-00263] helpful=1 harmful=0 :: Dates  are day-first.';
    const { outcome } = await step({
      reflector: reflection(),
      curator: curation([
        { type: 'ADD', section: 'others', content: copied },
        { type: 'ADD', section: 'others', content: 'First line.\nSecond line.' },
        { type: 'ADD', section: 'others', content: '' },
      ]),
    });
    expect(outcome.playbook.bullets.slice(2).map((item) => item.content)).toEqual([
      copied,
      'First line.\nSecond line.',
      '',
    ]);
    expect(outcome.curation).toMatchObject({ outcome: 'applied', rejected: [] });
  });

  it('strips a tagged bullet`s first line when it rewrites its counters', async () => {
    // playbook_utils.py:76–89 parses each tagged line back (`line.strip()`, `::\s*(.*)`, :16–17)
    // and writes it anew: the content's first line loses its surrounding spaces, neutral too.
    const start: Playbook = {
      ...playbook,
      bullets: [
        bullet('misc-00001', 'others', '  Padded.  \nSecond line.  '),
        bullet('misc-00002', 'others', 'Last.'),
      ],
    };
    const { outcome } = await step({
      start,
      reflector: reflection([{ id: 'misc-00001', tag: 'neutral' }]),
      curator: noOperations,
    });
    expect(outcome.playbook.bullets[0]?.content).toBe('Padded.\nSecond line.  ');
  });

  it('strips the playbook text`s last line before it moves counters or curates', async () => {
    // playbook_utils.py:52 and :106 strip the whole text first: only the last bullet of the last
    // section loses its trailing spaces. A tag of an unknown bullet is enough (:56–68); run on
    // these two bullets, update_bullet_counts and apply_curator_operations print "Tail.".
    const start: Playbook = {
      ...playbook,
      bullets: [
        bullet('sai-00001', 'strategies_and_insights', 'One.  '),
        bullet('misc-00002', 'others', 'Tail.  '),
      ],
    };
    for (const answers of [
      { reflector: reflection([{ id: 'sai-00009', tag: 'helpful' }]), curator: 'No JSON.' },
      { reflector: reflection(), curator: noOperations },
    ]) {
      const { outcome } = await step({ start, ...answers });
      expect(outcome.playbook.bullets.map((item) => item.content)).toEqual(['One.  ', 'Tail.']);
    }
  });

  it('applies only an operation typed exactly ADD; other spellings are passed over unchecked', async () => {
    // playbook_utils.py:143 compares `op_type == 'ADD'`; curator.py:214–215 only warns about
    // another type and :218 checks fields of an exact ADD only.
    const { outcome } = await step({
      reflector: reflection(),
      curator: curation([
        { type: 'add', section: 'others', content: 'Lowercase.' },
        { type: ' ADD', content: 'Spaced, no section.' },
        { type: 'ADD', section: 'others', content: 'Exact.' },
      ]),
    });
    expect(outcome.playbook.bullets.slice(2).map((item) => item.content)).toEqual(['Exact.']);
    expect(outcome.curation).toMatchObject({
      outcome: 'applied',
      rejected: [
        { index: 0, type: 'add', reason: 'unsupported-operation' },
        { index: 1, type: ' ADD', reason: 'unsupported-operation' },
      ],
    });
  });

  it('reads tags by `id` or `bullet`, and counts only the exact words helpful and harmful', async () => {
    // playbook_utils.py:61 takes `id`, else `bullet` (never `bullet_id`); :62 a missing tag is
    // neutral; :79–82 compare the tag as written, and :64 lets a later tag of a bullet replace
    // an earlier one whatever it says.
    const start: Playbook = {
      ...playbook,
      bullets: [
        bullet('misc-00001', 'others', 'One.'),
        bullet('misc-00002', 'others', 'Two.'),
        bullet('misc-00003', 'others', 'Three.'),
        bullet('misc-00004', 'others', 'Four.'),
        bullet('misc-00005', 'others', 'Five.'),
      ],
    };
    const { outcome } = await step({
      start,
      reflector: reflection([
        { bullet: 'misc-00001', tag: 'helpful' },
        { bullet_id: 'misc-00002', tag: 'helpful' },
        { id: 'misc-00003', tag: 'Helpful' },
        { id: 'misc-00004', tag: 'harmful' },
        { id: 'misc-00004', tag: 'HARMFUL' },
        { id: '', bullet: 'misc-00005', tag: 'harmful' },
      ]),
      curator: noOperations,
    });
    expect(counters(outcome.playbook)).toEqual({
      'misc-00001': [1, 0],
      'misc-00002': [0, 0],
      'misc-00003': [0, 0],
      'misc-00004': [0, 0],
      'misc-00005': [0, 1],
    });
  });

  it('moves counters from the tags of a reflection that does not parse', async () => {
    // ace/core/reflector.py:124–148 (json_mode off, the default, ace/ace.py:129) looks for
    // "bullet_tags" in the raw answer and parses only the bracketed list after it.
    const start: Playbook = {
      ...playbook,
      bullets: [bullet('misc-00001', 'others', 'One.'), bullet('misc-00002', 'others', 'Two.')],
    };
    const { outcome } = await step({
      start,
      reflector:
        'The lesson: keep reading. {"key_insight": "unfinished, "bullet_tags": [{"id": "misc-00001", "tag": "helpful"}, {"id": "misc-00002", "tag": "harmful"}] and more',
      curator: noOperations,
    });
    expect(outcome.reflections[0]).toMatchObject({
      outcome: 'malformed',
      tags: { helpful: 1, harmful: 1 },
    });
    expect(counters(outcome.playbook)).toEqual({
      'misc-00001': [1, 0],
      'misc-00002': [0, 1],
    });
  });

  it('shows the curator and the next attempt the reflection as written, with the reference`s statistics and headings', async () => {
    // ace/ace.py:510, :534 and :586 pass the reflector's answer itself to the generator and the
    // curator; playbook_utils.py:218–254 shapes the statistics (curator.py:71), keyed by the
    // heading text (:232–233).
    const answer = reflection([{ id: 'sai-00001', tag: 'helpful' }], 'Category a needs rule-a.');
    const { curator, task } = await step({ reflector: answer, curator: noOperations });
    const user = String(curator.requests[0]?.messages[0]?.content);
    expect(user).toContain(`# Recent Reflection\n\n${answer}\n`);
    const statistics = /# Playbook Statistics\n\n(\{[\s\S]*?\n\})/.exec(user)?.[1] ?? '{}';
    expect(JSON.parse(statistics)).toEqual({
      total_bullets: 2,
      high_performing: 0,
      problematic: 0,
      unused: 1,
      by_section: {
        'STRATEGIES & INSIGHTS': { count: 1, helpful: 1, harmful: 0 },
        OTHERS: { count: 1, helpful: 0, harmful: 0 },
      },
    });
    // The reference's headings (ace/ace.py:97–109), in the curator's and the program's view.
    expect(user).toContain('## STRATEGIES & INSIGHTS\n[sai-00001]');
    expect(user).toContain('## PROBLEM-SOLVING HEURISTICS');
    expect(String(task.requests[0]?.system)).toContain('## OTHERS\n[misc-00002]');
    expect(String(task.requests[1]?.system)).toContain(answer);
  });
});
