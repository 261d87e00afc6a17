import { z } from 'zod';
import { createValApi, type ApiAnswer, type ApiInput, type ApiRequestInit, type ValApi } from '@val/client';
import { apiErrorBodySchema, parseApiAnswer, type ApiOperationId } from '@val/contracts';
import { AuthError, CliError, ExitCode, UnreachableError, UsageError } from './handleError';

/** Where the BFF is when neither --api nor VAL_API_URL says otherwise. */
export const DEFAULT_API_URL = 'http://localhost:3000';

/** `--api URL`: an absolute http(s) URL, normalised without a trailing slash. */
export const apiUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL, e.g. http://localhost:3000' })
  .transform((u) => u.replace(/\/+$/, ''));

/** The API base: --api, else VAL_API_URL, else http://localhost:3000. */
export function resolveApiUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? (env.VAL_API_URL?.trim() || DEFAULT_API_URL);
  const parsed = apiUrlSchema.safeParse(raw);
  if (!parsed.success) {
    const from = flag !== undefined ? '--api' : 'VAL_API_URL';
    throw new UsageError(`${from} ${parsed.error.issues[0].message} (got "${raw}").`);
  }
  return parsed.data;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function causeCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors))
      for (const inner of errors) {
        const c = causeCode(inner);
        if (c) return c;
      }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The "is the server running?" error of exit code 4. */
export function unreachable(api: string, detail?: string): UnreachableError {
  return new UnreachableError(
    `Cannot reach the Val server at ${api}${detail ? ` (${detail})` : ''}.`,
    `Is the server running at ${api}? Set --api or VAL_API_URL.`,
  );
}

/** Maps a failed fetch (no HTTP answer) to a CliError. */
export function networkError(err: unknown, api: string, timeoutMs?: number): CliError {
  if (err instanceof CliError) return err;
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError') {
    return new CliError(
      `The server at ${api} did not answer within ${Math.round((timeoutMs ?? 0) / 1000)} s.`,
      ExitCode.Failure,
      'Try again in a moment, or check the server logs.',
    );
  }
  const code = causeCode(err);
  if (code || ((err as Error | null)?.name === 'TypeError' && /fetch failed/i.test((err as Error).message))) return unreachable(api, code);
  return new CliError(`Request to ${api} failed: ${err instanceof Error ? err.message : String(err)}`);
}

/** The `{ error: { code, message } }` body of a BFF error, or the raw text. */
async function errorMessage(res: Response): Promise<{ code?: string; message: string }> {
  const text = await res.text().catch(() => '');
  try {
    const body = apiErrorBodySchema.parse(JSON.parse(text));
    return body.error;
  } catch {
    return { message: text.trim().slice(0, 300) || res.statusText || `HTTP ${res.status}` };
  }
}

/**
 * Turns a non-ok answer into a CliError with an exit code: 400 → usage (2), 401/403 → not
 * authorised (3), everything else → failure (1). `what` names the action ("validate the idea").
 */
export async function responseError(res: Response, what: string, api: string): Promise<CliError> {
  const err = await mapResponseError(res, what, api);
  err.status = res.status;
  return err;
}

async function mapResponseError(res: Response, what: string, api: string): Promise<CliError> {
  const { message } = await errorMessage(res);
  if (res.status === 400 || res.status === 413 || res.status === 415) {
    return new UsageError(`The server rejected the request: ${message}`, 'Check the values you passed; --help lists every option.');
  }
  if (res.status === 401 || res.status === 403) {
    return new AuthError(`Not authorised to ${what}: ${message}`, 'Check VAL_ADMIN_PASSWORD (the admin password of the server).');
  }
  if (res.status === 404) return new CliError(`Could not ${what}: ${message}`, ExitCode.Failure);
  if (res.status === 429) {
    const after = res.headers.get('retry-after');
    return new CliError(`Could not ${what}: ${message}`, ExitCode.Failure, after ? `Wait ${after} s and try again.` : 'Wait a moment and try again.');
  }
  if (res.status === 503) {
    return new CliError(`Could not ${what}: ${message}`, ExitCode.Failure, `The server at ${api} is unavailable for this; check its configuration and logs.`);
  }
  return new CliError(`Could not ${what}: the server answered ${res.status} (${message}).`, ExitCode.Failure, `Check the server logs at ${api}.`);
}

