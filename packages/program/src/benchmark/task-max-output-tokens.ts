/**
 * The paper's completion limit for every task-model call of a benchmark program (B.3: 8,192 output
 * tokens), one constant for every benchmark.
 */
export const taskMaxOutputTokens = 8192;
