import { describe, expect, it } from 'vitest';
import { ModelTime } from './model-time.js';
import { ruleSentence, substitutionRules, substitutionSeedPrompt } from './substitution-task.js';
import { createSubstitutionTaskModel } from './substitution-task-model.js';

const [amber, birch, cedar] = substitutionRules(3);

describe('the simulated task model', () => {
  it('follows only the first `capacity` rules of its prompt and times its work', async () => {
    const time = new ModelTime();
    const model = createSubstitutionTaskModel({ capacity: 2, time });
    const system = [
      substitutionSeedPrompt,
      ruleSentence(cedar!),
      ruleSentence(amber!),
      ruleSentence(birch!),
    ].join('\n');
    const result = await model.generate({
      system,
      messages: [{ role: 'user', content: 'amber birch cedar the' }],
    });
    expect(result.text).toBe('AMBER birch CEDAR the');
    expect(time.totalMs).toBeGreaterThan(0);
  });
});
