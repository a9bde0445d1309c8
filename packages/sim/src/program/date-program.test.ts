import { seedPrompts } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { createSimTaskModel } from '../task-model/sim-task-model.js';
import { dateProgram } from './date-program.js';

const model = createSimTaskModel();
const instance = {
  id: 'v1',
  input: { text: 'Invoice dated 03.04.21.' },
  gold: { date: '2021-04-03' },
};

describe('dateProgram', () => {
  it('reads naively with the seed prompts and no demonstrations', async () => {
    const execution = await dateProgram.run(instance, seedPrompts(dateProgram), { model });
    expect(execution.output).toEqual({ date: '1921-03-04' });
    expect(execution.trace.map((entry) => entry.demonstration)).toEqual([undefined, undefined]);
  });

  it('shows each module its demonstrations, which teach the simulated task model', async () => {
    const recorded = await dateProgram.run(
      { id: 't1', input: { text: 'Paid 05.11.20.' }, gold: { date: '2020-11-05' } },
      seedPrompts(dateProgram),
      { model, recordDemonstrations: true },
    );
    expect(recorded.trace.map((entry) => entry.demonstration)).toEqual([
      { input: { text: 'Paid 05.11.20.' }, output: { day: '11', month: '05', year: '20' } },
      { input: { day: '11', month: '05', year: '20' }, output: { date: '1920-05-11' } },
    ]);
    const demos = {
      interpret: [
        { input: { text: 'Paid 05.11.20.' }, output: { day: '05', month: '11', year: '20' } },
      ],
      format: [{ input: { day: '05', month: '11', year: '20' }, output: { date: '2020-11-05' } }],
    };
    const execution = await dateProgram.run(instance, seedPrompts(dateProgram), { model, demos });
    expect(execution.output).toEqual({ date: '2021-04-03' });
    // The trace keeps the live turns only.
    expect(execution.trace.map((entry) => entry.messages.length)).toEqual([2, 2]);
  });
});
