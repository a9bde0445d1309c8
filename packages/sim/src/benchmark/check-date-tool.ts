import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import { readDateText } from '../world/read-date-text.js';

/**
 * The synthesis tool of the simulated benchmark: reads a date text under the world's
 * conventions and reports the ISO date and the conditions that decided the reading. The
 * generator calls it to compute a gold answer, the verifier to check one.
 */
export const checkDateTool: AgentTool<{ text: string }> = defineTool({
  name: 'check_date',
  description:
    'Reads the date in a text under the conventions of the simulated date world and returns its ' +
    'ISO form with the conditions that decided it (form, month style, year style, century of a ' +
    'two-digit year, distractor numbers before and after the date).',
  inputSchema: z.object({ text: z.string().min(1) }).strict(),
  execute: ({ text }) => {
    const reading = readDateText(text);
    if (!reading.ok) return { found: false, reason: reading.reason };
    return {
      found: true,
      iso_date: reading.iso,
      expression: reading.expression,
      form: reading.conditions.form,
      month_style: reading.conditions.monthStyle,
      year_style: reading.conditions.yearStyle,
      century: reading.conditions.century,
      distractors_before: reading.conditions.distractorsBefore,
      distractors_after: reading.conditions.distractorsAfter,
    };
  },
});
