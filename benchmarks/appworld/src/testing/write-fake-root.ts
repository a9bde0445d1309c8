import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeSplits, fakeTasks } from './fake-tasks.js';
import { checkTest, type FakeTaskDefinition, initialState } from './fake-world.js';

/**
 * Writes an AppWorld root for fake tasks, in the layout `appworld download data` creates:
 * `data/datasets/{train,dev,test_normal}.txt` and, per task, `data/tasks/<id>/specs.json` and
 * `ground_truth/{test_data,metadata}.json`. Every value is synthetic.
 */
export function writeFakeAppWorldRoot(
  directory: string,
  options: {
    readonly tasks?: readonly FakeTaskDefinition[];
    readonly splits?: Readonly<Record<string, readonly string[]>>;
  } = {},
): { readonly root: string } {
  const tasks = options.tasks ?? fakeTasks();
  const splits = options.splits ?? fakeSplits;
  const data = join(directory, 'data');
  mkdirSync(join(data, 'datasets'), { recursive: true });
  for (const [name, ids] of Object.entries(splits)) {
    writeFileSync(join(data, 'datasets', `${name}.txt`), ids.map((id) => `${id}\n`).join(''));
  }
  for (const task of tasks) {
    const folder = join(data, 'tasks', task.id);
    mkdirSync(join(folder, 'ground_truth'), { recursive: true });
    writeFileSync(
      join(folder, 'specs.json'),
      JSON.stringify({
        instruction: task.instruction,
        supervisor: task.supervisor,
        datetime: task.datetime,
        db_version: '0.2.0',
        canary_string: 'forge-fake-appworld-task',
      }),
    );
    const untouched = initialState(task);
    writeFileSync(
      join(folder, 'ground_truth', 'test_data.json'),
      JSON.stringify(
        task.tests.map((test) => ({
          requirement: test.requirement,
          label: checkTest(untouched, test) === undefined ? 'no_op_pass' : 'no_op_fail',
        })),
      ),
    );
    writeFileSync(
      join(folder, 'ground_truth', 'metadata.json'),
      JSON.stringify({ difficulty: task.difficulty }),
    );
  }
  return { root: directory };
}
