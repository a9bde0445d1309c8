import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel, type MockResponse } from '@forge/provider/testing';

/** Per failure-mode name: the generator's answers by agent step, and the verifier's. */
export type Script = Record<
  string,
  { readonly generate: readonly MockResponse[]; readonly verify?: readonly MockResponse[] }
>;

/** The failure-mode name a generator or verifier request is about. */
export function failureModeOf(request: GenerateRequest): string {
  const first = request.messages[0];
  const content = first?.role === 'user' ? first.content : '';
  const match = /## Failure Cluster\n\n(\S+)/.exec(content);
  if (!match?.[1]) throw new Error('request without a failure mode');
  return match[1];
}

/** The agent step of a request: assistant turns already in the conversation. */
function stepOf(request: GenerateRequest): number {
  return request.messages.filter((message) => message.role === 'assistant').length;
}

/**
 * A generator and a verifier that answer by failure-mode name and agent step, whatever order
 * the calls arrive in. Optional latency per mode name makes completion order differ from slot order.
 */
export function scriptedModels(
  script: Script,
  latency: (failureMode: string, role: 'generate' | 'verify') => number = () => 0,
): { generator: MockLanguageModel; verifier: MockLanguageModel } {
  const respond =
    (role: 'generate' | 'verify') =>
    async (request: GenerateRequest): Promise<MockResponse> => {
      const failureMode = failureModeOf(request);
      const delay = latency(failureMode, role);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const answers = script[failureMode]?.[role];
      const answer = answers?.[stepOf(request)];
      if (answer === undefined) throw new Error(`no scripted ${role} answer for ${failureMode}`);
      return answer;
    };
  return {
    generator: new MockLanguageModel({ modelId: 'generator', responses: respond('generate') }),
    verifier: new MockLanguageModel({ modelId: 'verifier', responses: respond('verify') }),
  };
}

/** A generator answer holding one example. */
export function example(
  question: string,
  answer: unknown,
  extraFields: Record<string, unknown> = {},
): string {
  const json = JSON.stringify({ question, answer, ...extraFields });
  return `I changed the numbers.\n<synthetic_example>\n${json}\n</synthetic_example>`;
}

/** A verifier answer with the two verdicts. */
export function verdict(validity: string, faithfulness: string): string {
  return `<validity_reason>checked the sum</validity_reason>
<validity>${validity}</validity>
<faithfulness_reason>needs a carry as the failure did</faithfulness_reason>
<faithfulness>${faithfulness}</faithfulness>`;
}
