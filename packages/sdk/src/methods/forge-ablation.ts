import type { AblationSpec } from '@forge/suite';

/**
 * The paper's cumulative ablation (Table 2) over Forge's variants, as SPEC §10 defines them:
 * each row adds one component to the one above.
 */
export const forgeAblation: AblationSpec = {
  components: ['Prompt search', 'Synthesis', 'Failure memory', 'Mutation guidance'],
  steps: [
    { method: 'baseline', label: 'Baseline', components: [] },
    { method: 'prompt-search', label: '+ Prompt search', components: ['Prompt search'] },
    {
      method: 'random-synthesis',
      label: '+ Random synthesis',
      components: ['Prompt search', 'Synthesis'],
    },
    {
      method: 'failure-memory',
      label: '+ Failure memory',
      components: ['Prompt search', 'Synthesis', 'Failure memory'],
    },
    {
      method: 'forge',
      label: '+ Mutation guidance',
      components: ['Prompt search', 'Synthesis', 'Failure memory', 'Mutation guidance'],
    },
  ],
};
