import { fakeTasks } from './fake-tasks.js';
import type { FakeTaskDefinition } from './fake-world.js';

/**
 * The tasks a group of fake servers can load, like the `data/tasks` directory that real servers
 * started with the same `--root` share. Tasks the fake authoring backend publishes are added
 * here, so every server of the group can run them.
 */
export class FakeTaskCatalog {
  private readonly tasks = new Map<string, FakeTaskDefinition>();

  constructor(tasks: readonly FakeTaskDefinition[] = fakeTasks()) {
    for (const task of tasks) this.add(task);
  }

  /** The task with this id, if any. */
  get(id: string): FakeTaskDefinition | undefined {
    return this.tasks.get(id);
  }

  /** Adds (or replaces) a task. */
  add(task: FakeTaskDefinition): void {
    this.tasks.set(task.id, task);
  }

  /** Every task id, in insertion order. */
  ids(): string[] {
    return [...this.tasks.keys()];
  }
}
