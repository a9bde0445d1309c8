/** Options of one search. */
export interface SearchOptions {
  /** Cancels the search. */
  readonly abortSignal?: AbortSignal;
}

/**
 * A passage retriever over Wikipedia abstracts: the `search_full_wiki` backend of HotPotQA and
 * HoVer. Passages are strings formatted `"Title | abstract text"`, best first.
 */
export interface Retriever {
  /** Backend name for reports, e.g. `bm25` or `colbertv2`. */
  readonly name: string;
  /**
   * Returns up to `k` passages for `query`, best first. Rejects with a `RetrievalError` when the
   * backend is missing or fails; a query that matches nothing resolves to an empty list.
   */
  search(query: string, k: number, options?: SearchOptions): Promise<string[]>;
}
