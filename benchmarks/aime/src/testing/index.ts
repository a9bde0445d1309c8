// Test helpers for packages that download from the dataset hub (AIME, MMLU-Pro).
export { hubRowsResponder } from './hub-rows-responder.js';
