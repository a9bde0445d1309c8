import { describe, expect, it } from 'vitest';
import { renderInstance, renderTrace } from '../render/render-markdown.js';
import { signatureToJson } from '../signature/signature.js';
import { isGenerationPrompt, readGenerationPrompt } from './read-generation-prompt.js';
import { isVerificationPrompt, readVerificationPrompt } from './read-verification-prompt.js';

const signature = {
  name: 'Triage',
  inputFields: [{ name: 'ticket', type: 'str', description: 'The ticket.' }],
  outputFields: [{ name: 'urgent', type: 'bool', description: 'Whether it is urgent.' }],
};
const source = { id: 's1', input: { ticket: 'Login is down.' }, gold: { urgent: true } };
const signatureJson = JSON.stringify(signatureToJson(signature), null, 2);
const seed = (feedback: string) =>
  `## Failure Cluster\n\nmissed_outages\n\n## Failure Description\n\nOutages were not urgent.\n\n## Mutation Kind\n\nnegative\n\n## Failed Example\n\n${renderInstance(source, { level: 3 })}\n\n## Feedback\n\n${feedback}`;

// The layouts synth's generator and verify's verifier write (docs/prompt-contracts.md, Figures 7–8).
const generation = (feedback: string) =>
  `# Task Signature JSON\n\n${signatureJson}\n\n# Mutation Seed\n\n${seed(feedback)}\n\n## Program Trace\n\n${renderTrace(
    [
      {
        module: 'triage',
        messages: [
          { role: 'user', content: 'Login is down.' },
          { role: 'assistant', content: '# Mutation Seed\n\n<urgent>false</urgent>' },
        ],
      },
    ],
    { level: 3 },
  )}\n\nGenerate one synthetic training example.`;

describe('readGenerationPrompt', () => {
  it('reads the signature and every part of the mutation seed', () => {
    const user = generation('Outages are urgent.');
    expect(isGenerationPrompt(user)).toBe(true);
    expect(isVerificationPrompt(user)).toBe(false);
    const { signature: read, seed: parts } = readGenerationPrompt(user);
    expect(read).toEqual({
      inputFields: signature.inputFields,
      outputFields: signature.outputFields,
    });
    expect(parts).toMatchObject({
      failureCluster: 'missed_outages',
      failureDescription: 'Outages were not urgent.',
      mutationKind: 'negative',
      feedback: 'Outages are urgent.',
    });
    expect(parts.example).toBe(renderInstance(source, { level: 3 }));
    expect(parts.tail?.startsWith('### Invocation 1: module `triage`')).toBe(true);
    expect(parts.tail?.endsWith('<urgent>false</urgent>')).toBe(true);
  });

  it('reads "(none)" feedback as none, and random synthesis’s source example', () => {
    expect(readGenerationPrompt(generation('(none)')).seed.feedback).toBeUndefined();
    const random = `# Task Signature JSON\n\n${signatureJson}\n\n# Mutation Seed\n\n## Mutation Kind\n\nrandom\n\n## Source Example\n\n${renderInstance(source, { level: 3 })}\n\nGenerate one synthetic training example.`;
    const { seed: parts } = readGenerationPrompt(random);
    expect(parts).toMatchObject({ mutationKind: 'random', failureCluster: undefined });
    expect(parts.example).toBe(renderInstance(source, { level: 3 }));
  });

  it('reads a signature that is not JSON as undefined', () => {
    const user = generation('x').replace(signatureJson, 'not json');
    expect(readGenerationPrompt(user).signature).toBeUndefined();
  });
});

describe('readVerificationPrompt', () => {
  it('reads the example, the generation context and the generator’s activity', () => {
    const example = JSON.stringify({ ticket: 'Search is slow.', urgent: false }, null, 2);
    const user = `# Task Signature JSON\n\n${signatureJson}\n\n# Synthetic Example\n\n${example}\n\n# Generation Context\n\n${seed('(none)')}\n\n## Generator Activity\n\nI changed the outage into a slowdown.\n\nVerify this synthetic training example.`;
    expect(isVerificationPrompt(user)).toBe(true);
    const read = readVerificationPrompt(user);
    expect(read.signature?.inputFields.map((field) => field.name)).toEqual(['ticket']);
    expect(read.syntheticExample).toBe(example);
    expect(read.context).toMatchObject({
      failureCluster: 'missed_outages',
      mutationKind: 'negative',
      feedback: undefined,
      tail: 'I changed the outage into a slowdown.',
    });
  });
});
