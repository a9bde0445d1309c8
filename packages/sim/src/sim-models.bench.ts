import { runAgent } from '@forge/provider';
import { bench, describe } from 'vitest';
import {
  assignerMessage,
  cleanWorld,
  generatorMessage,
  promptsWith,
  reflectorMessage,
  runOn,
  textInstance,
} from './__fixtures__/contract-messages.js';

// The simulated models must be cheap enough for a whole demo (hundreds of task calls, dozens of
// optimizer calls) to run in well under a second: this measures one call of each kind.
const world = cleanWorld();
const seed = promptsWith(world, () => false);
const instance = textInstance('Invoice dated 03.04.21.', '2021-04-03');
const failed = await runOn(world, seed, instance);
const reflection = reflectorMessage(seed['interpret'] ?? '', [failed, failed, failed], 'interpret');
const assignment = assignerMessage([], failed);
const generation = generatorMessage(world.benchmark.signature, {
  clusterName: 'dotted_dates_read_month_first',
  description: 'Dotted numeric dates are read month-first.',
  intent: 'boundary',
  evaluated: failed,
});

describe('simulated model calls', () => {
  bench('program run on one instance (two task-model calls) and evaluation', async () => {
    await runOn(world, seed, instance);
  });
  bench('reflector call', async () => {
    await world.optimizerModel.generate({ messages: [{ role: 'user', content: reflection }] });
  });
  bench('assigner call', async () => {
    await world.optimizerModel.generate({ messages: [{ role: 'user', content: assignment }] });
  });
  bench('generator agent run with one check_date call', async () => {
    await runAgent({
      model: world.optimizerModel,
      prompt: generation,
      tools: world.benchmark.synthesisTools,
    });
  });
});
