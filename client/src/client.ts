import type { z } from 'zod';
import { HttpError } from '@val/contracts';
import { API_ROUTES, fillApiPath, type ApiOperationId } from '@val/contracts/routes';
import type { ApiOperations } from '@val/contracts/schemas';

export { API_ROUTES, fillApiPath, type ApiOperationId } from '@val/contracts/routes';
export { HttpError } from '@val/contracts';

/*
 * One typed client for every operation of the API, built on API_ROUTES (method + path) and typed
 * by API_OPERATIONS (the zod schemas the server parses with and the OpenAPI document is generated
 * from). Only types come from the schemas: browser code can use it without loading zod; Node code
 * (the CLI) passes `parseAnswer` to check answers with the schemas too.
 *
 * Browser code imports it from its own package, `@val/client`: it is not part of the
 * federation-shared `@val/contracts` module, so the landing page does not carry the route table (measured: +1.1 KB gzip on the
 * landing page's critical path if it were, with ~1 KB left under its 185 KB gate). Each bundle that
 * imports it carries its own copy (~1 KB gzip); the `HttpError` it throws is the shared
 * `@val/contracts` one, but reading `err.status` works whatever loaded it.
 */

type Op<Id extends ApiOperationId> = ApiOperations[Id];
type SchemaAt<T, K extends string> = T extends { [P in K]: { schema: infer S extends z.ZodType } } ? S : never;
/** What a schema accepts; a schema typed as `z.ZodType<T>` declares no input type, so its output stands in. */
type InputOf<S> = [S] extends [never] ? never : S extends z.ZodType ? (unknown extends z.input<S> ? z.output<S> : z.input<S>) : never;

/** The JSON body an operation takes (what the client sends: defaults may be left out). */
export type ApiBody<Id extends ApiOperationId> = InputOf<SchemaAt<Op<Id>, 'body'>>;
/** The query parameters an operation takes. */
export type ApiQuery<Id extends ApiOperationId> = Op<Id> extends { query: infer S extends z.ZodType } ? InputOf<S> : never;
/** The path parameters an operation takes. */
export type ApiPathParams<Id extends ApiOperationId> = Op<Id> extends { path: infer S extends z.ZodType } ? InputOf<S> : never;
/** The JSON answer of an operation (never for streams, PDFs and redirects: read the Response). */
export type ApiAnswer<Id extends ApiOperationId> = Op<Id>['success'] extends { kind: 'json'; schema: infer S extends z.ZodType } ? z.output<S> : never;

/** What one call needs: `body`, `query`, `params`, as the operation has them. */
export type ApiInput<Id extends ApiOperationId> = ([ApiBody<Id>] extends [never] ? { body?: undefined } : { body: ApiBody<Id> }) &
  ([ApiQuery<Id>] extends [never] ? { query?: undefined } : { query?: Partial<ApiQuery<Id>> }) &
  ([ApiPathParams<Id>] extends [never] ? { params?: undefined } : { params: ApiPathParams<Id> });

/** Operation ids whose input may be left out entirely (no body and no path parameter). */
type NoInput = { [Id in ApiOperationId]: [ApiBody<Id>] extends [never] ? ([ApiPathParams<Id>] extends [never] ? Id : never) : never }[ApiOperationId];
type Args<Id extends ApiOperationId> = Id extends NoInput ? [input?: ApiInput<Id>, init?: ApiRequestInit] : [input: ApiInput<Id>, init?: ApiRequestInit];

export interface ApiRequestInit {
  signal?: AbortSignal;
  /** Extra headers of this request (e.g. `accept: text/event-stream`, a cookie). */
  headers?: Record<string, string>;
  /** Redirects: `follow` (the default of fetch) or `manual`. */
  redirect?: RequestRedirect;
  /** Lets the request outlive the page (e.g. a click tracked as the user follows a link away). */
  keepalive?: boolean;
}

export interface ValApiOptions {
  /** Where the API is: '' (default) = the page's own origin; the CLI passes e.g. http://localhost:3000. */
  baseUrl?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Cookies: browsers send them to our own backend ('include', the spec's rule). */
  credentials?: RequestCredentials;
  /** Headers of every request (a function is read per request, e.g. for a cookie jar). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /**
   * Checks a JSON answer and returns it (the CLI passes a check by the operation's zod schema);
   * throw to refuse it. Default: the answer as it came.
   */
  parseAnswer?: (id: ApiOperationId, data: unknown) => unknown;
}

/** The client's calls, one per operation id. */
export interface ValApi {
  /** The full URL of an operation (path parameters filled, query appended). */
  url<Id extends ApiOperationId>(id: Id, input?: NoInfer<Pick<Partial<ApiInput<Id>>, 'query' | 'params'>>): string;
  /** Sends the request and returns the Response whatever its status (streams, PDFs, redirects, own error handling). */
  request<Id extends ApiOperationId>(id: Id, ...args: Args<Id>): Promise<Response>;
  /**
   * Sends the request and returns its JSON answer; a non-ok answer throws HttpError whose message
   * follows the spec (`${status}: ${body}`).
   */
  call<Id extends ApiOperationId>(id: Id, ...args: Args<Id>): Promise<ApiAnswer<Id>>;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** A typed client of the API (see ValApi). */
export function createValApi(opts: ValApiOptions = {}): ValApi {
  const base = (opts.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const url = (id: ApiOperationId, input: { query?: object; params?: object } = {}) =>
    `${base}${fillApiPath(API_ROUTES[id].path, (input.params ?? {}) as Record<string, string>)}${queryString(input.query as Record<string, unknown> | undefined)}`;

  const request = async (id: ApiOperationId, input: { body?: unknown; query?: object; params?: object } = {}, init: ApiRequestInit = {}) => {
    const common = typeof opts.headers === 'function' ? opts.headers() : (opts.headers ?? {});
    const headers: Record<string, string> = { accept: 'application/json', ...common, ...(init.headers ?? {}) };
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    return doFetch(url(id, input), {
      method: API_ROUTES[id].method,
      headers,
      body,
      credentials: opts.credentials ?? 'include',
      signal: init.signal,
      redirect: init.redirect,
      ...(init.keepalive ? { keepalive: true } : {}),
    });
  };

  return {
    url: url as ValApi['url'],
    request: ((id: ApiOperationId, input?: { body?: unknown }, init?: ApiRequestInit) => request(id, input, init)) as ValApi['request'],
    call: (async (id: ApiOperationId, input?: { body?: unknown }, init?: ApiRequestInit) => {
      const res = await request(id, input, init);
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        throw new HttpError(res.status, text, res.statusText);
      }
      if (res.status === 204) return undefined;
      const data: unknown = await res.json();
      return opts.parseAnswer ? opts.parseAnswer(id, data) : data;
    }) as ValApi['call'],
  };
}
