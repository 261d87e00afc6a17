/** One web search result, already cleaned: plain text, an http(s) address, bounded lengths. */
export interface SearchResult {
  /** Plain text (markup stripped, entities decoded), at most TITLE_MAX characters. */
  title: string;
  /** An absolute http(s) URL, at most URL_MAX characters. */
  url: string;
  /** Plain text excerpt, at most SNIPPET_MAX characters; may be empty. */
  snippet: string;
}

/** The web search services Val can ask. */
export type SearchProviderName = 'searxng' | 'tavily' | 'brave';

/** Per-call options of a search. */
export interface SearchOptions {
  /** Most results wanted (clamped to 0..MAX_RESULTS; 0 asks nothing). */
  limit: number;
  /** Cancels the call (the answer is then a SearchError of kind 'aborted'). */
  signal?: AbortSignal;
}

/** A web search service behind one interface; implementations speak each service's documented JSON API. */
export interface SearchProvider {
  readonly name: SearchProviderName;
  /**
   * Searches the web. Resolves with at most `opts.limit` cleaned, distinct results (possibly
   * none); rejects only with a SearchError.
   */
  search(query: string, opts: SearchOptions): Promise<SearchResult[]>;
}

/** Why a search failed. */
export type SearchErrorKind = 'timeout' | 'upstream' | 'unauthorized' | 'rate_limited' | 'malformed' | 'aborted';

/**
 * A failed search. The message names the provider and the cause (an HTTP status, a connection
 * error code) and is safe to log and store: it never holds the API key, the request URL or the
 * provider's answer body.
 */
export class SearchError extends Error {
  constructor(
    readonly kind: SearchErrorKind,
    message: string,
    /** The HTTP status the provider answered, when it answered one. */
    readonly status?: number,
    /** For 'rate_limited': how long the provider asked to wait (Retry-After, or Brave's X-RateLimit-Reset), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}
