export { encodeGguf, type GgufContents, type GgufTensor, type GgufValue } from './encode-gguf.js';
export {
  type TinyLlamaOptions,
  tinyLlamaGguf,
  tinyLlamaVocabulary,
  writeTinyLlamaGguf,
} from './tiny-llama-gguf.js';
