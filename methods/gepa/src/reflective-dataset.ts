import {
  type EvaluatedExecution,
  feedbackForModule,
  renderFields,
  renderTrace,
} from '@forge/program';

/** One minibatch evaluation as the reflection model sees it for one component. */
export interface ReflectiveRecord {
  /** The task input fields of the instance. */
  readonly inputs: Readonly<Record<string, unknown>>;
  /** This component's invocations in the run, rendered (its input messages and its answers). */
  readonly generatedOutputs: string;
  /** The component's feedback, or the reference's stand-in when the metric gave none. */
  readonly feedback: string;
}

/**
 * The reflective dataset of one component (the reference's `make_reflective_dataset`): every
 * minibatch evaluation in which the component was invoked — perfect ones included, as the
 * reference keeps them — with inputs, the component's outputs and its feedback.
 */
export function reflectiveDataset(
  evaluations: readonly EvaluatedExecution[],
  component: string,
): ReflectiveRecord[] {
  const records: ReflectiveRecord[] = [];
  for (const evaluated of evaluations) {
    const invocations = evaluated.execution.trace.filter((entry) => entry.module === component);
    if (invocations.length === 0) continue;
    const feedback = feedbackForModule(evaluated.evaluation, component);
    records.push({
      inputs: evaluated.instance.input,
      generatedOutputs: renderTrace(invocations, { level: 3 }),
      feedback:
        feedback === undefined || feedback === ''
          ? `This trajectory got a score of ${evaluated.evaluation.score}.`
          : feedback,
    });
  }
  return records;
}

/**
 * Renders records as the reference lays them out (`# Example i`, then `## Inputs`,
 * `## Generated Outputs`, `## Feedback`, fields one level further down).
 */
export function renderReflectiveDataset(records: readonly ReflectiveRecord[]): string {
  return records
    .map((record, index) =>
      [
        `# Example ${index + 1}`,
        `## Inputs\n${renderFields(record.inputs, 3)}`,
        `## Generated Outputs\n${record.generatedOutputs}`,
        `## Feedback\n${record.feedback}`,
      ].join('\n'),
    )
    .join('\n\n');
}
