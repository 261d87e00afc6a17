import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { inRequest } from '../requestContext';

/** A caller's X-Request-Id is kept when it is 1–64 characters of A-Z, a-z, 0-9, '.', '_' and '-'. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id: the caller's X-Request-Id when it is a sane one (a proxy's, to follow
 * a request across services), else a random UUID. The answer carries it as X-Request-Id, and every
 * log line written while the request is served carries it as `reqId`.
 */
export function requestId(): Middleware {
  return (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const id = SANE_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return inRequest(id, () => next());
  };
}
