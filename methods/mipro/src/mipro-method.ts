import type { Method } from '@forge/method';
import { estimateMipro } from './mipro-estimate.js';
import { runMipro } from './run/run-mipro.js';
import { parseMiproSettings } from './settings/mipro-settings.js';

/**
 * MIPROv2 (DSPy's `MIPROv2`): bootstrap demo sets from the seed program's passing runs on
 * training data, propose instruction candidates per module grounded on a data summary, a
 * program description, tips and the bootstrapped demos, then search the combinations of
 * instruction and demo set per module with TPE, scored on validation minibatches with periodic
 * full evaluations. The trial count is the largest whose estimated evaluations fit the ceiling.
 */
export const miproMethod: Method = {
  id: 'mipro',
  title: 'MIPROv2',
  description:
    'DSPy’s MIPROv2: bootstrapped few-shot demos, grounded instruction proposals and a TPE search over their combinations.',
  roles: ['propose', 'teacher'],
  parseSettings: (raw) => ({ ...parseMiproSettings(raw) }),
  estimate: estimateMipro,
  run: runMipro,
};
