import type { Middleware } from 'koa';
import { ErrorCode } from '@val/contracts';
import { AiError } from '../ai/types';
import { AppError, LimitUnavailableError, UpstreamError } from '../errors';
import type { Logger } from '../logger';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Where the first `__proto__` key of a JSON text is (`meta.list[0].__proto__`), or null. */
function protoKeyPath(text: string): string | null {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return null;
  }
  const queue: Array<[unknown, string]> = [[root, '']];
  for (let i = 0; i < queue.length; i++) {
    const [node, at] = queue[i];
    if (!node || typeof node !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return at ? `${at}.__proto__` : '__proto__';
    for (const [k, v] of Object.entries(node)) queue.push([v, Array.isArray(node) ? `${at}[${k}]` : at ? `${at}.${k}` : k]);
  }
  return null;
}

/** Body-parser and other http-errors (4xx) mapped to our codes and clear messages. */
function fromHttpError(err: HttpishError & { code?: unknown; body?: unknown }): AppError | null {
  // A Content-Encoding (gzip, deflate, br) body that does not decompress: zlib errors carry no status.
  if (typeof err.code === 'string' && /^(Z_|ERR_BROTLI)/.test(err.code))
    return new AppError(400, ErrorCode.BadRequest, 'Request body could not be decompressed');
  const status = err.status ?? err.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  if (status === 413) return new AppError(413, ErrorCode.PayloadTooLarge, 'Request body is too large');
  if (status === 415) return new AppError(415, ErrorCode.UnsupportedMediaType, 'Send the body as application/json');
  // The JSON parser (bourne) refuses a `__proto__` key, which could pollute every object's prototype.
  if (status === 400 && /forbidden prototype property/.test(err.message ?? '')) {
    const where = typeof err.body === 'string' ? protoKeyPath(err.body) : null;
    return new AppError(
      400,
      ErrorCode.BadRequest,
      `Request body refused: the key "__proto__"${where ? ` (at ${where})` : ''} is not allowed, as it could change every object of the server`,
    );
  }
  if (status === 400 && (err.type === 'entity.parse.failed' || /json/i.test(err.message ?? '')))
    return new AppError(400, ErrorCode.InvalidJson, 'Request body is not valid JSON');
  return new AppError(status, status === 404 ? ErrorCode.NotFound : ErrorCode.BadRequest, err.expose && err.message ? err.message : 'Bad request');
}

/** Error codes of a database (or other backend) that cannot be reached right now. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
]);

/** The database is down or unreachable (knex pool timeout, refused or lost connection): a 503, not a 500. */
function fromUnavailable(err: Error & { code?: unknown; fatal?: unknown }): AppError | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (err.name !== 'KnexTimeoutError' && !UNREACHABLE.has(code)) return null;
  return new AppError(503, ErrorCode.Unavailable, 'The service is temporarily unavailable. Please try again in a moment.', { 'Retry-After': '5' });
}

/** A failed model call: 504 when it timed out, 502 otherwise; the UI shows the spec's toast. */
function fromAiError(err: AiError): AppError {
  if (err.kind === 'timeout') return new AppError(504, ErrorCode.Upstream, 'The AI took too long to answer. Please try again.');
  return new UpstreamError('The AI could not answer right now. Please try again.');
}

/**
 * One place that turns errors into `{ error: { code, message } }`. Domain errors keep their
 * status and message; anything else is a 500 whose details go to the log, never to the client.
 */
export function errorHandler({ logger }: { logger: Logger }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const err = raw as Error & HttpishError;
      const known = err instanceof AppError ? err : err instanceof AiError ? fromAiError(err) : (fromHttpError(err) ?? fromUnavailable(err));
      if (known) {
        ctx.status = known.status;
        for (const [k, v] of Object.entries(known.headers)) ctx.set(k, v);
        ctx.body = { error: { code: known.code, message: known.message } };
        if (known.status >= 500 && !(known instanceof LimitUnavailableError)) logger.warn({ err, path: ctx.path }, known.message);
        return;
      }
      logger.error({ err, method: ctx.method, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: { code: ErrorCode.Internal, message: 'Something went wrong on our side. Please try again.' } };
    }
  };
}
