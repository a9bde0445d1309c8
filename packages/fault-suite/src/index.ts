export {
  type FaultTrialOptions,
  type FaultTrialResult,
  retrySignatures,
  runFaultTrial,
} from './fault-trial.js';
export { type CallSpan, peakCallsInFlight } from './peak-calls-in-flight.js';
export { type RunOutcome, readRunOutcome, retrySignatureOf } from './read-run-outcome.js';
export { anthropicSimHandler } from './wires/anthropic-sim-wire.js';
export { ollamaSimHandler } from './wires/ollama-sim-wire.js';
export { type SimModelLookup, simModelLookup } from './wires/sim-models.js';
export { type SimWireServer, startSimWireServer } from './wires/start-sim-wire-server.js';
