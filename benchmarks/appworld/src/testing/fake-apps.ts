import type { FakeValue } from './fake-code.js';

// The fake environment's apps: a synthetic to-do list with paginated listing (so the paper's
// "incomplete paginated search" failure can happen), the supervisor app, and the api_docs app.
// Names and shapes imitate AppWorld's; the data is invented.

/** A to-do item of the fake world. */
export interface FakeTodoItem {
  /** Item id, unique in its world. */
  readonly id: number;
  /** Title. */
  readonly title: string;
  /** True once marked done. */
  done: boolean;
}

/** The mutable state of one fake task world. */
export interface FakeWorldState {
  /** The supervisor's to-do items, in id order. */
  readonly items: FakeTodoItem[];
  /** True once `apis.supervisor.complete_task` was called. */
  completed: boolean;
  /** The answer passed to `complete_task` (null when none). */
  answer: FakeValue;
  /** The supervisor's profile. */
  readonly profile: Readonly<Record<string, string>>;
}

/** One parameter of a fake API. */
interface FakeParameter {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'boolean';
  readonly required: boolean;
  readonly description: string;
  readonly default?: FakeValue;
}

/** One fake API: its documentation and what it does to the state. */
export interface FakeApi {
  readonly description: string;
  readonly parameters: readonly FakeParameter[];
  readonly run: (state: FakeWorldState, args: Readonly<Record<string, FakeValue>>) => unknown;
}

/** Raised by an API for a bad call; the world turns it into an AppWorld-style traceback. */
export class FakeApiError extends Error {}

/** The largest page the to-do app serves. */
export const maxPageLimit = 20;

const todo: Record<string, FakeApi> = {
  show_items: {
    description: 'List to-do items, a page at a time, in id order.',
    parameters: [
      {
        name: 'page_index',
        type: 'integer',
        required: false,
        description: 'Page to show.',
        default: 0,
      },
      {
        name: 'page_limit',
        type: 'integer',
        required: false,
        description: `Items per page (at most ${maxPageLimit}).`,
        default: 5,
      },
    ],
    run: (state, args) => {
      const index = integer(args['page_index'] ?? 0, 'page_index');
      const limit = integer(args['page_limit'] ?? 5, 'page_limit');
      if (limit < 1 || limit > maxPageLimit)
        throw new FakeApiError(`page_limit must be between 1 and ${maxPageLimit}`);
      return state.items.slice(index * limit, (index + 1) * limit).map((item) => ({ ...item }));
    },
  },
  count_items: {
    description:
      'Count to-do items, optionally only done (or open) ones whose title contains a word.',
    parameters: [
      {
        name: 'done',
        type: 'boolean',
        required: false,
        description: 'Only done (true) or open (false) items.',
        default: null,
      },
      {
        name: 'query',
        type: 'string',
        required: false,
        description: 'Only items whose title contains this text (case-insensitive).',
        default: null,
      },
    ],
    run: (state, args) => matching(state, args['query'], args['done']).length,
  },
  mark_done: {
    description: 'Mark one to-do item as done.',
    parameters: [{ name: 'item_id', type: 'integer', required: true, description: 'The item.' }],
    run: (state, args) => {
      const item = find(state, args['item_id']);
      item.done = true;
      return { message: `Marked item ${item.id} as done.` };
    },
  },
  add_item: {
    description: 'Add an open to-do item.',
    parameters: [{ name: 'title', type: 'string', required: true, description: 'Its title.' }],
    run: (state, args) => {
      if (typeof args['title'] !== 'string' || args['title'] === '')
        throw new FakeApiError('title must be a non-empty string');
      const id = Math.max(0, ...state.items.map((item) => item.id)) + 1;
      state.items.push({ id, title: args['title'], done: false });
      return { message: 'Added the item.', item_id: id };
    },
  },
};

