import {
  type Demonstration,
  demonstrationMessages,
  demonstrationsFor,
  type ProgramContext,
  type Prompts,
  renderValue,
  type TraceEntry,
  taskMaxOutputTokens,
} from '@forge/program';
import { addUsage, emptyUsage, type Usage } from '@forge/provider';
import { passageTitle } from './passage.js';
import type { Retriever } from './retriever.js';

/** One call of a chain-of-thought module of a multi-hop program. */
export interface ModuleCall {
  /** Module name (the key of its system prompt). */
  readonly module: string;
  /** Input fields in order, already rendered as text. */
  readonly fields: ReadonlyArray<readonly [name: string, value: string]>;
  /** The output field; the model writes it inside `<tag>…</tag>` after its reasoning. */
  readonly outputField: string;
  /** Notes recorded with the invocation (retrieval results). */
  readonly notes?: readonly string[];
  /** Facts stored in the trace entry's `output` besides the parsed field. */
  readonly record?: Readonly<Record<string, unknown>>;
}

/** What one module call produced. */
export interface ModuleResult {
  /** The parsed output field. */
  readonly value: string;
  /** The trace entry of the invocation. */
  readonly entry: TraceEntry;
  /** Token counts of the call. */
  readonly usage: Usage;
}

/**
 * Renders the user message of a module call. The output contract lives here, in the fixed
 * user message, not in the optimisable system prompt, so a rewritten prompt cannot break it.
 */
export function renderModuleInput(call: ModuleCall): string {
  const sections = call.fields.map(([name, value]) => `## ${name}\n\n${value}`);
  const tag = call.outputField;
  sections.push(
    `Think it through step by step, then write the ${tag} inside <${tag}></${tag}> tags.`,
  );
  return sections.join('\n\n');
}

/**
 * The text inside the last complete `<tag>…</tag>` block, trimmed; without one, the whole reply
 * trimmed (a malformed reply is scored, not thrown).
 */
export function extractTaggedText(text: string, tag: string): string {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const end = text.lastIndexOf(close);
  if (end >= 0) {
    const start = text.lastIndexOf(open, end);
    if (start >= 0) return text.slice(start + open.length, end).trim();
  }
  return text.trim();
}

/**
 * The reasoning of a reply: the text before its last `<tag>` block, trimmed; undefined when the
 * reply has no such block or nothing before it.
 */
export function reasoningBeforeTag(text: string, tag: string): string | undefined {
  const close = text.lastIndexOf(`</${tag}>`);
  const open = close < 0 ? -1 : text.lastIndexOf(`<${tag}>`, close);
  if (open < 0) return undefined;
  const reasoning = text.slice(0, open).trim();
  return reasoning === '' ? undefined : reasoning;
}

/**
 * A demonstration's answer turn: its reasoning (when it has one), a blank line, and the output
 * field inside its tags, the form `extractTaggedText` reads back.
 */
export function renderModuleAnswer(demonstration: Demonstration, outputField: string): string {
  const value = renderValue(demonstration.output[outputField] ?? '');
  const block = `<${outputField}>${value}</${outputField}>`;
  return demonstration.reasoning === undefined ? block : `${demonstration.reasoning}\n\n${block}`;
}

/** Runs one module: system prompt from the candidate, rendered fields, one task-model call. */
export async function callModule(
  call: ModuleCall,
  prompts: Prompts,
  context: ProgramContext,
): Promise<ModuleResult> {
  const user = renderModuleInput(call);
  // Demonstrations come first, each rendered exactly as a live call of this module would be.
  const shots = demonstrationMessages(demonstrationsFor(context.demos, call.module), {
    input: (demonstration) =>
      renderModuleInput({
        ...call,
        fields: Object.entries(demonstration.input).map(([name, value]) => [
          name,
          renderValue(value),
        ]),
      }),
    answer: (demonstration) => renderModuleAnswer(demonstration, call.outputField),
  });
  const result = await context.model.generate({
    system: prompts[call.module],
    messages: [...shots, { role: 'user', content: user }],
    maxOutputTokens: taskMaxOutputTokens,
    abortSignal: context.abortSignal,
    metadata: { role: 'task', ...context.metadata, module: call.module },
  });
  const value = extractTaggedText(result.text, call.outputField);
  const reasoning = reasoningBeforeTag(result.text, call.outputField);
  return {
    value,
    usage: result.usage,
    entry: {
      module: call.module,
      messages: [
        { role: 'user', content: user },
        { role: 'assistant', content: result.text },
      ],
      output: { [call.outputField]: value, ...call.record },
      ...(call.notes === undefined ? {} : { notes: call.notes }),
      ...(context.recordDemonstrations === true
        ? {
            demonstration: {
              input: Object.fromEntries(call.fields),
              output: { [call.outputField]: value },
              ...(reasoning === undefined ? {} : { reasoning }),
            },
          }
        : {}),
    },
  };
}

/** One retrieval hop: its query and the passages it returned. */
export interface SearchHop {
  /** The query sent. */
  readonly query: string;
  /** Passages returned, best first, `"Title | text"`. */
  readonly passages: readonly string[];
  /** The trace note recording it. */
  readonly note: string;
}

/** Runs one `search_full_wiki` hop and describes it for the trace. */
export async function searchHop(
  retriever: Retriever,
  hop: number,
  query: string,
  k: number,
  abortSignal?: AbortSignal,
): Promise<SearchHop> {
  const passages = await retriever.search(
    query,
    k,
    abortSignal === undefined ? {} : { abortSignal },
  );
  const titles = passages.map(passageTitle);
  const found =
    titles.length === 0 ? 'no passages' : `${titles.length} passages: ${titles.join('; ')}`;
  return {
    query,
    passages,
    note: `hop ${hop}: search_full_wiki(query: ${JSON.stringify(query)}, k: ${k}) returned ${found}`,
  };
}

/** Numbers passages for a prompt: `[1] Title | text`, one per line. */
export function renderPassages(passages: readonly string[]): string {
  if (passages.length === 0) return '(no passages were retrieved)';
  return passages.map((passage, index) => `[${index + 1}] ${passage}`).join('\n');
}

/** Sums the usage of several calls. */
export function totalUsage(usages: readonly Usage[]): Usage {
  return usages.reduce(addUsage, emptyUsage());
}
