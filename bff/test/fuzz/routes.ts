import type Router from '@koa/router';
import type { AppDeps } from '../../src/deps';
import { routers } from '../../src/routes';
import { STRIPE_WEBHOOK_PATH } from '../../src/routes/stripe/router';

/** One route of the app as the fuzzer sees it. */
export interface DiscoveredRoute {
  method: string;
  /** The path pattern, e.g. `/api/reports/:id/pdf`. */
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
  /** `router` (found in a router's stack) or `raw` (a middleware that reads the raw body). */
  source: 'router' | 'raw';
}

/** `METHOD /path` — the key of a route in tables and sample maps. */
export const routeKey = (r: Pick<DiscoveredRoute, 'method' | 'path'>): string => `${r.method} ${r.path}`;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for methods that may change state (the ones CSRF guards and body parsing apply to). */
export const isStateChanging = (method: string): boolean => STATE_CHANGING.has(method);

/**
 * Every route the app mounts: each router of `routes/index.ts` is built again over the given
 * deps and its `stack` read (path, methods, parameter names; HEAD, added by the router for every
 * GET, is left out), plus the raw-body endpoints mounted before the body parser (Stripe's
 * webhook). Routes under `/api` first.
 */
export function discoverRoutes(deps: AppDeps, extra: ReadonlyArray<(d: AppDeps) => Router> = []): DiscoveredRoute[] {
  const seen = new Map<string, DiscoveredRoute>();
  for (const make of [...routers, ...extra]) {
    const router = make(deps);
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || !layer.methods.length) continue;
      const params = layer.paramNames.map((p) => String(p.name));
      for (const method of layer.methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const r: DiscoveredRoute = { method, path: layer.path, params, source: 'router' };
        seen.set(routeKey(r), r);
      }
    }
  }
  const webhook: DiscoveredRoute = { method: 'POST', path: STRIPE_WEBHOOK_PATH, params: [], source: 'raw' };
  seen.set(routeKey(webhook), webhook);
  return [...seen.values()].sort((a, b) => Number(!a.path.startsWith('/api/')) - Number(!b.path.startsWith('/api/')) || routeKey(a).localeCompare(routeKey(b)));
}

/** Fills a route pattern's parameters (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
