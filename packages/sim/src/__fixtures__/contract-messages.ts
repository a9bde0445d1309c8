// Test helpers: the four optimizer user messages laid out exactly as docs/prompt-contracts.md
// pins them, and small shortcuts for running the simulated program.
import {
  type EvaluatedExecution,
  type Instance,
  type Prompts,
  renderInstance,
  renderObservation,
  renderReflectionBatch,
  renderTrace,
  seedPrompts,
  type Signature,
  signatureToJson,
} from '@forge/program';
import type { TranscriptEntry } from '@forge/provider';
import { createSimWorld, type SimWorld } from '../sim-world.js';
import { type SimRule, simRules } from '../world/sim-rules.js';

export function reflectorMessage(
  currentPrompt: string,
  evaluations: readonly EvaluatedExecution[],
  module: string,
): string {
  return `# Current System Prompt\n\n${currentPrompt}\n\n# Evaluation Results\n\n${renderReflectionBatch(evaluations, module)}\n\nWrite a better system prompt for this module.`;
}

/**
 * GEPA's reflection request as `@forge/method-gepa` lays it out (docs/prompt-contracts.md): the
 * instruction and the examples each in a ``` block, examples as `# Example n` with `## Inputs`,
 * `## Generated Outputs` (this module's invocations) and `## Feedback`.
 */
export function gepaReflectionMessage(
  currentPrompt: string,
  evaluations: readonly EvaluatedExecution[],
  module: string,
): string {
  const examples = evaluations
    .map((evaluated, index) => {
      const inputs = Object.entries(evaluated.instance.input)
        .map(([name, value]) => `### ${name}\n${String(value)}`)
        .join('\n\n');
      const invocations = evaluated.execution.trace.filter((entry) => entry.module === module);
      return `# Example ${index + 1}\n## Inputs\n${inputs}\n## Generated Outputs\n${renderTrace(invocations, { level: 3 })}\n## Feedback\n${evaluated.evaluation.feedback ?? `This trajectory got a score of ${evaluated.evaluation.score}.`}`;
    })
    .join('\n\n');
  return `An assistant works on a task by following the instruction below.\n\`\`\`\n${currentPrompt}\n\`\`\`\n\nHere are task inputs the assistant received, what it produced for each, and feedback on how each response could be better:\n\`\`\`\n${examples}\n\`\`\`\n\nWrite a new instruction for the assistant.\n\nReturn the complete new instruction inside one \`\`\` block.`;
}

export function assignerMessage(
  catalogue: readonly { cluster_name: string; failure_description: string }[],
  evaluated: EvaluatedExecution,
): string {
  return `# Existing Failure Clusters\n\n${JSON.stringify(catalogue, null, 2)}\n\n# Failure Observation\n\n${renderObservation(evaluated)}\n\nDecide whether this failure should be assigned to an existing cluster, should create a new cluster, or should rename an existing cluster before assignment. Return the assignment XML block only.`;
}

export interface SeedParts {
  readonly clusterName: string;
  readonly description: string;
  readonly intent: string;
  readonly evaluated: EvaluatedExecution;
}

export function generatorMessage(signature: Signature, seed: SeedParts): string {
  return `# Task Signature JSON\n\n${JSON.stringify(signatureToJson(signature), null, 2)}\n\n# Mutation Seed\n\n## Failure Cluster\n\n${seed.clusterName}\n\n## Failure Description\n\n${seed.description}\n\n## Mutation Kind\n\n${seed.intent}\n\n## Failed Example\n\n${renderInstance(seed.evaluated.instance, { level: 3 })}\n\n## Feedback\n\n${seed.evaluated.evaluation.feedback ?? '(none)'}\n\n## Program Trace\n\n${renderTrace(seed.evaluated.execution.trace, { level: 3 })}\n\nGenerate one synthetic training example.`;
}

export function randomGeneratorMessage(signature: Signature, source: Instance): string {
  return `# Task Signature JSON\n\n${JSON.stringify(signatureToJson(signature), null, 2)}\n\n# Mutation Seed\n\n## Mutation Kind\n\nrandom\n\n## Source Example\n\n${renderInstance(source, { level: 3 })}\n\nGenerate one synthetic training example.`;
}

export function verifierMessage(
  signature: Signature,
  example: Record<string, unknown>,
  seed: Omit<SeedParts, 'evaluated'> & { readonly source: Instance; readonly feedback?: string },
  activity: readonly TranscriptEntry[],
): string {
  const renderedActivity = activity
    .map((entry) =>
      entry.type === 'assistant-text'
        ? entry.text
        : entry.type === 'tool-call'
          ? `Tool call ${entry.toolName}: ${JSON.stringify(entry.input)}`
          : `Tool result ${entry.toolName}: ${entry.output}`,
    )
    .join('\n\n');
  return `# Task Signature JSON\n\n${JSON.stringify(signatureToJson(signature), null, 2)}\n\n# Synthetic Example\n\n${JSON.stringify(example, null, 2)}\n\n# Generation Context\n\n## Failure Cluster\n\n${seed.clusterName}\n\n## Failure Description\n\n${seed.description}\n\n## Mutation Kind\n\n${seed.intent}\n\n## Failed Example\n\n${renderInstance(seed.source, { level: 3 })}\n\n## Feedback\n\n${seed.feedback ?? '(none)'}\n\n## Generator Activity\n\n${renderedActivity || '(none)'}\n\nVerify this synthetic training example.`;
}

/** A world with no malformed outputs and no flaws, for tests of the well-behaved paths. */
export function cleanWorld(): SimWorld {
  return createSimWorld({ malformedRate: 0, flawRate: 0 });
}

/** The seed prompts with the phrases of the chosen rules appended to their modules. */
export function promptsWith(world: SimWorld, filter: (rule: SimRule) => boolean): Prompts {
  const prompts: Record<string, string> = { ...seedPrompts(world.benchmark.program) };
  for (const rule of simRules) {
    if (filter(rule)) prompts[rule.module] = `${prompts[rule.module]}\n\n- ${rule.phrase}`;
  }
  return prompts;
}

export async function runOn(
  world: SimWorld,
  prompts: Prompts,
  instance: Instance,
): Promise<EvaluatedExecution> {
  const execution = await world.benchmark.program.run(instance, prompts, { model: world.taskModel });
  return { instance, execution, evaluation: await world.benchmark.evaluate(instance, execution) };
}

export async function meanScore(
  world: SimWorld,
  prompts: Prompts,
  instances: readonly Instance[],
): Promise<number> {
  let total = 0;
  for (const instance of instances) total += (await runOn(world, prompts, instance)).evaluation.score;
  return total / instances.length;
}

export function textInstance(text: string, date: string, id = 'case'): Instance {
  return { id, input: { text }, gold: { date } };
}
