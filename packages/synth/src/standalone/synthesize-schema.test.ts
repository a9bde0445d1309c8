import type { Observation } from '@forge/memory';
import { defineSignature } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { failureModeOf, verdict } from '../__fixtures__/scripted-models.js';
import { rejectedToJsonl } from '../export/rejected-to-jsonl.js';
import type { SynthesisMode } from '../plan/synthesis-slot.js';
import { formatSynthesisReport } from './synthesis-report.js';
import { synthesize } from './synthesize.js';

// A typed program's signature: the gold label is a z.enum, stricter than its field type `str`.
const signature = defineSignature({
  name: 'TicketTriage',
  input: z.object({ ticket: z.string().describe('A support ticket.') }),
  output: z.object({ label: z.enum(['billing', 'bug', 'other']).describe('The queue.') }),
});

function failureMode(name: string, index: number): SynthesisMode {
  const failure: Observation = {
    id: `${name}-0`,
    step: 1,
    parentIndex: 0,
    instance: {
      id: `train-${index}`,
      input: { ticket: `Ticket ${index}` },
      gold: { label: 'bug' },
    },
    score: 0,
    trace: [],
    feedback: 'Labelled a bug as billing.',
  };
  return { id: `e0-m${index}`, name, description: `Mode ${name}.`, observations: [failure] };
}

/** A generator whose answer for mode `off_label` uses a label the enum lacks. */
function scriptedModel(): { model: MockLanguageModel; verified: string[] } {
  const verified: string[] = [];
  const model = new MockLanguageModel({
    modelId: 'scripted',
    responses: (request) => {
      const failureMode = failureModeOf(request);
      if (request.metadata?.role === 'verify') {
        verified.push(failureMode);
        return verdict('true', 'true');
      }
      const example =
        failureMode === 'off_label'
          ? { ticket: 'The app crashes when I pay.', label: 'payments' }
          : { ticket: 'The export button does nothing.', label: 'bug' };
      return `<synthetic_example>${JSON.stringify(example)}</synthetic_example>`;
    },
  });
  return { model, verified };
}

describe('synthesize with a signature declared by zod schemas', () => {
  it('rejects an example whose gold the schema does not parse, naming the field, and admits a valid one', async () => {
    const { model, verified } = scriptedModel();
    const result = await synthesize({
      model,
      signature,
      failureModes: [failureMode('off_label', 0), failureMode('on_label', 1)],
      attempts: 2,
      seed: 3,
    });

    expect(result.admitted.map((instance) => instance.gold)).toEqual([{ label: 'bug' }]);
    const [rejected] = result.rejected;
    expect(result.rejected).toHaveLength(1);
    expect(rejected?.outcome).toBe('generation-failed');
    expect(rejected?.reasonCode).toBe('schema-mismatch');
    expect(rejected?.reason).toContain('gold.label');
    expect(rejected?.reason).toContain('"billing"');
    expect(rejected?.instance?.gold).toEqual({ label: 'payments' });
    // The verifier is not paid for an example the schema already rejects.
    expect(verified).toEqual(['on_label']);

    expect(result.report.reasons['schema-mismatch']).toBe(1);
    expect(formatSynthesisReport(result.report)).toContain('schema-mismatch');
    const line = JSON.parse(rejectedToJsonl(result.rejected));
    expect(line).toMatchObject({
      outcome: 'generation-failed',
      reasonCode: 'schema-mismatch',
      candidate: { gold: { label: 'payments' } },
    });
  });
});