export interface RequestInitPlus extends Omit<RequestInit, 'body'> {
  json?: unknown;
  /** Whole-request time limit (ms); none for streams. */
  timeoutMs?: number;
}

/** Options of one operation: a time limit (none for streams), an abort signal, extra headers. */
export interface OperationInit {
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The caller's signal and a time limit, as one signal (none when neither is given). */
function abortSignal(signal: AbortSignal | null | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => Boolean(s));
  return signals.length ? AbortSignal.any(signals) : undefined;
}

/** Sends a request of the typed client with the generic signature (the id is not known statically). */
type SendOperation = (id: ApiOperationId, input?: object, init?: ApiRequestInit) => Promise<Response>;

/** The "unexpected shape" failure of an answer that does not match its operation's schema. */
export function unexpectedAnswer(err: unknown, what: string, base: string): CliError {
  const issue = err instanceof z.ZodError ? err.issues[0] : undefined;
  return new CliError(
    `Could not ${what}: the server's answer has an unexpected shape (${issue?.path.join('.') || 'body'}: ${issue?.message ?? String(err)}).`,
    ExitCode.Failure,
    `Is ${base} a Val server of the same version as this CLI?`,
  );
}

/**
 * A client for one BFF base URL; every failure becomes a CliError with an exit code. Operations
 * are named by their id in the contracts' route table (`operation`, `call`), so no path is kept
 * here; `request`/`json` take a path for the callers not moved yet.
 */
export class ApiClient {
  /** The contracts' typed client over this base URL. */
  readonly typed: ValApi;

  constructor(
    readonly base: string,
    /** Headers sent with every request (e.g. the admin session cookie). */
    readonly defaultHeaders: Record<string, string> = {},
  ) {
    this.typed = createValApi({ baseUrl: base, headers: () => this.defaultHeaders, parseAnswer: parseApiAnswer });
  }

  /** Sends one operation; returns the Response when ok, throws a CliError otherwise. */
  async operation<Id extends ApiOperationId>(id: Id, input: ApiInput<Id>, what: string, init: OperationInit = {}): Promise<Response> {
    let res: Response;
    try {
      res = await (this.typed.request as SendOperation)(id, input, { headers: init.headers, signal: abortSignal(init.signal, init.timeoutMs) });
    } catch (err) {
      throw networkError(err, this.base, init.timeoutMs);
    }
    if (!res.ok) throw await responseError(res, what, this.base);
    return res;
  }

  /** One operation's JSON answer, checked with the operation's schema from the contracts. */
  async call<Id extends ApiOperationId>(id: Id, input: ApiInput<Id>, what: string, init: OperationInit = {}): Promise<ApiAnswer<Id>> {
    const data = await this.body(await this.operation(id, input, what, init), init.timeoutMs);
    try {
      return parseApiAnswer(id, data) as ApiAnswer<Id>;
    } catch (err) {
      throw unexpectedAnswer(err, what, this.base);
    }
  }

  /** A JSON answer's body; a body that breaks off is a network failure. */
  private async body(res: Response, timeoutMs: number | undefined): Promise<unknown> {
    try {
      return await res.json();
    } catch (err) {
      throw networkError(err, this.base, timeoutMs);
    }
  }

  /** The API's origin, for the same-origin check of admin routes. */
  get origin(): string {
    return new URL(this.base).origin;
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** Sends a request; returns the Response when ok, throws a CliError otherwise. */
  async request(method: string, path: string, what: string, init: RequestInitPlus = {}): Promise<Response> {
    const { json, timeoutMs, headers: h, signal, ...rest } = init;
    const headers = new Headers({ accept: 'application/json', ...this.defaultHeaders });
    for (const [k, v] of new Headers(h)) headers.set(k, v);
    let body: string | undefined;
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    let res: Response;
    try {
      res = await fetch(this.url(path), { ...rest, method, headers, body, signal: abortSignal(signal, timeoutMs) });
    } catch (err) {
      throw networkError(err, this.base, timeoutMs);
    }
    if (!res.ok) throw await responseError(res, what, this.base);
    return res;
  }

  /** A JSON request whose answer is parsed with `schema`. */
  async json<T>(method: string, path: string, what: string, schema: z.ZodType<T>, init: RequestInitPlus = {}): Promise<T> {
    const parsed = schema.safeParse(await this.body(await this.request(method, path, what, init), init.timeoutMs));
    if (!parsed.success) throw unexpectedAnswer(parsed.error, what, this.base);
    return parsed.data;
  }
}
