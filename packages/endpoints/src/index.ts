export {
  type EndpointAttempt,
  EndpointPoolError,
  type EndpointPoolErrorReason,
} from './errors/endpoint-pool-error.js';
export {
  createEndpointPool,
  type EndpointPool,
  type EndpointPoolOptions,
  isEndpointPool,
  type PoolEndpoint,
} from './pool/endpoint-pool.js';
export type {
  EndpointDownEvent,
  EndpointPoolEvent,
  EndpointPoolStatus,
  EndpointProbeFailedEvent,
  EndpointUpEvent,
} from './pool/endpoint-pool-events.js';
export {
  type EndpointHealth,
  type EndpointPoolAction,
  type EndpointPoolState,
  type EndpointState,
  initialEndpointPoolState,
  type ProbePolicy,
  probeDelayFor,
  reduceEndpointPool,
} from './pool/endpoint-pool-state.js';
export { type EndpointChoice, pickEndpoint } from './pool/pick-endpoint.js';
export {
  CostMeter,
  type CostRecord,
  type CostTotals,
  type UsageTotal,
  unassignedRole,
} from './pricing/cost-meter.js';
export { defaultPricesDate, defaultPriceTable } from './pricing/default-price-table.js';
export {
  findModelPrice,
  type ModelPrice,
  mergePriceTables,
  type PriceTable,
  parsePriceTable,
  priceUsage,
} from './pricing/price-table.js';
