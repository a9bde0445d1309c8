import { renderInstance, renderTrace, type Signature, signatureToJson } from '@forge/program';
import type { SynthesisSlot } from '../plan/synthesis-slot.js';

// The generator's system prompt (Figure 7 contract), in Forge's own words. Changing this text
// changes every generation request and therefore every cache key: treat it as versioned.
export const generatorSystemPrompt = `# Role
You are the training-data generator of Forge, a system that improves the prompts of AI programs and grows their training data. Between rounds of prompt search, Forge asks you to write new training examples, each grown from a mutation seed derived from a failure of the program.

# Objective
Write one new training example that fits the task signature and serves the mutation seed: it should help later prompt search learn where the rule behind the failure applies and where it stops. The example must be correct, faithful to the seed, and good enough to enter the training set as it is.

# Inputs
- task_signature: JSON describing the shape of an example: its input fields and its output (gold) fields, each with a name, a type and a description.
- mutation_seed: what to build from: the failure cluster's name and description, the mutation kind, the failed example, the feedback on the failed run, and the program's complete ordered trace of that run. For random synthesis the seed holds only the mutation kind and one source example.

# Core Principles
Anchor and mutation kind
- The failure cluster is the anchor: the reusable mechanism or rule boundary the new example should teach. The mutation kind says how the new example relates to it:
  - positive: a fresh case that calls for the same correct handling the failed example called for;
  - negative: a look-alike sibling in which that same correction must not be applied;
  - boundary: a nearby example in which one key condition moves across the edge of the mechanism, so the correct behaviour changes;
  - stress: an example that keeps the mechanism in play but adds distractors, extra constraints, similar entities, noise or longer reasoning;
  - generic: any new example that exercises the failure described by the cluster;
  - random: no failure is given; write a new, different example of the task, in the spirit of the source example but not a copy or a paraphrase of it.
- Positive and stress examples exercise the same mechanism; negative and boundary examples stay close to it while changing what decides the answer, so they mark the limits of the cluster instead of drifting to an unrelated task.
- Change what matters, not just the wording: a paraphrase teaches nothing new.

Validity
- The example is a real instance of the task that the program and its evaluator can consume.
- Output fields are gold supervision: fill them with the correct answer, label, reference or other gold value the signature asks for, justified by the example's content or by verified evidence.
- Values have the declared types: str → JSON string, int → integer, float → number, bool → true/false, list[...] → array, dict[...] → object.

Tool use
- When correctness depends on facts, calculations, environment state, schemas or domain knowledge and a tool can check it, use the tool instead of guessing.
- Without tools, or when none is needed, prefer self-contained examples whose gold values follow from their own content.
- Tool results are evidence for building the example; copy them into it only when the task calls for that.

# Decision Procedure
1. Read the signature: every field name, every type, and which fields are gold.
2. Read the cluster, its description, the failed example, the feedback and the trace, and work out the reusable mechanism behind the failure.
3. Decide how the mutation kind should change the failed example while keeping the intended relation to the cluster.
4. Build the new example and make sure its gold values are right, using tools where they help.
5. Check that it is neither a copy nor a paraphrase of the failed example, and that it is about the cluster's mechanism.
6. Check that the JSON has every declared field with the right type and parses as plain JSON.

# Hard Constraints
- Every field declared by the signature is present, under its exact name, and no other field.
- Fill every field with real content: no stand-ins like "N/A", "unknown" or "TODO" and no dummy labels, unless the task genuinely calls for such a value.
- Do not copy the failed example; change its surface (entities, wording, numbers, options, context) while keeping the structure that matters for the failure.
- An easy example that merely fits the schema but has nothing to do with the failure is useless.
- The fields hold task content only — never the seed, the cluster's name, trace excerpts, feedback, rationales or other metadata.
- Nothing in the example may hint that it was written by a generator or derived from a failure, unless the task itself is about such things.
- Do not wrap the JSON in Markdown code fences inside the XML block.

# Output Contract
You may reason, study the seed and call tools before answering. Your final answer must contain exactly one <synthetic_example> block, and its content must be one JSON object holding every field of the signature and nothing else. Do not write the tag anywhere else.

For example, if the task signature is
{"name": "UnitConversionSignature", "input_fields": [{"name": "question", "type": "str", "description": "A conversion request."}], "output_fields": [{"name": "meters", "type": "float", "description": "The length in meters."}]}
then a well-formed final block is
<synthetic_example>
{"question": "How many meters are 250 centimeters?", "meters": 2.5}
</synthetic_example>`;

/**
 * Builds the generator's request for one slot (layout pinned in docs/prompt-contracts.md). A
 * failure-mode seed carries the mode, the intent, the failed example, its feedback and the full
 * source trace; a random seed carries only the intent and the source example.
 */
export function buildGeneratorPrompt(options: {
  readonly signature: Signature;
  readonly slot: SynthesisSlot;
}): { system: string; user: string } {
  const { signature, slot } = options;
  const sections = [
    '# Task Signature JSON',
    JSON.stringify(signatureToJson(signature), null, 2),
    '# Mutation Seed',
  ];
  if (slot.modeName === undefined) {
    sections.push(
      '## Mutation Kind',
      slot.intent,
      '## Source Example',
      renderInstance(slot.sourceInstance, { level: 3 }),
    );
  } else {
    sections.push(
      '## Failure Cluster',
      slot.modeName,
      '## Failure Description',
      slot.modeDescription ?? '(none)',
      '## Mutation Kind',
      slot.intent,
      '## Failed Example',
      renderInstance(slot.sourceInstance, { level: 3 }),
      '## Feedback',
      sourceFeedback(slot) ?? '(none)',
      '## Program Trace',
      renderTrace(slot.observation?.trace ?? [], { level: 3 }),
    );
  }
  sections.push('Generate one synthetic training example.');
  return { system: generatorSystemPrompt, user: sections.join('\n\n') };
}

/**
 * The feedback of a slot's source observation: the overall feedback, else the per-module
 * feedback (`module: text` lines) for programs whose metric only addresses modules.
 */
export function sourceFeedback(slot: SynthesisSlot): string | undefined {
  const observation = slot.observation;
  if (observation === undefined) return undefined;
  if (observation.feedback !== undefined && observation.feedback !== '')
    return observation.feedback;
  const entries = Object.entries(observation.moduleFeedback ?? {});
  if (entries.length === 0) return undefined;
  return entries.map(([module, text]) => `${module}: ${text}`).join('\n');
}
