import { type ModuleCallHistory, renderModuleCalls } from '@forge/program';

/**
 * The last module calls of a program made with `defineProgram`, as text for a terminal (what
 * DSPy's `inspect_history` prints): for each call the module, instance, model and tokens, the
 * system prompt, the messages sent, the input fields, the model's answer and what parsing made of
 * it, with terminal control sequences removed. `console.log(inspect(program, 3))` prints the last
 * three; the same calls as data are `program.history.last(3)`.
 */
export function inspect(program: { readonly history: ModuleCallHistory }, last = 1): string {
  return renderModuleCalls(program.history.last(last));
}
