import type { GenerateRequest } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { describeModuleCalls, moduleCallOrder, moduleOfCall } from './module-call-order.js';

describe('moduleCallOrder', () => {
  it('bills a chain of M one-call modules (M + 1) / (2M) of its calls on a one-module change', () => {
    const chain = ['extract', 'judge', 'summarize'];
    const order = moduleCallOrder([chain, chain], chain);
    // A change to extract pays 3 calls, to judge 2, to summarize 1: 6 of 9.
    expect(order.oneModuleChangedShare).toBeCloseTo(4 / 6);
    expect(order.modules).toEqual([
      { module: 'extract', calls: 1 },
      { module: 'judge', calls: 1 },
      { module: 'summarize', calls: 1 },
    ]);
    const two = moduleCallOrder([['interpret', 'format']], ['interpret', 'format']);
    expect(two.oneModuleChangedShare).toBeCloseTo(3 / 4);
  });

  it('bills a one-module program every call', () => {
    expect(moduleCallOrder([['answer'], ['answer', 'answer']], ['answer'])).toEqual({
      modules: [{ module: 'answer', calls: 1.5 }],
      oneModuleChangedShare: 1,
      uncalled: [],
    });
  });

  it('weighs modules by their calls and orders them by their first call, not their declaration', () => {
    // Declared [summarize, extract, judge]; called extract, judge, judge (a re-ask), summarize.
    const calls = ['extract', 'judge', 'judge', 'summarize'];
    const order = moduleCallOrder([calls], ['summarize', 'extract', 'judge']);
    expect(order.modules.map((entry) => entry.module)).toEqual(['extract', 'judge', 'summarize']);
    expect(order.modules[1]?.calls).toBe(2);
    // summarize 1, extract 4, judge 3 of 4 calls.
    expect(order.oneModuleChangedShare).toBeCloseTo((1 + 4 + 3) / 12);
  });

  it('bills a call after the changed module again, even when it belongs to an earlier one', () => {
    // An agent loop: plan, act, plan again with act's result.
    const order = moduleCallOrder([['plan', 'act', 'plan']], ['plan', 'act']);
    // plan: 3 calls; act: act and the second plan, 2.
    expect(order.oneModuleChangedShare).toBeCloseTo(5 / 6);
  });

  it('always bills calls that name no module, and every call of a module it never saw called', () => {
    const order = moduleCallOrder([[undefined, 'first', 'second']], ['first', 'second', 'rare']);
    // first: 3 (the unnamed call is billed); second: 2 (first's call is cached); rare: 3.
    expect(order.oneModuleChangedShare).toBeCloseTo((3 + 2 + 3) / 9);
    expect(order.uncalled).toEqual(['rare']);
    expect(order.modules.at(-1)).toEqual({ module: 'rare', calls: 0 });
  });

  it('bills every call of an evaluation that never calls the changed module', () => {
    const order = moduleCallOrder(
      [
        ['route', 'billing'],
        ['route', 'support'],
      ],
      ['route', 'billing', 'support'],
    );
    // route 4; billing 1 + 2 (not called on the second); support 2 + 1.
    expect(order.oneModuleChangedShare).toBeCloseTo((4 + 3 + 3) / 12);
  });

  it('describes the order with calls an evaluation', () => {
    expect(
      describeModuleCalls(
        moduleCallOrder(
          [
            ['a', 'b', 'b'],
            ['a', 'b'],
          ],
          ['a', 'b'],
        ),
      ),
    ).toBe('a 1.0 → b 1.5 call(s) an evaluation');
  });
});

describe('moduleOfCall', () => {
  const modules = [
    { name: 'interpret', prompt: 'Read the date.' },
    { name: 'format', prompt: 'Write the date as YYYY-MM-DD. Read the date.' },
  ];
  const request = (fields: Partial<GenerateRequest>): GenerateRequest => ({
    messages: [{ role: 'user', content: 'text' }],
    ...fields,
  });

  it('takes the module the request names, else the one whose prompt it carries (the longest)', () => {
    expect(moduleOfCall(request({ metadata: { module: 'interpret' } }), modules)).toBe('interpret');
    expect(moduleOfCall(request({ system: 'Read the date.' }), modules)).toBe('interpret');
    // format's prompt contains interpret's: the longer one wins.
    expect(moduleOfCall(request({ system: modules[1]?.prompt ?? '' }), modules)).toBe('format');
    expect(
      moduleOfCall(
        request({ messages: [{ role: 'user', content: 'Task: Read the date. Text: 3/4/21' }] }),
        modules,
      ),
    ).toBe('interpret');
    expect(moduleOfCall(request({ system: 'Something else.' }), modules)).toBeUndefined();
    expect(moduleOfCall(request({ metadata: { module: 'unknown' } }), modules)).toBeUndefined();
  });
});
