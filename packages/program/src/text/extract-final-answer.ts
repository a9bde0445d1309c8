import { parsePythonJson, pythonSplitlines, pythonStr, pythonStrip } from '@forge/python-compat';

/** Where the final answer came from. */
export type FinalAnswerSource =
  /** The (unfenced) text is one JSON object with a `final_answer` key. */
  | 'json'
  /** The first `{…}` in the text (at most one nesting level) is such an object. */
  | 'embedded-json'
  /** No usable JSON: the whole original response is the answer. */
  | 'response';

/** The final answer and how it was found. */
export interface FinalAnswer {
  /** `str(data["final_answer"])`, or the whole response. */
  readonly answer: string;
  /** Which rule produced it. */
  readonly source: FinalAnswerSource;
  /** True when a Markdown code fence was removed first. */
  readonly unfenced: boolean;
}

// Meta-Harness evaluators.py: the first brace-delimited span with at most one nested level.
const embeddedObject = /\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/;

/**
 * Meta-Harness `extract_final_answer`: unwrap a leading code fence, then return
 * `str(final_answer)` of the text parsed as JSON, else of the first embedded `{…}` object, else the
 * original response unchanged. Python semantics throughout: `str.strip`, `str.splitlines`,
 * `json.loads` (duplicate keys keep the last value; NaN and Infinity accepted) and `str()` of
 * non-string values (`None`, `True`, `1.0`, `['X']`).
 */
export function extractFinalAnswer(response: string): string {
  return findFinalAnswer(response).answer;
}

/** `extractFinalAnswer`, also saying which rule produced the answer. */
export function findFinalAnswer(response: string): FinalAnswer {
  if (response === '') return { answer: '', source: 'response', unfenced: false };
  let text = pythonStrip(response);
  let unfenced = false;
  if (text.startsWith('```')) {
    const unwrapped = unwrapFence(text);
    unfenced = unwrapped !== text;
    text = unwrapped;
  }
  const whole = answerOf(text);
  if (whole !== undefined) return { answer: whole, source: 'json', unfenced };
  const embedded = embeddedObject.exec(text);
  if (embedded) {
    const answer = answerOf(embedded[0]);
    if (answer !== undefined) return { answer, source: 'embedded-json', unfenced };
  }
  return { answer: response, source: 'response', unfenced };
}

// The lines after the first line starting "```json" up to the next fence line; failing that,
// the text between the first two fences, minus a leading "json".
function unwrapFence(text: string): string {
  const payload: string[] = [];
  let inJson = false;
  for (const line of pythonSplitlines(text)) {
    const stripped = pythonStrip(line);
    if (stripped.startsWith('```json')) {
      inJson = true;
      continue;
    }
    if (stripped.startsWith('```') && inJson) break;
    if (inJson) payload.push(line);
  }
  if (payload.length > 0) return payload.join('\n');
  const parts = text.split('```');
  if (parts.length < 3) return text;
  const inner = parts[1] as string;
  return inner.startsWith('json') ? pythonStrip(inner.slice(4)) : inner;
}

function answerOf(text: string): string | undefined {
  const parsed = parsePythonJson(text);
  if (!parsed.ok || parsed.value.type !== 'dict') return undefined;
  const answer = parsed.value.entries.get('final_answer');
  return answer === undefined ? undefined : pythonStr(answer);
}
