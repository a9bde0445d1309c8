import { terminalSafe } from '@forge/provider';
import type { EndpointPoolEvent, EndpointStatusEvent } from '@forge/sdk';

/** The line a terminal shows when a pooled server goes down or comes back; none for a failed probe. */
export function endpointEventLine(event: EndpointPoolEvent): string | undefined {
  const model = `${event.provider}:${event.modelId}`;
  switch (event.type) {
    case 'endpoint-down':
      return (
        `endpoint ${event.endpoint} of ${model} is down (${terminalSafe(event.reason)}); ` +
        (event.up === 0
          ? 'no server of the pool is up'
          : `calls go to the ${event.up} other${event.up === 1 ? '' : 's'}`) +
        `, probing it again in ${seconds(event.nextProbeInMs)}`
      );
    case 'endpoint-up':
      return `endpoint ${event.endpoint} of ${model} is back after ${seconds(event.downForMs)}`;
    case 'endpoint-probe-failed':
      // Probes repeat with back-off while a server stays down: the JSON stream has them all.
      return undefined;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** One line per pooled model: each server, up or down, with its requests and failures. */
export function endpointStatusLines(event: EndpointStatusEvent): string[] {
  return event.pools.map(({ model, roles, status }) => {
    const servers = status.endpoints.map((endpoint) => {
      const health = endpoint.health === 'up' ? 'up' : 'down';
      const failures = endpoint.failures === 0 ? '' : `, ${endpoint.failures} failed`;
      return `${endpoint.endpoint} ${health}, ${endpoint.requests} requests${failures}`;
    });
    return `endpoints of ${model} (${roles.join(', ')}): ${servers.join('; ')}`;
  });
}

function seconds(milliseconds: number): string {
  return milliseconds < 10_000
    ? `${(milliseconds / 1000).toFixed(1)} s`
    : `${Math.round(milliseconds / 1000)} s`;
}
