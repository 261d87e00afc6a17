import type Router from '@koa/router';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';

/** Request paths per router whose answer (does any of its layers match) is remembered, at most, and their longest length. */
const KNOWN_PATHS = 1000;
const KNOWN_PATH_LENGTH = 200;

/**
 * Whether a request path matches any layer of the router, as its dispatch tests it (`match`:
 * the path only, whatever the method), remembered per path.
 */
function pathMatcher(router: Router): (ctx: Context) => boolean {
  const known = new Map<string, boolean>();
  let layers = router.stack.length;
  return (ctx) => {
    // The path the router's dispatch matches (its `_getRequestPath`).
    const c = ctx as Context & { newRouterPath?: string; routerPath?: string };
    const path = router.opts.routerPath || c.newRouterPath || c.path || c.routerPath || '';
    if (router.stack.length !== layers) {
      layers = router.stack.length;
      known.clear();
    }
    if (path.length > KNOWN_PATH_LENGTH) return router.match(path, ctx.method).path.length > 0;
    let hit = known.get(path);
    if (hit === undefined) {
      hit = router.match(path, ctx.method).path.length > 0;
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(path, hit);
    }
    return hit;
  };
}

/** Handlers added with `router.on(RouterEvents.NotFound, ...)`, which run for the paths a router does not match (from its private event table). */
const notFoundHandlers = (r: Router): number => (r as unknown as { _events?: { _handlers?: Map<unknown, unknown[]> } })._events?._handlers?.size ?? 0;

const sameMethods = (a: Router, b: Router) => a.methods.length === b.methods.length && a.methods.every((m) => b.methods.includes(m));

/**
 * Whether routers may be passed by when none of their layers matches a request's path: none is
 * bound to a host, has a NotFound handler or a stateful (global or sticky) pattern; all answer
 * the same methods; and none has a route for OPTIONS or for a method its router does not list
 * (the only routes whose answer an earlier router's `allowedMethods` could still change).
 */
export function passable(routers: ReadonlyArray<Router>): boolean {
  const last = routers[routers.length - 1];
  return routers.every(
    (r) =>
      r.host === undefined &&
      notFoundHandlers(r) === 0 &&
      sameMethods(r, last) &&
      r.stack.every((l) => !l.regexp.global && !l.regexp.sticky && l.methods.every((m) => m !== 'OPTIONS' && r.methods.includes(m))),
  );
}

/**
 * Mounts routers in order, each as its routes then its `allowedMethods()` (the 405, 501 and
 * OPTIONS answers), as `app.use(r.routes()); app.use(r.allowedMethods())` does; but a request
 * whose path matches no layer of a router (other than the last) passes that router by. Its
 * dispatch would only note that nothing matched, as the routers after it note too, and call the
 * next middleware; its `allowedMethods` would only repeat, over the same matched layers, what the
 * last router's (which every request not answered before it reaches) has already done, or do
 * nothing after a route answered. So a click goes to its router without the dispatch of every
 * router mounted before it. The routers run as one middleware, chained as koa-compose chains
 * them (a `next` called twice rejects). Routers are mounted whole (their routes added before).
 */
export function mountRouters(app: Koa, routers: ReadonlyArray<Router>): void {
  if (routers.length < 2 || !passable(routers)) {
    for (const r of routers) {
      app.use(r.routes() as Middleware);
      app.use(r.allowedMethods() as Middleware);
    }
    return;
  }
  // Step 2k: router k's routes, 2k + 1: its allowedMethods, 2n: the middleware after the routers.
  const steps: Middleware[] = routers.flatMap((r) => [r.routes() as Middleware, r.allowedMethods() as Middleware]);
  const matchers = routers.map((r, k) => (k < routers.length - 1 ? pathMatcher(r) : null));
  const end = steps.length;
  app.use((ctx, next) => {
    let index = -1;
    const step = (at: number): Promise<unknown> => {
      let i = at;
      // A router whose layers do not match the path is passed by (routes and allowedMethods).
      while (i < end && i % 2 === 0 && matchers[i / 2]?.(ctx) === false) i += 2;
      if (i <= index) return Promise.reject(new Error('next() called multiple times'));
      index = i;
      try {
        return Promise.resolve(i === end ? next() : steps[i](ctx, () => step(i + 1)));
      } catch (err) {
        return Promise.reject(err);
      }
    };
    return step(0);
  });
}
