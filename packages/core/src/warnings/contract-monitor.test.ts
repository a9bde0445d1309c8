import { describe, expect, it } from 'vitest';
import type { SearchEvent } from '../events/search-event.js';
import { createContractMonitor } from './contract-monitor.js';

const noOpAssignment = (index: number): SearchEvent => ({
  type: 'memory-updated',
  step: index,
  observationId: `o-${index}-0`,
  outcome: { action: 'no-op', reason: 'missing-block', detail: 'no <assignment> block' },
  excerpt: 'I cannot classify this failure.',
});

const attempt = (outcome: string, excerpt?: string): SearchEvent => ({
  type: 'attempt-end',
  event: 0,
  slot: 0,
  outcome,
  reason: outcome,
  intent: 'positive',
  fromJournal: false,
  ...(excerpt === undefined ? {} : { excerpt }),
});

describe('createContractMonitor', () => {
  it('raises one warning when a role crosses the threshold, then keeps counting silently', () => {
    const monitor = createContractMonitor();
    const raised = [];
    for (let index = 0; index < 8; index++) raised.push(...monitor.observe(noOpAssignment(index)));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      role: 'assign',
      calls: 5,
      noOps: 5,
      example: 'I cannot classify this failure.',
    });
    expect(monitor.warnings()).toEqual([
      expect.objectContaining({ role: 'assign', calls: 8, noOps: 8 }),
    ]);
  });

  it('does not count an unchanged prompt as a broken reflection', () => {
    const monitor = createContractMonitor();
    for (let step = 0; step < 6; step++) {
      monitor.observe({
        type: 'proposal-made',
        step,
        module: 'answer',
        outcome: 'no-op',
        reason: 'unchanged',
      });
    }
    expect(monitor.warnings()).toEqual([]);
    for (let step = 6; step < 14; step++) {
      monitor.observe({
        type: 'proposal-made',
        step,
        module: 'answer',
        outcome: 'no-op',
        reason: 'missing-block',
        excerpt: 'Sure!',
      });
    }
    expect(monitor.warnings()).toEqual([
      expect.objectContaining({
        role: 'reflect',
        calls: 14,
        noOps: 8,
        exampleReason: 'missing-block',
        example: 'Sure!',
      }),
    ]);
  });

  it('counts a verifier answer only when the verifier ran', () => {
    const monitor = createContractMonitor();
    for (let slot = 0; slot < 5; slot++) monitor.observe(attempt('generation-failed', 'no block'));
    for (let slot = 0; slot < 5; slot++) monitor.observe(attempt('duplicate'));
    expect(monitor.warnings().map((warning) => warning.role)).toEqual(['generate']);
    for (let slot = 0; slot < 5; slot++)
      monitor.observe(attempt('verification-failed', '<validity>yes'));
    const verify = monitor.warnings().find((warning) => warning.role === 'verify');
    expect(verify).toMatchObject({ calls: 5, noOps: 5, example: '<validity>yes' });
    // 5 failed generations of 15 is a third: below the threshold, so the summary drops it.
    expect(monitor.warnings().map((warning) => warning.role)).toEqual(['verify']);
  });
});
