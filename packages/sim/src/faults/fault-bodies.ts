import type { FaultKind } from './fault-plan.js';

/** The wire whose error bodies the proxy speaks. */
export type FaultWire = 'openai' | 'anthropic' | 'ollama';

const statusOf: Partial<Record<FaultKind, number>> = {
  'rate-limit-retry-after': 429,
  'rate-limit': 429,
  'server-error': 500,
  unavailable: 503,
  overloaded: 529,
};

/** The status an error fault answers with, or undefined for the faults that are not a status. */
export function faultStatus(kind: FaultKind): number | undefined {
  return statusOf[kind];
}

/** An error body as the given wire writes it, saying it was injected. */
export function faultErrorBody(wire: FaultWire, status: number): Record<string, unknown> {
  const message = `injected fault (simulated): HTTP ${status}`;
  if (wire === 'ollama') return { error: message };
  if (wire === 'anthropic') {
    const type =
      status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : 'api_error';
    return { type: 'error', error: { type, message }, request_id: 'req_fault' };
  }
  return {
    error: {
      message,
      type: status === 429 ? 'requests' : 'server_error',
      param: null,
      code: status === 429 ? 'rate_limit_exceeded' : null,
    },
  };
}

/** What a proxy in a bad mood sends instead of JSON. */
export const faultHtmlPage =
  '<html><head><title>502 Bad Gateway</title></head><body>injected fault (simulated)</body></html>';
