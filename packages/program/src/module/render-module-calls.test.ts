import { describe, expect, it } from 'vitest';
import type { ModuleCallRecord } from './module-call-history.js';
import { renderModuleCalls } from './render-module-calls.js';

const record = (index: number): ModuleCallRecord => ({
  module: 'label',
  instanceId: `t${index}`,
  attempt: 0,
  model: 'mock:model',
  system: 'S',
  messages: [],
  input: {},
  answer: '',
  parsed: { ok: true, output: {} },
  usage: { inputTokens: 1, outputTokens: 1 },
  time: 0,
});

describe('renderModuleCalls', () => {
  it('prints each call for a terminal, with control sequences removed from what it did not write', () => {
    const escapeCharacter = String.fromCharCode(0x1b);
    const text = renderModuleCalls([
      {
        ...record(7),
        system: 'Label the ticket.',
        messages: [
          {
            role: 'user',
            content: `## ticket\nDown ${escapeCharacter}]0;pwned${String.fromCharCode(7)}now`,
          },
        ],
        input: { ticket: 'Down now' },
        answer: `<priority>high</priority>${escapeCharacter}[2J`,
        parsed: { ok: true, output: { priority: 'high' } },
        usage: { inputTokens: 120, outputTokens: 8 },
      },
      { ...record(8), parsed: { ok: false, reason: 'module label: no <priority> tag' } },
    ]);
    expect(text).not.toContain(escapeCharacter);
    expect(text.split('\n').slice(0, 17)).toEqual([
      '── call 1 of 2: module label, instance t7, mock:model, 120 → 8 tokens',
      '  System:',
      '    Label the ticket.',
      '  User:',
      '    ## ticket',
      '    Down now',
      '  Input fields:',
      '    {',
      '      "ticket": "Down now"',
      '    }',
      '  Answer:',
      '    <priority>high</priority>',
      '  Parsed output:',
      '    {',
      '      "priority": "high"',
      '    }',
      '',
    ]);
    expect(text).toContain('  Not parsed:\n    module label: no <priority> tag\n');
    // A re-ask is named in the header; a reasoning module's reasoning comes before its output.
    const reasked = renderModuleCalls([
      {
        ...record(9),
        attempt: 1,
        parsed: { ok: true, output: { priority: 'low' }, reasoning: 'Nothing is down.' },
      },
    ]);
    expect(reasked).toMatch(/^── call 1 of 1: module label \(re-ask 1\), instance t9,/);
    expect(reasked).toContain('  Reasoning:\n    Nothing is down.\n  Parsed output:\n');
    expect(renderModuleCalls([])).toBe('No module calls recorded yet.\n');
  });
});
