import { createLimiter } from '@forge/method';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { parseAceSettings } from '../ace-settings.js';
import type { Playbook } from '../playbook/playbook.js';
import type { AceRuntime } from './ace-runtime.js';
import { trainOnSample } from './train-on-sample.js';

const program = toyProgram(['read', 'answer']);
const instance = toyInstances('t', 1)[0]!; // category a
const position = { sample: 1, samples: 4, epoch: 1, epochs: 1 };
const playbook: Playbook = {
  sections: ['rules', 'others'],
  nextId: 3,
  bullets: [
    {
      id: 'rule-00001',
      section: 'rules',
      module: 'read',
      content: 'Read carefully.',
      helpful: 0,
      harmful: 0,
    },
    {
      id: 'rule-00002',
      section: 'rules',
      module: 'answer',
      content: 'Answer plainly.',
      helpful: 0,
      harmful: 0,
    },
  ],
};

const reflection = (insight: string, tags: { id: string; tag: string }[] = []) =>
  JSON.stringify({
    reasoning: 'r',
    error_identification: 'e',
    root_cause_analysis: 'c',
    correct_approach: 'a',
    key_insight: insight,
    bullet_tags: tags,
  });
const noOperations = JSON.stringify({ reasoning: 'nothing', operations: [] });

function runtimeWith(options: {
  reflector: string[];
  curator: string[];
  settings?: Record<string, unknown>;
}) {
  const task = toyTaskModel();
  const reflector = new MockLanguageModel({ responses: options.reflector });
  const curator = new MockLanguageModel({ responses: options.curator });
  const targets: string[] = [];
  const runtime: AceRuntime = {
    program,
    evaluate: toyEvaluate,
    modules: program.modules,
    seedPrompts: seedPrompts(program),
    taskModel: task,
    reflector,
    curator,
    settings: parseAceSettings({ sections: ['rules', 'others'], ...options.settings }),
    limit: createLimiter(2),
    onEvaluated: (target) => targets.push(target),
  };
  return { runtime, task, reflector, curator, targets };
}

