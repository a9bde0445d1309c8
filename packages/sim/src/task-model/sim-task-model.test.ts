import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerateRequest } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { formatMessage, interpretMessage } from '../program/date-messages.js';
import { formatSeedPrompt, interpretSeedPrompt } from '../program/seed-prompts.js';
import { simRule } from '../world/sim-rules.js';
import { createSimTaskModel } from './sim-task-model.js';

const model = createSimTaskModel();

async function read(system: string, text: string): Promise<string> {
  const result = await model.generate({
    system,
    messages: [{ role: 'user', content: interpretMessage(text) }],
  });
  return result.text;
}

async function write(system: string, day: string, month: string, year: string): Promise<string> {
  const result = await model.generate({
    system,
    messages: [{ role: 'user', content: formatMessage({ day, month, year }) }],
  });
  return /<date>(.*)<\/date>/.exec(result.text)?.[1] ?? result.text;
}

const parts = (text: string) =>
  ['day', 'month', 'year'].map((tag) => new RegExp(`<${tag}>(.*)</${tag}>`).exec(text)?.[1]);

describe('the simulated task model', () => {
  it('reads naively under the seed prompt: month-first numbers, full month names only, first numbers first', async () => {
    expect(parts(await read(interpretSeedPrompt, 'Born 03.04.2021.'))).toEqual([
      '04',
      '03',
      '2021',
    ]);
    expect(parts(await read(interpretSeedPrompt, 'Born 3 March 2021.'))).toEqual([
      '3',
      '3',
      '2021',
    ]);
    expect(parts(await read(interpretSeedPrompt, 'Born 3 Sept 2021.'))).toEqual(['2021', '3', '?']);
    expect(parts(await read(interpretSeedPrompt, 'Ticket 7: Born 3 March 2021.'))).toEqual([
      '7',
      '3',
      '3',
    ]);
    expect(await write(formatSeedPrompt, '3', '4', '21')).toBe('1921-04-03');
  });

  it('applies a rule exactly when the prompt states its canonical phrase, in any case or spacing', async () => {
    const dayFirst = `${interpretSeedPrompt}\n\n- numeric   DATES are written day-first!`;
    expect(parts(await read(dayFirst, 'Born 03.04.2021.'))).toEqual(['03', '04', '2021']);
    // The rule as stated covers every numeric date, slashes included, until the exception is stated.
    expect(parts(await read(dayFirst, 'Born 04/03/2021.'))).toEqual(['04', '03', '2021']);
    const withException = `${dayFirst}\n- ${simRule('slash-month-first').phrase}`;
    expect(parts(await read(withException, 'Born 04/03/2021.'))).toEqual(['03', '04', '2021']);
    expect(parts(await read(withException, 'Born 03.04.2021.'))).toEqual(['03', '04', '2021']);
    const abbreviations = `${interpretSeedPrompt}\n- ${simRule('abbreviated-months').phrase}`;
    expect(parts(await read(abbreviations, 'Born 3 Sept 2021.'))).toEqual(['3', '9', '2021']);
    const distractors = `${interpretSeedPrompt}\n- ${simRule('ignore-distractors').phrase}`;
    expect(parts(await read(distractors, 'Ticket 7: Born 3 March 2021.'))).toEqual([
      '3',
      '3',
      '2021',
    ]);
  });

  it('expands two-digit years as its prompt says, taking the pivot from the prompt itself', async () => {
    const twenties = `${formatSeedPrompt}\n- ${simRule('two-digit-2000s').phrase}`;
    expect(await write(twenties, '3', '4', '21')).toBe('2021-04-03');
    expect(await write(twenties, '3', '4', '87')).toBe('2087-04-03');
    const pivot = `${twenties}\n- ${simRule('two-digit-pivot').phrase}`;
    expect(await write(pivot, '3', '4', '87')).toBe('1987-04-03');
    expect(await write(pivot, '3', '4', '49')).toBe('2049-04-03');
    const otherPivot = `${twenties}\n- Two-digit years from 30 to 99 belong to the 1900s.`;
    expect(await write(otherPivot, '3', '4', '31')).toBe('1931-04-03');
    expect(await write(formatSeedPrompt, '?', '4', '2021')).toBe('unknown');
  });

  it('answers without tags when the prompt does not name its output tags', async () => {
    const text = await read('Read the date.', 'Born 03.04.2021.');
    expect(text).not.toContain('<day>');
    expect(await write('Write the date.', '3', '4', '2021')).toBe('The date is 2021-04-03.');
  });

  it('drops its tags at a forced malformed rate of 1, and only then', async () => {
    const broken = createSimTaskModel({ malformedRate: { task: 1 } });
    const result = await broken.generate({
      system: interpretSeedPrompt,
      messages: [{ role: 'user', content: interpretMessage('Born 03.04.2021.') }],
    });
    expect(result.text).not.toContain('<day>');
    expect(await read(interpretSeedPrompt, 'Born 03.04.2021.')).toContain('<day>');
  });

  it('answers the same request identically and reports usage and its simulated identity', async () => {
    const request: GenerateRequest = {
      system: interpretSeedPrompt,
      messages: [{ role: 'user', content: interpretMessage('Born 03.04.2021.') }],
    };
    const first = await model.generate(request);
    const second = await createSimTaskModel().generate(request);
    expect(second).toEqual(first);
    expect(first.usage.inputTokens).toBeGreaterThan(0);
    expect(first.usage.outputTokens).toBeGreaterThan(0);
    expect([model.provider, model.modelId]).toEqual(['sim', 'task']);
  });

  it('learns the conventions its few-shot demonstrations show, and no others', async () => {
    const shot = (text: string, day: string, month: string, year: string) => [
      { role: 'user' as const, content: interpretMessage(text) },
      {
        role: 'assistant' as const,
        content: `<day>${day}</day>\n<month>${month}</month>\n<year>${year}</year>`,
      },
    ];
    const readWith = async (demos: ReturnType<typeof shot>, text: string) =>
      parts(
        (
          await model.generate({
            system: interpretSeedPrompt,
            messages: [...demos, { role: 'user', content: interpretMessage(text) }],
          })
        ).text,
      );
    // A dotted demonstration read day-first teaches day-first, for every numeric date.
    const dotted = shot('Paid 05.11.2020.', '05', '11', '2020');
    expect(await readWith(dotted, 'Born 03.04.2021.')).toEqual(['03', '04', '2021']);
    expect(await readWith(dotted, 'Born 04/03/2021.')).toEqual(['04', '03', '2021']);
    // With a slash demonstration read month-first as well, slash dates stay month-first.
    const both = [...dotted, ...shot('Due 06/07/2019.', '07', '06', '2019')];
    expect(await readWith(both, 'Born 04/03/2021.')).toEqual(['03', '04', '2021']);
    expect(await readWith(both, 'Born 03.04.2021.')).toEqual(['03', '04', '2021']);
    // Nothing about distractors was shown: a ticket number is still read as the day.
    expect(await readWith(both, 'Ticket 7: Born 3 March 2021.')).toEqual(['7', '3', '3']);

    const writeWith = async (years: [string, string][], year: string) => {
      const messages = years.flatMap(([written, full]) => [
        { role: 'user' as const, content: formatMessage({ day: '1', month: '2', year: written }) },
        { role: 'assistant' as const, content: `<date>${full}-02-01</date>` },
      ]);
      const result = await model.generate({
        system: formatSeedPrompt,
        messages: [
          ...messages,
          { role: 'user', content: formatMessage({ day: '3', month: '4', year }) },
        ],
      });
      return /<date>(.*)<\/date>/.exec(result.text)?.[1];
    };
    expect(await writeWith([['21', '2021']], '30')).toBe('2030-04-03');
    expect(await writeWith([['21', '2021']], '87')).toBe('2087-04-03');
    expect(
      await writeWith(
        [
          ['21', '2021'],
          ['64', '1964'],
        ],
        '87',
      ),
    ).toBe('1987-04-03');
    expect(
      await writeWith(
        [
          ['21', '2021'],
          ['64', '1964'],
        ],
        '40',
      ),
    ).toBe('2040-04-03');
  });

  it('never imports the world (rule table, reference reader, gold data)', async () => {
    const directory = new URL('.', import.meta.url).pathname;
    for (const file of await readdir(directory)) {
      if (file.endsWith('.test.ts')) continue;
      const source = await readFile(join(directory, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
      for (const specifier of imports) {
        expect(specifier, `${file} imports ${specifier}`).not.toMatch(
          /world|optimizer|program\/|benchmark/,
        );
      }
    }
  });
});
