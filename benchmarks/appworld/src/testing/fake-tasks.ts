import type { FakeTaskDefinition } from './fake-world.js';

// Synthetic tasks for the fake environment (the real AppWorld tasks may not be redistributed).
// Every task works on one invented to-do list of 15 items; every keyword has a match beyond the
// first page of `show_items` (5 items per page by default), so an agent that reads only the
// first page fails part of each task, and one that reads every page passes.

/** The invented supervisor of every fake task. */
export const fakeSupervisor = {
  first_name: 'Ada',
  last_name: 'Quill',
  email: 'ada.quill@example.com',
  phone_number: '5550100',
} as const;

/** The to-do list every fake task starts from. */
export const fakeTodoItems: readonly { readonly title: string; readonly done?: boolean }[] = [
  { title: 'Buy groceries for the week' },
  { title: 'Pay the electricity invoice' },
  { title: 'Water the plants' },
  { title: 'Return library books' },
  { title: 'Call the dentist' },
  { title: 'Renew gym membership', done: true },
  { title: 'File the tax return' },
  { title: 'Wash the car' },
  { title: 'Order groceries online' },
  { title: 'Send the invoice to Omar' },
  { title: 'Repot the plants' },
  { title: 'Pick up groceries from the market' },
  { title: 'Donate old books', done: true },
  { title: 'Call the plumber' },
  { title: 'Book a car service' },
];

/** The two kinds of fake task. */
export type FakeTaskKind = 'mark' | 'count';

/** The instruction of a fake task; the scripted agent parses exactly these two forms. */
export function fakeInstruction(kind: FakeTaskKind, keyword: string): string {
  return kind === 'mark'
    ? `Mark every item on my to-do list that mentions "${keyword}" as done.`
    : `How many items on my to-do list mention "${keyword}"?`;
}

/**
 * Builds a fake task over `items`: "mark" tasks check that every matching item is done, that
 * nothing else was marked, and that no item was added (a test that passes without any action,
 * AppWorld's `no_op_pass`); "count" tasks check the answer and that nothing changed.
 */
export function fakeTodoTask(options: {
  readonly id: string;
  readonly kind: FakeTaskKind;
  readonly keyword: string;
  readonly items?: readonly { readonly title: string; readonly done?: boolean }[];
}): FakeTaskDefinition {
  const items = options.items ?? fakeTodoItems;
  const keyword = options.keyword;
  const matches = items.filter((item) => item.title.toLowerCase().includes(keyword.toLowerCase()));
  const done = items.filter((item) => item.done === true).length;
  const openMatches = matches.filter((item) => item.done !== true).length;
  const literal = `'${keyword.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const tests =
    options.kind === 'mark'
      ? [
          {
            requirement: `every to-do item mentioning "${keyword}" is marked done`,
            code: `assert apis.todo.count_items(query=${literal}, done=False) == 0`,
          },
          {
            requirement: 'no other to-do item was marked done',
            code: `assert apis.todo.count_items(done=True) == ${done + openMatches}`,
          },
          {
            requirement: 'no to-do item was added or removed',
            code: `assert apis.todo.count_items() == ${items.length}`,
          },
        ]
      : [
          {
            requirement: `the answer is the number of to-do items mentioning "${keyword}"`,
            code: `assert answer == ${matches.length}`,
          },
          {
            requirement: 'no to-do item was marked done',
            code: `assert apis.todo.count_items(done=True) == ${done}`,
          },
        ];
  return {
    id: options.id,
    instruction: fakeInstruction(options.kind, keyword),
    supervisor: { ...fakeSupervisor },
    datetime: '2023-05-18T12:00:00',
    difficulty: options.kind === 'mark' ? 2 : 1,
    items,
    tests,
  };
}

/** The fake tasks, by split, in the layout of AppWorld's `datasets/*.txt`. */
export const fakeSplits: Readonly<Record<'train' | 'dev' | 'test_normal', readonly string[]>> = {
  train: ['a1c0de1_1', 'a1c0de1_2', 'b2d0e5a_1', 'b2d0e5a_2'],
  dev: ['c3e1f7b_1', 'c3e1f7b_2'],
  test_normal: ['d4f2a8c_1', 'd4f2a8c_2'],
};

/** Every fake task. Matches per keyword: groceries 3, invoice 2, plants 2, books 2 (one done), call 2, gym 1, tax 1, car 2. */
export function fakeTasks(): FakeTaskDefinition[] {
  return [
    fakeTodoTask({ id: 'a1c0de1_1', kind: 'mark', keyword: 'groceries' }),
    fakeTodoTask({ id: 'a1c0de1_2', kind: 'count', keyword: 'invoice' }),
    fakeTodoTask({ id: 'b2d0e5a_1', kind: 'mark', keyword: 'plants' }),
    fakeTodoTask({ id: 'b2d0e5a_2', kind: 'count', keyword: 'books' }),
    fakeTodoTask({ id: 'c3e1f7b_1', kind: 'mark', keyword: 'call' }),
    fakeTodoTask({ id: 'c3e1f7b_2', kind: 'count', keyword: 'gym' }),
    fakeTodoTask({ id: 'd4f2a8c_1', kind: 'mark', keyword: 'tax' }),
    fakeTodoTask({ id: 'd4f2a8c_2', kind: 'count', keyword: 'car' }),
  ];
}
