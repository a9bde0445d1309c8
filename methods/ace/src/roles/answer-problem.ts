/** The words for an answer that is cut off or empty, as a malformed record's reason. */
export function answerProblem(reason: 'empty' | 'truncated'): string {
  return reason === 'truncated'
    ? 'the answer was cut off at the output-token limit'
    : 'the answer is empty';
}
