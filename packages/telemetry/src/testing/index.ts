export type { CollectedSpan } from './collected-span.js';
export { decodeOtlpJson } from './decode-otlp-json.js';
export { decodeOtlpProtobuf } from './decode-otlp-protobuf.js';
export { type OtlpCollector, type ReceivedExport, startOtlpCollector } from './otlp-collector.js';
