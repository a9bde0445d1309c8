// Test helpers for packages that drive the core (the store, the report, the sdk): scripted
// optimizer models for the toy task of `@forge/method/testing`. Not part of the public API.
export { proposedPrompt, toyOptimizer, toyReflector } from './toy-optimizer.js';
