import { describe, expect, it } from 'vitest';
import { createSubstitutionReflector, reflectOnSubstitutions } from './substitution-reflector.js';
import { ruleSentence, substitutionRules, substitutionSeedPrompt } from './substitution-task.js';

const [amber, birch, cedar] = substitutionRules(3);

describe('the simulated reflector', () => {
  const message = (prompt: string, feedback: string) =>
    `# Current System Prompt\n\n${prompt}\n\n# Evaluation Results\n\n${feedback}\n\nWrite a better system prompt for this module.`;

  it('puts the missed rules first and keeps the others after them', () => {
    const prompt = [substitutionSeedPrompt, ruleSentence(amber!), ruleSentence(birch!)].join('\n');
    const next = reflectOnSubstitutions(
      message(
        prompt,
        '"cedar" should be rewritten as "CEDAR". "birch" should be rewritten as "BIRCH".',
      ),
    );
    expect(next).toBe(
      [
        substitutionSeedPrompt,
        ruleSentence(cedar!),
        ruleSentence(birch!),
        ruleSentence(amber!),
      ].join('\n'),
    );
  });

  it('answers in one <system_prompt> block, the same for the same message', async () => {
    const reflector = createSubstitutionReflector();
    const content = message(substitutionSeedPrompt, '"amber" should be rewritten as "AMBER".');
    const first = await reflector.generate({ messages: [{ role: 'user', content }] });
    const second = await reflector.generate({ messages: [{ role: 'user', content }] });
    expect(first.text).toBe(
      `<system_prompt>\n${substitutionSeedPrompt}\n${ruleSentence(amber!)}\n</system_prompt>`,
    );
    expect(second.text).toBe(first.text);
  });
});
