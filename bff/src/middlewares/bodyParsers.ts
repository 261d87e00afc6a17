import type { IncomingMessage } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';

/**
 * The routes that take an HTML form post (application/x-www-form-urlencoded): the checkout
 * button, the TEST MODE card form, the embedded development sign-in and the report page's basis
 * and rewrite forms. Every other route is
 * JSON-only.
 */
export const FORM_ROUTES: ReadonlyArray<RegExp> = [
  /^\/api\/checkout\/session$/,
  /^\/checkout\/test\/[^/]+$/,
  /^\/oidc\/interaction\/[^/]+\/(login|abort)$/,
  // The report page's "Basis" and "write again" forms (they work without JavaScript; same-origin only).
  /^\/api\/reports\/[^/]+\/(basis|rewrite)$/,
];

export interface BodyParsersOptions {
  /** Largest accepted body (bytes or a string such as '100kb'). */
  limit: number | string;
  formRoutes?: ReadonlyArray<RegExp>;
  /** Read plain JSON bodies directly (default); false: every body through @koa/bodyparser. */
  direct?: boolean;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) => Boolean(headers['transfer-encoding']) || Number(headers['content-length'] ?? 0) > 0;

/** The limit in bytes, as the parser reads it (`bytes`: 1kb = 1024); null when it is not one of the forms BODY_LIMIT allows. */
export function limitBytes(limit: number | string): number | null {
  if (typeof limit === 'number') return Number.isNaN(limit) ? null : limit;
  const m = /^(\d+)(kb|mb)$/i.exec(limit);
  return m ? Number(m[1]) * (m[2].toLowerCase() === 'kb' ? 1024 : 1024 * 1024) : null;
}

/** Methods whose body the parser reads (@koa/bodyparser's `parsedMethods`). */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Content-Type values read by the direct JSON reader (others go through the general parser). */
const PLAIN_JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
/** co-body's strict mode: the text must start with an object or an array. */
const STRICT_JSON = /^[\x20\x09\x0a\x0d]*(\[|\{)/;
/** @hapi/bourne's test for a text that may hold a `__proto__` key (escaped or not). */
const SUSPECT_PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/** An error as raw-body makes it (http-errors: status, expose for 4xx, and its fields). */
function readError(status: number, message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: status < 500, ...fields });
}

/** Throws as @hapi/bourne does (protoAction 'error') when any object of the value has an own `__proto__` key. */
function refuseProtoKeys(root: object): void {
  let next: object[] = [root];
  while (next.length) {
    const nodes = next;
    next = [];
    for (const node of nodes) {
      if (Object.prototype.hasOwnProperty.call(node, '__proto__')) throw new SyntaxError('Object contains forbidden prototype property');
      for (const key in node) {
        const value = (node as Record<string, unknown>)[key];
        if (value && typeof value === 'object') next.push(value);
      }
    }
  }
}

/** JSON text to a value, as co-body's strict JSON parser does (its errors carry status 400 and the text). */
export function parseJsonText(text: string): unknown {
  if (!text) return {};
  try {
    if (!STRICT_JSON.test(text)) throw new SyntaxError('invalid JSON, only supports object and array');
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && SUSPECT_PROTO.test(text)) refuseProtoKeys(value);
    return value;
  } catch (err) {
    throw Object.assign(err as Error, { status: 400, body: text });
  }
}

/**
 * Reads a body of `length` bytes (its Content-Length) as raw-body does for the JSON parser:
 * the same listeners and the same errors (aborted, size mismatch, over the limit), decoded as
 * UTF-8 without a leading byte order mark. Settles like raw-body too (a stream that closes
 * without ending or aborting leaves it pending).
 */
function readText(req: IncomingMessage, length: number, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let complete = false;
    const cleanup = () => {
      req.removeListener('aborted', onAborted);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onEnd);
      req.removeListener('close', cleanup);
    };
    const fail = (err: unknown) => {
      complete = true;
      cleanup();
      // As raw-body: stop reading what is left.
      req.unpipe();
      req.pause();
      reject(err);
    };
    function onAborted() {
      if (complete) return;
      fail(readError(400, 'request aborted', { code: 'ECONNABORTED', expected: length, length, received, type: 'request.aborted' }));
    }
    function onData(chunk: Buffer) {
      if (complete) return;
      received += chunk.length;
      if (received > limit) fail(readError(413, 'request entity too large', { limit, received, type: 'entity.too.large' }));
      else chunks.push(chunk);
    }
    function onEnd(err?: unknown) {
      if (complete) return;
      if (err) return fail(err);
      if (received !== length) {
        return fail(readError(400, 'request size did not match content length', { expected: length, length, received, type: 'request.size.invalid' }));
      }
      complete = true;
      cleanup();
      const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    }
    req.on('aborted', onAborted);
    req.on('close', cleanup);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEnd);
  });
}

/**
 * The Content-Length of a request the direct reader takes: a POST/PUT/PATCH of plain JSON
 * (`application/json`), not compressed, with a length within the limit, not read yet. Anything
 * else (another type or charset, chunked, compressed, over the limit) returns null and goes
 * through @koa/bodyparser, which answers those cases.
 */
function directJsonLength(ctx: Context, limit: number): number | null {
  const req = ctx.req;
  const h = req.headers;
  if (!PARSED_METHODS.has(ctx.method)) return null;
  const type = h['content-type'];
  if (type === undefined || !PLAIN_JSON_TYPES.has(type) || h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined) return null;
  const len = h['content-length'];
  if (len === undefined || !/^\d{1,15}$/.test(len)) return null;
  const length = Number(len);
  if (length > limit) return null;
  const r = ctx.request as Context['request'] & { body?: unknown };
  const state = req.readableEncoding !== null || (req as { _decoder?: unknown })._decoder;
  if (r.body !== undefined || (ctx as { disableBodyParser?: boolean }).disableBodyParser || req.closed || !req.readable || state) return null;
  return length;
}

/**
 * JSON bodies everywhere; form bodies only on FORM_ROUTES. A body of another type on a JSON route
 * (a cross-site HTML form, `text/plain`, multipart) is refused with 415 before any handler runs,
 * so such "simple" cross-site requests cannot reach the JSON API at all.
 *
 * A plain `application/json` body with a Content-Length (what browsers and the API clients send)
 * is read directly: the same text, limits, errors and result as @koa/bodyparser's (co-body,
 * raw-body, @hapi/bourne's `__proto__` refusal), without its per-request type matching.
 */
export function bodyParsers({ limit, formRoutes = FORM_ROUTES, direct = true }: BodyParsersOptions): Middleware {
  const json = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  const jsonOrForm = bodyParser({ enableTypes: ['json', 'form'], jsonLimit: limit, formLimit: limit, encoding: 'utf-8' });
  const max = direct ? limitBytes(limit) : null;
  return (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    if (formRoutes.some((r) => r.test(ctx.path))) return jsonOrForm(ctx, next);
    const length = max === null ? null : directJsonLength(ctx, max);
    if (length !== null && max !== null) {
      return readText(ctx.req, length, max).then((text) => {
        const r = ctx.request as Context['request'] & { body?: unknown; rawBody?: string };
        r.body = parseJsonText(text);
        if (r.rawBody === undefined) r.rawBody = text;
        return next();
      });
    }
    const type = ctx.request.type;
    if (type && type !== 'application/json' && hasBody(ctx.req.headers) && !ctx.is('json', '+json')) ctx.throw(415);
    return json(ctx, next);
  };
}
