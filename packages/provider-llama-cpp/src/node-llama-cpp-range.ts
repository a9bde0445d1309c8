/** The version range of node-llama-cpp (an optional peer dependency) this package is written against. */
export const nodeLlamaCppRange = '^3.22.1';
