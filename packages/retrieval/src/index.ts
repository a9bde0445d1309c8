export {
  type Bm25Manifest,
  bm25IndexFiles,
  bm25IndexFormatVersion,
  readBm25Manifest,
} from './bm25/bm25-index-files.js';
export { type Bm25Hit, type Bm25Retriever, openBm25Index } from './bm25/bm25-retriever.js';
export { type BuildBm25IndexOptions, buildBm25Index } from './bm25/build-bm25-index.js';
export {
  type ColbertRetrieverSettings,
  createColbertRetriever,
} from './colbert/colbert-retriever.js';
export { countWikiAbstracts } from './corpus/check-wiki-abstracts.js';
export { type ByteSink, extractTarMember } from './corpus/extract-tar-member.js';
export {
  pullWikiAbstracts,
  wikiAbstractsFile,
  wikiAbstractsUrl,
} from './corpus/pull-wiki-abstracts.js';
export { readWikiAbstracts } from './corpus/read-wiki-abstracts.js';
export {
  callModule,
  extractTaggedText,
  type ModuleCall,
  type ModuleResult,
  reasoningBeforeTag,
  renderModuleAnswer,
  renderModuleInput,
  renderPassages,
  type SearchHop,
  searchHop,
  totalUsage,
} from './module-call.js';
export { formatPassage, passageSeparator, passageTitle } from './passage.js';
export {
  createLazyBm25Retriever,
  type RetrievalSettings,
  resolveRetriever,
} from './resolve-retriever.js';
export { RetrievalError, type RetrievalErrorReason } from './retrieval-error.js';
export type { Retriever, SearchOptions } from './retriever.js';
export {
  englishStopwords,
  splitBm25Tokens,
  tokenizeForBm25,
} from './tokenize/bm25-tokenizer.js';
export { stemEnglish } from './tokenize/english-stemmer.js';
export {
  createSearchFullWikiTool,
  type SearchFullWikiInput,
  type SearchFullWikiToolOptions,
} from './tool/search-full-wiki-tool.js';
