/**
 * GEPA's reflection contract: the current instruction and the rendered examples go into a
 * template at `<curr_param>` and `<side_info>`; the model answers with the new instruction
 * inside a ``` block. The default template is Forge's wording of the reference's request; its
 * first line is what the simulated optimizer recognises (docs/prompt-contracts.md).
 */
export const defaultReflectionTemplate = `An assistant works on a task by following the instruction below.
\`\`\`
<curr_param>
\`\`\`

Here are task inputs the assistant received, what it produced for each, and feedback on how each response could be better:
\`\`\`
<side_info>
\`\`\`

Write a new instruction for the assistant.

Work out from the inputs what the task is and how its inputs are laid out, and describe the task precisely.

Study every response together with its feedback. Write into the instruction every domain fact, convention and edge case the feedback reveals: the assistant will not see this feedback again. When a response shows a strategy that works in general, keep that strategy in the instruction. Keep what the current instruction already gets right, including the output format it asks for.

Return the complete new instruction inside one \`\`\` block.`;

/** The first line of the default template, by which a reflection request is recognised. */
export const reflectionRequestOpening = defaultReflectionTemplate.split('\n')[0] as string;

/**
 * Fills a reflection template. Where the template fences a placeholder on lines of its own
 * (```` ``` ````, placeholder, ```` ``` ````), the fence is widened past the longest backtick run
 * in the inserted text, so an instruction that holds a code block cannot close it early.
 */
export function renderReflectionRequest(
  template: string,
  values: { readonly currentInstruction: string; readonly sideInfo: string },
): string {
  let text = template;
  for (const [placeholder, value] of [
    ['<curr_param>', values.currentInstruction],
    ['<side_info>', values.sideInfo],
  ] as const) {
    const fenced = `\`\`\`\n${placeholder}\n\`\`\``;
    text = text.includes(fenced)
      ? text.replace(fenced, () => fence(value))
      : text.replace(placeholder, () => value);
  }
  return text;
}

/** Wraps text in a fence longer than any backtick run inside it (at least three). */
export function fence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}\n${text}\n${ticks}`;
}
