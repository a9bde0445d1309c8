import { afterEach, describe, expect, it } from 'vitest';
import { openOtlpTracer } from '../open-otlp-tracer.js';
import { type OtlpCollector, startOtlpCollector } from '../testing/index.js';

let collector: OtlpCollector | undefined;
afterEach(async () => {
  await collector?.close();
  collector = undefined;
});

describe("Forge's OTLP exporter", () => {
  it('sends a full batch of 512 spans while the run goes on, before shutdown', async () => {
    collector = await startOtlpCollector();
    const exporter = await openOtlpTracer(
      {
        url: `${collector.url}/v1/traces`,
        headers: {},
        protocol: 'http/protobuf',
        includeContent: false,
        serviceName: 'forge',
      },
      { scheduledDelayMs: 600_000 },
    );
    for (let index = 0; index < 515; index++) exporter.tracer.startSpan(`span ${index}`).end();
    // No shutdown and no timer (ten minutes away): the first 512 must arrive on their own.
    for (let waited = 0; collector.spans().length === 0 && waited < 20_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(collector.spans()).toHaveLength(512);
    await exporter.shutdown();
    expect(collector.spans()).toHaveLength(515);
    expect(collector.exports).toHaveLength(2);
  });
});
