import { z } from 'zod';
import type { ApiAnswer, ApiInput } from '@val/client';
import { API_ROUTES, parseApiAnswer, type ApiOperationId } from '@val/contracts';
import type { CliContext } from '../context';
import { ApiClient, networkError, responseError, unexpectedAnswer } from './api';
import { AuthError, CliError, ExitCode } from './handleError';
import { canPrompt, promptSecret } from './prompt';

/** Cookies kept from Set-Cookie answers, sent back as one Cookie header. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the cookies of a response (a cookie set to expire, or emptied, is removed). */
  store(res: Response): void {
    const lines = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
    for (const line of lines) this.storeLine(line);
  }

  storeLine(line: string): void {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k, v = ''] = a.split('=');
      const key = k.trim().toLowerCase();
      if (key === 'max-age') return Number(v.trim()) <= 0;
      if (key === 'expires') return Date.parse(v.trim()) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  get size(): number {
    return this.cookies.size;
  }

  /** The Cookie header value ("a=1; b=2"), or '' when empty. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The admin password: VAL_ADMIN_PASSWORD, else asked on the terminal (no echo). */
export async function adminPassword(ctx: CliContext): Promise<string> {
  const fromEnv = ctx.env.VAL_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (canPrompt(ctx)) {
    const pw = await promptSecret(ctx, 'Admin password: ');
    if (pw) return pw;
  }
  throw new AuthError('No admin password given.', 'Set VAL_ADMIN_PASSWORD, or run the command in a terminal to be asked for it.');
}

/** An ApiClient logged in as the admin, with logout. */
export interface AdminClient {
  api: ApiClient;
  /** Sends an authenticated request; keeps cookies the server renews. */
  request(method: string, path: string, what: string, init?: { json?: unknown; timeoutMs?: number }): Promise<Response>;
  /** Sends one operation of the API with the session (by its id in the contracts' route table). */
  operation<Id extends ApiOperationId>(id: Id, input: ApiInput<Id>, what: string, init?: { timeoutMs?: number }): Promise<Response>;
  /** One operation's JSON answer, checked with its schema. */
  call<Id extends ApiOperationId>(id: Id, input: ApiInput<Id>, what: string, init?: { timeoutMs?: number }): Promise<ApiAnswer<Id>>;
  logout(): Promise<void>;
}

/**
 * Logs in with POST /api/admin/login and keeps the session cookie. Every request carries an
 * Origin header equal to the API's origin (the admin routes refuse cross-site requests).
 * Wrong password → exit 3; too many failures (429) → exit 3 with the wait time.
 */
export async function adminLogin(base: string, password: string): Promise<AdminClient> {
  const jar = new CookieJar();
  const api = new ApiClient(base);
  const send = async (method: string, path: string, init: { json?: unknown; timeoutMs?: number } = {}): Promise<Response> => {
    const headers: Record<string, string> = { origin: api.origin, accept: 'application/json' };
    if (jar.size) headers.cookie = jar.header();
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const timeoutMs = init.timeoutMs ?? 30_000;
    try {
      const res = await fetch(api.url(path), {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      jar.store(res);
      return res;
    } catch (err) {
      throw networkError(err, base, timeoutMs);
    }
  };

  /** Method, path and body of an operation, from the route table. */
  const route = (id: ApiOperationId, input: { body?: unknown; query?: object; params?: object }) => ({
    method: API_ROUTES[id].method,
    path: api.typed.url(id, input as never).slice(api.base.length),
    json: input.body,
  });
  const login = route('adminLogin', { body: { password } });
  const res = await send(login.method, login.path, { json: login.json });
  if (res.status === 401) {
    await res.body?.cancel();
    throw new AuthError('Wrong admin password: the server refused the login.', 'Check VAL_ADMIN_PASSWORD (the ADMIN_PASSWORD of the server).');
  }
  if (res.status === 429) {
    const after = res.headers.get('retry-after');
    await res.body?.cancel();
    throw new AuthError(
      'Too many failed admin logins from this address.',
      `Wait ${after ? `${after} s` : 'a while'} and check VAL_ADMIN_PASSWORD before trying again.`,
    );
  }
  if (!res.ok) throw await responseError(res, 'log in as the admin', base);
  await res.body?.cancel();
  if (!jar.size) {
    throw new CliError(
      'The server accepted the login but set no session cookie.',
      ExitCode.Failure,
      `Is ${base} a Val server? If it runs behind a proxy, make sure Set-Cookie headers pass through.`,
    );
  }

  const request: AdminClient['request'] = async (method, path, what, init = {}) => {
    const r = await send(method, path, init);
    if (r.status === 401) {
      const body = await r.text().catch(() => '');
      const msg = safeMessage(body) ?? 'Admin login required';
      throw new AuthError(`Not authorised to ${what}: ${msg}`, "Log in again; if this keeps happening, check the server's SESSION_KEYS and clock.");
    }
    if (!r.ok) throw await responseError(r, what, base);
    return r;
  };
  const operation: AdminClient['operation'] = (id, input, what, init = {}) => {
    const r = route(id, input as { body?: unknown });
    return request(r.method, r.path, what, { json: r.json, timeoutMs: init.timeoutMs });
  };

  return {
    api,
    request,
    operation,
    async call(id, input, what, init) {
      const res = await operation(id, input, what, init);
      const data: unknown = await res.json().catch(() => null);
      try {
        return parseApiAnswer(id, data) as ApiAnswer<typeof id>;
      } catch (err) {
        throw unexpectedAnswer(err, what, base);
      }
    },
    async logout() {
      try {
        const out = route('adminLogout', {});
        const r = await send(out.method, out.path, { timeoutMs: 5000 });
        await r.body?.cancel();
      } catch {
        /* the session expires on its own */
      }
    },
  };
}

const errorBody = z.object({ error: z.object({ message: z.string() }) });
function safeMessage(text: string): string | undefined {
  try {
    return errorBody.parse(JSON.parse(text)).error.message;
  } catch {
    return undefined;
  }
}