const supervisor: Record<string, FakeApi> = {
  show_profile: {
    description: "Show the supervisor's name, email and phone number.",
    parameters: [],
    run: (state) => ({ ...state.profile }),
  },
  complete_task: {
    description: 'Mark the active task complete, with the answer when the task asks a question.',
    parameters: [
      {
        name: 'answer',
        type: 'string',
        required: false,
        description: 'The answer, if any.',
        default: null,
      },
    ],
    run: (state, args) => {
      state.completed = true;
      state.answer = args['answer'] ?? null;
      return { message: 'Marked the active task complete.' };
    },
  },
};

const appDescriptions: Readonly<Record<string, string>> = {
  api_docs: 'Documentation of every app and API available to you.',
  supervisor: 'Your supervisor: their profile, and where you mark a task complete.',
  todo: "The supervisor's to-do list (a synthetic app of Forge's fake environment).",
};

const docsApp: Record<string, FakeApi> = {
  show_app_descriptions: {
    description: 'List the apps with one-line descriptions.',
    parameters: [],
    run: () =>
      Object.entries(appDescriptions).map(([name, description]) => ({ name, description })),
  },
  show_api_descriptions: {
    description: "List an app's APIs with one-line descriptions.",
    parameters: [{ name: 'app_name', type: 'string', required: true, description: 'The app.' }],
    run: (_state, args) =>
      Object.entries(appOf(args['app_name'])).map(([name, api]) => ({
        name,
        description: api.description,
      })),
  },
  show_api_doc: {
    description: 'Show the full specification of one API.',
    parameters: [
      { name: 'app_name', type: 'string', required: true, description: 'The app.' },
      { name: 'api_name', type: 'string', required: true, description: 'The API.' },
    ],
    run: (_state, args) => {
      const app = String(args['app_name']);
      const api = appOf(app)[String(args['api_name'])];
      if (api === undefined)
        throw new FakeApiError(
          `No API named '${String(args['api_name'])}' found in the ${app} app.`,
        );
      return apiDoc(app, String(args['api_name']), api);
    },
  },
};

/** Every fake app by name. */
export const fakeApps: Readonly<Record<string, Readonly<Record<string, FakeApi>>>> = {
  api_docs: docsApp,
  supervisor,
  todo,
};

/** `GET /api_docs`: app → API → documentation, in AppWorld's "standard" layout. */
export function fakeApiDocs(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(fakeApps).map(([app, apis]) => [
      app,
      Object.fromEntries(Object.entries(apis).map(([name, api]) => [name, apiDoc(app, name, api)])),
    ]),
  );
}

function apiDoc(app: string, name: string, api: FakeApi): Record<string, unknown> {
  return {
    app_name: app,
    api_name: name,
    path: `/${app}/${name}`,
    method: 'POST',
    description: api.description,
    parameters: api.parameters.map((parameter) => ({
      constraints: [],
      default: null,
      ...parameter,
    })),
    response_schemas: { success: {}, failure: { message: 'string' } },
  };
}

function appOf(name: FakeValue | undefined): Readonly<Record<string, FakeApi>> {
  const app = fakeApps[String(name)];
  if (app === undefined) throw new FakeApiError(`No app named '${String(name)}' exists.`);
  return app;
}

function matching(
  state: FakeWorldState,
  query: FakeValue | undefined,
  done: FakeValue | undefined,
) {
  const text = typeof query === 'string' ? query.toLowerCase() : undefined;
  return state.items.filter(
    (item) =>
      (text === undefined || item.title.toLowerCase().includes(text)) &&
      (typeof done !== 'boolean' || item.done === done),
  );
}

function find(state: FakeWorldState, id: FakeValue | undefined): FakeTodoItem {
  const item = state.items.find((candidate) => candidate.id === id);
  if (item === undefined) throw new FakeApiError(`No item with id ${JSON.stringify(id)} exists.`);
  return item;
}

function integer(value: FakeValue, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new FakeApiError(`${name} must be a non-negative integer`);
  return value;
}