describe('trainOnSample', () => {
  it('ends the reflect-and-regenerate rounds as soon as the answer is right', async () => {
    const { runtime, reflector, targets, task } = runtimeWith({
      reflector: [
        reflection('Think harder.', [{ id: 'rule-00002', tag: 'harmful' }]),
        reflection('Category a needs rule-a.'),
      ],
      curator: [noOperations],
    });
    const outcome = await trainOnSample(runtime, playbook, instance, position);
    expect(outcome).toMatchObject({ initialScore: 0, finalScore: 1, rounds: 2, corrected: true });
    expect(reflector.calls).toHaveLength(2);
    expect(targets).toEqual(['generate', 'regenerate', 'regenerate', 'post-curation']);
    expect(outcome.evaluations).toBe(4);
    // The harmful tag of round 1 moved the counter before round 2.
    expect(outcome.playbook.bullets[1]).toMatchObject({ harmful: 1 });
    // Regenerations read the latest reflection; the post-curation answer does not.
    const systems = task.requests.map((request) => request.system ?? '');
    expect(systems[1]).toContain('# Reflection on Your Previous Attempt');
    expect(systems[2]).toContain('Category a needs rule-a.');
    expect(systems[3]).not.toContain('# Reflection on Your Previous Attempt');
    // Without the rule in the playbook the post-curation answer is wrong again.
    expect(outcome.postScore).toBe(0);
  });

  it('stops after maxReflectionRounds when no round helps', async () => {
    const { runtime, reflector } = runtimeWith({
      reflector: [reflection('No.'), reflection('Still no.')],
      curator: [noOperations],
      settings: { maxReflectionRounds: 2, evaluateAfterCuration: false },
    });
    const outcome = await trainOnSample(runtime, playbook, instance, position);
    expect(outcome).toMatchObject({ rounds: 2, corrected: false, finalScore: 0, postScore: null });
    expect(outcome.evaluations).toBe(3);
    expect(reflector.calls).toHaveLength(2);
  });

  it('reflects once on a right answer to tag the bullets, without regenerating', async () => {
    const known: Playbook = {
      ...playbook,
      bullets: [
        ...playbook.bullets,
        {
          id: 'rule-00003',
          section: 'rules',
          module: null,
          content: 'Use rule-a.',
          helpful: 0,
          harmful: 0,
        },
      ],
    };
    const { runtime, reflector, targets } = runtimeWith({
      reflector: [reflection('Keep it.', [{ id: 'rule-00003', tag: 'helpful' }])],
      curator: [noOperations],
    });
    const outcome = await trainOnSample(runtime, known, instance, position);
    expect(outcome).toMatchObject({ initialScore: 1, rounds: 0, corrected: false });
    expect(outcome.reflections).toEqual([
      {
        round: 0,
        outcome: 'parsed',
        tags: { helpful: 1, harmful: 0, neutral: 0, unknown: 0 },
        invalidTags: 0,
      },
    ]);
    expect(targets).toEqual(['generate', 'post-curation']);
    expect(outcome.playbook.bullets[2]?.helpful).toBe(1);
    // The toy program's trace invokes only `answer`: the reflector is shown its bullets and the
    // unscoped one, never `read`'s.
    const user = String(reflector.requests[0]?.messages[0]?.content);
    expect(user).toContain('[rule-00002]');
    expect(user).toContain('[rule-00003]');
    expect(user).not.toContain('[rule-00001]');
    expect(user).toContain('# Ground Truth');
  });

  it('withholds the ground truth when useGroundTruth is off', async () => {
    const { runtime, reflector } = runtimeWith({
      reflector: [reflection('x'), reflection('y'), reflection('z')],
      curator: [noOperations],
      settings: { useGroundTruth: false },
    });
    await trainOnSample(runtime, playbook, instance, position);
    expect(String(reflector.requests[0]?.messages[0]?.content)).not.toContain('# Ground Truth');
  });

  it('applies the curator delta, and counts an unreadable curation as a no-op', async () => {
    const curated = await trainOnSample(
      runtimeWith({
        reflector: [reflection('Category a needs rule-a.')],
        curator: [
          JSON.stringify({
            reasoning: 'fix',
            operations: [
              {
                type: 'ADD',
                section: 'rules',
                content: 'Category a needs rule-a.',
                module: 'answer',
              },
              { type: 'DELETE', bullet_id: 'rule-00001' },
              { type: 'UPDATE', bullet_id: 'rule-00009', content: 'ghost' },
            ],
          }),
        ],
      }).runtime,
      playbook,
      instance,
      position,
    );
    expect(curated.curation).toMatchObject({
      outcome: 'applied',
      applied: [
        { type: 'ADD', bulletId: 'rule-00003' },
        { type: 'DELETE', bulletId: 'rule-00001' },
      ],
      rejected: [{ index: 2, type: 'UPDATE', reason: 'unknown-bullet' }],
      changed: true,
    });
    expect(curated.playbook.bullets.map((bullet) => bullet.id)).toEqual([
      'rule-00002',
      'rule-00003',
    ]);
    expect(curated.postScore).toBe(1);

    const malformed = await trainOnSample(
      runtimeWith({
        reflector: [reflection('Category a needs rule-a.')],
        curator: ['I rewrote the whole playbook for you: ...'],
      }).runtime,
      playbook,
      instance,
      position,
    );
    expect(malformed.curation).toEqual({
      outcome: 'malformed',
      reason: 'no JSON object in the answer',
      code: 'invalid-json',
    });
    expect(malformed.playbook.bullets).toEqual(playbook.bullets);
  });

  it('passes an unreadable reflection on as text, moving no counter', async () => {
    const { runtime, curator } = runtimeWith({
      reflector: ['The model forgot rule-a.', reflection('a'), reflection('b')],
      curator: [noOperations],
    });
    const outcome = await trainOnSample(runtime, playbook, instance, position);
    expect(outcome.reflections[0]).toMatchObject({ round: 1, outcome: 'malformed' });
    // The forgotten rule in the raw text reaches the regeneration, which gets it right.
    expect(outcome.corrected).toBe(true);
    expect(String(curator.requests[0]?.messages[0]?.content)).toContain('The model forgot rule-a.');
  });

  it('runs the curator only on every curatorFrequency-th sample', async () => {
    const { runtime, curator } = runtimeWith({
      reflector: [reflection('a'), reflection('b'), reflection('c')],
      curator: [],
      settings: { curatorFrequency: 2 },
    });
    const outcome = await trainOnSample(runtime, playbook, instance, position);
    expect(outcome.curation).toEqual({ outcome: 'skipped' });
    expect(curator.calls).toHaveLength(0);
  });
});
