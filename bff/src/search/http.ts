import { BodyTooLargeError, readCapped } from '../http/readCapped';
import { clampLimit, cleanQuery, cleanResults, type RawHit } from './sanitize';
import { SearchError, type SearchProvider, type SearchProviderName, type SearchResult } from './types';

/** How each provider is named in error messages. */
export const PROVIDER_LABELS: Record<SearchProviderName, string> = { searxng: 'SearxNG', tavily: 'Tavily', brave: 'Brave Search' };

/** Largest answer read; a provider sending more gets a 'malformed' error (results need a few KB). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** One HTTP call to a search provider. */
export interface ProviderCall {
  provider: SearchProviderName;
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * Whether to follow redirects. Calls that carry a key in a header do not: a redirect elsewhere
   * would take the key along.
   */
  followRedirects: boolean;
  /** What to add to the message of an HTTP error status (e.g. which setting to check). */
  hint?: (status: number) => string | undefined;
}

/** The wait a rate-limited answer asks for: Retry-After in seconds, else the first (per-second) window of Brave's X-RateLimit-Reset. */
function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after') ?? headers.get('x-ratelimit-reset')?.split(',')[0];
  const seconds = value === undefined || value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function statusError(call: ProviderCall, status: number, headers: Headers): SearchError {
  const label = PROVIDER_LABELS[call.provider];
  // 432 and 433 are Tavily's "plan limit" and "pay-as-you-go limit" exceeded.
  const kind = status === 401 || status === 403 ? 'unauthorized' : status === 429 || status === 432 || status === 433 ? 'rate_limited' : 'upstream';
  const what =
    kind === 'unauthorized'
      ? 'refused the request'
      : kind === 'rate_limited'
        ? 'is limiting requests (rate or quota)'
        : status >= 300 && status < 400
          ? 'answered with a redirect, which is not followed'
          : 'failed';
  const hint = call.hint?.(status);
  return new SearchError(
    kind,
    `${label} ${what} (HTTP ${status})${hint ? `: ${hint}` : ''}`,
    status,
    kind === 'rate_limited' ? retryAfterMs(headers) : undefined,
  );
}

/** A connection error's code (ECONNREFUSED, ENOTFOUND...), only when it is one: nothing else of the error is repeated. */
function connectionCode(e: unknown): string | null {
  const cause = (e as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : null;
}

async function readBody(res: Response, label: string): Promise<string> {
  try {
    return await readCapped(res, MAX_BODY_BYTES);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw new SearchError('malformed', `${label} answered more than ${MAX_BODY_BYTES / 1024 / 1024} MB`, res.status);
    throw e;
  }
}

/**
 * Sends the call with Node's fetch and returns the parsed JSON of a 2xx answer. The time limit
 * covers the whole exchange (connection, headers and body); the caller's signal cancels it.
 * Every failure is a SearchError: 401/403 'unauthorized', 429 (and Tavily's 432/433)
 * 'rate_limited', other statuses and connection errors 'upstream', the time limit 'timeout', the
 * caller's signal 'aborted', a body that is not JSON (or too large) 'malformed'. Messages hold the
 * provider, the status or connection error code, never the URL, the headers or the body.
 */
export async function fetchJson(call: ProviderCall): Promise<unknown> {
  const label = PROVIDER_LABELS[call.provider];
  const aborted = () => new SearchError('aborted', `${label}: the search was cancelled`);
  if (call.signal?.aborted) throw aborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort, { once: true });
  const failure = (e: unknown): SearchError => {
    if (e instanceof SearchError) return e;
    if (timedOut) return new SearchError('timeout', `${label} did not answer within ${call.timeoutMs} ms`);
    if (call.signal?.aborted) return aborted();
    const code = connectionCode(e);
    return new SearchError('upstream', `${label} could not be reached${code ? ` (${code})` : ''}`);
  };
  try {
    let text: string;
    let status: number;
    try {
      const res = await fetch(call.url, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        redirect: call.followRedirects ? 'follow' : 'manual',
        signal: controller.signal,
      });
      status = res.status;
      if (status < 200 || status >= 300) {
        await res.body?.cancel().catch(() => undefined);
        throw statusError(call, status, res.headers);
      }
      text = await readBody(res, label);
    } catch (e) {
      throw failure(e);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SearchError('malformed', `${label} answered something that is not JSON`, status);
    }
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }
}

/** The base URL with `path` appended under it (a base with a path, e.g. https://host/searx, keeps it). */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  url.search = '';
  url.hash = '';
  return url;
}

/** `value` when it is a plain object, else null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A 'malformed' error for an answer that is JSON but not the documented shape. */
export function wrongShape(provider: SearchProviderName, what: string): SearchError {
  return new SearchError('malformed', `${PROVIDER_LABELS[provider]} answered JSON without ${what}`);
}

/** The raw hits of a results list: its entries that are objects, mapped; other entries skipped. */
export function hitsOf(list: unknown[], map: (entry: Record<string, unknown>) => RawHit): RawHit[] {
  return list.flatMap((entry) => {
    const r = asRecord(entry);
    return r ? [map(r)] : [];
  });
}

/** What a provider adds to the shared search flow: its request, and how to read its answer. */
export interface ProviderSpec {
  name: SearchProviderName;
  timeoutMs: number;
  /** The HTTP call for a cleaned, non-empty query and a limit in 1..MAX_RESULTS. */
  request(query: string, limit: number): Omit<ProviderCall, 'provider' | 'timeoutMs' | 'signal'>;
  /** The raw hits of a parsed answer; throws wrongShape(...) when it is not the documented shape. */
  hits(body: unknown): RawHit[];
}

/**
 * A SearchProvider from a spec: the query is cleaned (an empty one, or a limit of 0, asks nothing
 * and finds nothing), the answer read through fetchJson and its hits cleaned (cleanResults).
 */
export function httpProvider(spec: ProviderSpec): SearchProvider {
  return {
    name: spec.name,
    async search(query, opts): Promise<SearchResult[]> {
      const q = cleanQuery(query);
      const limit = clampLimit(opts.limit);
      if (!q || limit === 0) return [];
      const body = await fetchJson({ ...spec.request(q, limit), provider: spec.name, timeoutMs: spec.timeoutMs, signal: opts.signal });
      return cleanResults(spec.hits(body), limit);
    },
  };
}
