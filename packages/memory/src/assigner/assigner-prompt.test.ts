import { describe, expect, it } from 'vitest';
import { answer, makeObservation } from '../__fixtures__/observations.js';
import { applyAssignment } from '../assignment/apply-assignment.js';
import { advanceEpoch, createFailureMemory } from '../state/failure-memory-state.js';
import { assignerSystemPrompt, buildAssignerPrompt } from './assigner-prompt.js';

const observation = makeObservation('o-1');

describe('buildAssignerPrompt', () => {
  it('lays out an empty catalogue and the rendered observation exactly', () => {
    const { system, user } = buildAssignerPrompt(createFailureMemory(), observation);
    expect(system).toBe(assignerSystemPrompt);
    expect(user).toBe(
      [
        '# Existing Failure Clusters',
        '',
        '[]',
        '',
        '# Failure Observation',
        '',
        '## Instance',
        '',
        '### Input',
        '',
        '#### question',
        'What is 12 + 3?',
        '',
        '### Gold',
        '',
        '#### answer',
        '15',
        '',
        '## Score',
        '',
        '0',
        '',
        '## Trace',
        '',
        '### Invocation 1: module `solver`',
        '',
        '**user**',
        '',
        'What is 12 + 3?',
        '',
        '**assistant**',
        '',
        'The answer is 16.',
        '',
        '## Feedback',
        '',
        'Expected 15, got 16: an off-by-one in the final addition.',
        '',
        'Decide whether this failure should be assigned to an existing cluster, should create a new cluster, or should rename an existing cluster before assignment. Return the assignment XML block only.',
      ].join('\n'),
    );
  });

  it('lists only the active modes, in creation order, pretty-printed', () => {
    let state = createFailureMemory();
    state = applyAssignment(state, observation, answer(null, 'old_mode', 'Old.')).state;
    state = advanceEpoch(state);
    state = applyAssignment(state, observation, answer(null, 'first_mode', 'First.')).state;
    state = applyAssignment(state, observation, answer(null, 'second_mode', 'Second.')).state;
    const { user } = buildAssignerPrompt(state, observation);
    expect(user).toContain(
      `# Existing Failure Clusters\n\n${[
        '[',
        '  {',
        '    "cluster_name": "first_mode",',
        '    "failure_description": "First."',
        '  },',
        '  {',
        '    "cluster_name": "second_mode",',
        '    "failure_description": "Second."',
        '  }',
        ']',
      ].join('\n')}\n\n# Failure Observation`,
    );
    expect(user).not.toContain('old_mode');
  });

  it('omits the feedback section when there is no feedback', () => {
    const { user } = buildAssignerPrompt(
      createFailureMemory(),
      makeObservation('o-2', { feedback: undefined }),
    );
    expect(user).not.toContain('## Feedback');
  });

  it('follows the section structure of the paper and states the JSON contract', () => {
    const headings = assignerSystemPrompt.match(/^# .+$/gm);
    expect(headings).toEqual([
      '# Role',
      '# Objective',
      '# Inputs',
      '# Core Principles',
      '# Decision Procedure',
      '# Hard Constraints',
      '# Output Contract',
    ]);
    for (const key of ['cluster_name', 'new_cluster_name', 'new_failure_description']) {
      expect(assignerSystemPrompt).toContain(`"${key}"`);
    }
  });
});
