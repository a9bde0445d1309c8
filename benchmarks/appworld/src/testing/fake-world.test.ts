import { describe, expect, it } from 'vitest';
import { FakeSyntaxError, parseFakeCode } from './fake-code.js';
import { fakeTodoTask } from './fake-tasks.js';
import { FakeWorld } from './fake-world.js';

describe('the fake language', () => {
  it('reads calls with keyword literals, prints and asserts', () => {
    expect(
      parseFakeCode(
        '# a comment\nprint(apis.todo.show_items(page_index=1, page_limit=5))\napis.supervisor.complete_task(answer=[\'a\', "b\\"c", None, -2.5, True])\nassert answer == 3',
      ),
    ).toEqual([
      {
        type: 'call',
        line: 2,
        print: true,
        call: { app: 'todo', api: 'show_items', arguments: { page_index: 1, page_limit: 5 } },
      },
      {
        type: 'call',
        line: 3,
        print: false,
        call: {
          app: 'supervisor',
          api: 'complete_task',
          arguments: { answer: ['a', 'b"c', null, -2.5, true] },
        },
      },
      { type: 'assert', line: 4, subject: 'answer', expected: 3 },
    ]);
  });

  it('refuses what it cannot read, naming the line', () => {
    expect(() => parseFakeCode('x = 1')).toThrow(FakeSyntaxError);
    expect(() => parseFakeCode('apis.todo.mark_done(3)')).toThrow('keyword arguments only');
  });
});

describe('FakeWorld', () => {
  const task = fakeTodoTask({ id: 'f00d000_1', kind: 'mark', keyword: 'groceries' });

  it('answers like AppWorld.execute: printed output, success, failure and empty code', () => {
    const world = new FakeWorld(task);
    expect(world.execute('print(apis.todo.show_items(page_index=2, page_limit=5))')).toBe(
      JSON.stringify([
        { id: 11, title: 'Repot the plants', done: false },
        { id: 12, title: 'Pick up groceries from the market', done: false },
        { id: 13, title: 'Donate old books', done: true },
        { id: 14, title: 'Call the plumber', done: false },
        { id: 15, title: 'Book a car service', done: false },
      ]),
    );
    expect(world.execute('apis.todo.mark_done(item_id=1)')).toBe('Execution successful.');
    expect(world.execute('apis.todo.explode()')).toBe(
      'Execution failed. Traceback:\n  File "<python-input>", line 1, in <module>\nException: No API named \'explode\' found in the todo app.',
    );
    expect(world.execute('   ')).toBe('No code available to execute.');
    expect(world.execute('for x in y:')).toMatch(
      /^Execution failed\. Traceback:\nSyntax error in line:\nfor x in y:/,
    );
  });

  it('evaluates the tests on the current state, labelling those that pass without action', () => {
    const world = new FakeWorld(task);
    world.execute('apis.todo.mark_done(item_id=1)\napis.todo.mark_done(item_id=9)');
    const report = world.evaluate();
    expect(report).toMatchObject({ success: false, difficulty: 2, num_tests: 3 });
    expect(report.passes).toEqual([
      { requirement: 'no to-do item was added or removed', label: 'no_op_pass' },
    ]);
    expect(report.failures.map((failure) => [failure.requirement, failure.label])).toEqual([
      ['every to-do item mentioning "groceries" is marked done', 'no_op_fail'],
      ['no other to-do item was marked done', 'no_op_fail'],
    ]);
    expect(report.failures[0]?.trace).toContain('AssertionError: 1 != 0');
    world.execute('apis.todo.mark_done(item_id=12)');
    expect(world.evaluate()).toMatchObject({ success: true, failures: [] });
  });
});
