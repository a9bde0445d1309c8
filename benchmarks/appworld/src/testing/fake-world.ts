import type { AppWorldEvaluationReport, AppWorldSupervisor } from '../client/wire-schemas.js';
import { FakeApiError, type FakeWorldState, fakeApps } from './fake-apps.js';
import { type FakeCall, FakeSyntaxError, type FakeValue, parseFakeCode } from './fake-code.js';

/** One test of a fake task: a requirement and the fake-language assertion that checks it. */
export interface FakeTest {
  /** What the test checks, in words (what AppWorld calls the requirement). */
  readonly requirement: string;
  /** `assert apis.todo.count_items(...) == 3` or `assert answer == 4`. */
  readonly code: string;
}

/** A synthetic task of the fake environment. */
export interface FakeTaskDefinition {
  /** Task id in AppWorld's `<scenario>_<n>` form. */
  readonly id: string;
  /** What the supervisor asks for. */
  readonly instruction: string;
  /** The supervisor. */
  readonly supervisor: AppWorldSupervisor;
  /** The world's frozen date-time (ISO 8601). */
  readonly datetime: string;
  /** Difficulty, 1–3. */
  readonly difficulty: 1 | 2 | 3;
  /** The to-do list at the start, in id order (ids 1, 2, …). */
  readonly items: readonly { readonly title: string; readonly done?: boolean }[];
  /** The tests the evaluation runs. */
  readonly tests: readonly FakeTest[];
}

/** AppWorld's default `max_interactions`. */
const maxInteractions = 1000;

/** A task's starting state. */
export function initialState(task: FakeTaskDefinition): FakeWorldState {
  return {
    items: task.items.map((item, index) => ({
      id: index + 1,
      title: item.title,
      done: item.done ?? false,
    })),
    completed: false,
    answer: null,
    profile: { ...task.supervisor },
  };
}

/**
 * One task world, like the one an AppWorld server holds between `/initialize` and `/close`:
 * code runs against persistent state and the output strings follow `AppWorld.execute`.
 */
export class FakeWorld {
  readonly state: FakeWorldState;
  private interactions = 0;

  constructor(readonly task: FakeTaskDefinition) {
    this.state = initialState(task);
  }

  /** Runs a code cell; returns what it printed, or an AppWorld-style failure text. */
  execute(code: string): string {
    this.interactions += 1;
    if (this.interactions > maxInteractions) {
      return `Execution failed. Traceback:\nException: Maximum number of executions (${maxInteractions}) reached.`;
    }
    return runCode(this.state, code);
  }

  /** Runs the task's tests on the current state. */
  evaluate(): AppWorldEvaluationReport {
    return evaluateTests(this.task, this.state);
  }
}

/** Runs code against a state (mutating it) and renders the output as `AppWorld.execute` does. */
export function runCode(state: FakeWorldState, code: string): string {
  if (code.trim() === '') return 'No code available to execute.';
  const printed: string[] = [];
  try {
    for (const statement of parseFakeCode(code)) {
      if (statement.type === 'assert') throw new FakeApiError('assert is only allowed in tests');
      const value = callApi(state, statement.call);
      if (statement.print) printed.push(JSON.stringify(value));
    }
  } catch (error) {
    const stdout = printed.length === 0 ? '' : `<stdout>\n${printed.join('\n')}\n</stdout>\n`;
    return `${stdout}Execution failed. Traceback:\n${traceback(error)}`;
  }
  return printed.length === 0 ? 'Execution successful.' : printed.join('\n');
}

/** Evaluates every test of a task on a state. */
export function evaluateTests(
  task: FakeTaskDefinition,
  state: FakeWorldState,
): AppWorldEvaluationReport {
  const baseline = initialState(task);
  const passes: AppWorldEvaluationReport['passes'] = [];
  const failures: AppWorldEvaluationReport['failures'] = [];
  for (const test of task.tests) {
    const label = checkTest(baseline, test) === undefined ? 'no_op_pass' : 'no_op_fail';
    const problem = checkTest(state, test);
    if (problem === undefined) passes.push({ requirement: test.requirement, label });
    else {
      failures.push({
        requirement: test.requirement,
        trace: `\`\`\`python\n${test.code}\n\`\`\`\n----------\nAssertionError: ${problem}`,
        label,
      });
    }
  }
  return {
    success: failures.length === 0,
    difficulty: task.difficulty,
    num_tests: task.tests.length,
    passes,
    failures,
  };
}

/** Runs one test; undefined when it passes, else why it failed. */
export function checkTest(state: FakeWorldState, test: FakeTest): string | undefined {
  try {
    const statements = parseFakeCode(test.code);
    if (statements.length === 0) return 'the test has no assertion';
    for (const statement of statements) {
      if (statement.type !== 'assert') return 'a test may only hold assert statements';
      // Tests read the state: they run on a copy so a call with side effects cannot change it.
      const actual =
        statement.subject === 'answer'
          ? state.answer
          : callApi(structuredClone(state), statement.subject);
      if (JSON.stringify(actual) !== JSON.stringify(statement.expected)) {
        return `${JSON.stringify(actual)} != ${JSON.stringify(statement.expected)}`;
      }
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function callApi(state: FakeWorldState, call: FakeCall): unknown {
  const app = fakeApps[call.app];
  if (app === undefined) throw new FakeApiError(`No app named '${call.app}' exists.`);
  const api = app[call.api];
  if (api === undefined)
    throw new FakeApiError(`No API named '${call.api}' found in the ${call.app} app.`);
  for (const parameter of api.parameters) {
    if (parameter.required && !(parameter.name in call.arguments))
      throw new FakeApiError(
        `Response status code is 422:\n{"message": "${parameter.name} is required"}`,
      );
  }
  for (const name of Object.keys(call.arguments)) {
    if (!api.parameters.some((parameter) => parameter.name === name))
      throw new FakeApiError(
        `Response status code is 422:\n{"message": "unexpected parameter ${name}"}`,
      );
  }
  return api.run(state, call.arguments as Readonly<Record<string, FakeValue>>);
}

function traceback(error: unknown): string {
  if (error instanceof FakeSyntaxError) {
    return `Syntax error in line:\n${error.text}\nMessage: ${error.message} (Forge's fake environment runs only a tiny subset of Python)`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `  File "<python-input>", line 1, in <module>\nException: ${message}`;
}
