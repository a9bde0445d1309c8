import { defineSignature, type Signature } from '@forge/program';

/**
 * AppWorld: a native task id in. The task itself (its world, apps, people, tests) lives in the
 * environment, so the id is what a synthetic instance must hold (the paper's admitted AppWorld
 * records hold only a task id); the instruction travels along so people, the duplicate guard and
 * the leakage guard can read the task. The output is what the environment's tests check; the
 * metric reads the environment's report, not this field.
 */
export const appworldSignature: Signature = defineSignature({
  name: 'AppWorld',
  inputFields: [
    {
      name: 'task_id',
      type: 'str',
      description:
        'A native AppWorld task id that every environment server of the pool can load, e.g. 82e2fac_1. For a new task: the id finalize_task returned.',
    },
    {
      name: 'instruction',
      type: 'str',
      description: 'The task as the supervisor states it, exactly as the environment holds it.',
    },
  ],
  outputFields: [
    {
      name: 'requirements',
      type: 'list[str]',
      description:
        "The requirements the task's evaluation tests check, one sentence each, as the environment (or finalize_task) lists them.",
    },
  ],
});
