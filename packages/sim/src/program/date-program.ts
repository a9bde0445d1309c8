import {
  type Demonstration,
  demonstrationMessages,
  demonstrationsFor,
  type Execution,
  type Instance,
  type Program,
  type ProgramContext,
  type Prompts,
  type TraceEntry,
} from '@forge/program';
import { addUsage, type Message } from '@forge/provider';
import {
  formatAnswer,
  formatMessage,
  interpretAnswer,
  interpretMessage,
  parseFormatAnswer,
  parseInterpretAnswer,
  type ReportedParts,
} from './date-messages.js';
import { formatSeedPrompt, interpretSeedPrompt } from './seed-prompts.js';

// Each module shows its demonstrations as a live call of it would look, answered in the tags
// its parser reads.
const interpretShot = {
  input: (demonstration: Demonstration) =>
    interpretMessage(String(demonstration.input['text'] ?? '')),
  answer: (demonstration: Demonstration) => interpretAnswer(partsOf(demonstration.output)),
};
const formatShot = {
  input: (demonstration: Demonstration) => formatMessage(partsOf(demonstration.input)),
  answer: (demonstration: Demonstration) =>
    formatAnswer(String(demonstration.output['date'] ?? '')),
};

function partsOf(fields: Readonly<Record<string, unknown>>): ReportedParts {
  return {
    day: String(fields['day'] ?? ''),
    month: String(fields['month'] ?? ''),
    year: String(fields['year'] ?? ''),
  };
}

/** Name of the simulated date program. */
export const dateProgramName = 'date-normalisation-sim';

/**
 * The simulated world's LM program: `interpret` reads the day, month and year as written, then
 * `format` writes them as `YYYY-MM-DD`. Two modules, so round-robin reflection alternates
 * between them, and each module owns its own rules (reading conventions vs. year expansion).
 */
export const dateProgram: Program = {
  name: dateProgramName,
  modules: [
    {
      name: 'interpret',
      seedPrompt: interpretSeedPrompt,
      description: 'Finds the date in the text and reports day, month and year as written.',
    },
    {
      name: 'format',
      seedPrompt: formatSeedPrompt,
      description: 'Writes the reported parts as an ISO 8601 date, expanding two-digit years.',
    },
  ],
  async run(instance: Instance, prompts: Prompts, context: ProgramContext): Promise<Execution> {
    const text = typeof instance.input['text'] === 'string' ? instance.input['text'] : '';
    const call = async (module: 'interpret' | 'format', user: string) => {
      const shots = demonstrationMessages(
        demonstrationsFor(context.demos, module),
        module === 'interpret' ? interpretShot : formatShot,
      );
      const result = await context.model.generate({
        system: prompts[module],
        messages: [...shots, { role: 'user', content: user }],
        maxOutputTokens: 256,
        abortSignal: context.abortSignal,
        metadata: { role: 'task', ...context.metadata },
      });
      const messages: Message[] = [
        { role: 'user', content: user },
        { role: 'assistant', content: result.text },
      ];
      return { result, messages };
    };
    const interpret = await call('interpret', interpretMessage(text));
    const parts = parseInterpretAnswer(interpret.result.text);
    const format = await call('format', formatMessage(parts));
    const date = parseFormatAnswer(format.result.text);
    const record = context.recordDemonstrations === true;
    const trace: TraceEntry[] = [
      {
        module: 'interpret',
        messages: interpret.messages,
        output: { ...parts },
        ...(record ? { demonstration: { input: { text }, output: { ...parts } } } : {}),
      },
      {
        module: 'format',
        messages: format.messages,
        output: { date },
        ...(record ? { demonstration: { input: { ...parts }, output: { date } } } : {}),
      },
    ];
    return {
      output: { date },
      trace,
      usage: addUsage(interpret.result.usage, format.result.usage),
    };
  },
};
