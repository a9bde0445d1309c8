// Test helpers for packages built on @forge/program: a stand-in for the dataset hub's rows
// endpoint (AIME, MMLU-Pro and any benchmark whose data is pulled with `pullHubData`).
export { hubRowsResponder } from './hub-rows-responder.js';
