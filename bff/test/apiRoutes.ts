import { API_OPERATIONS, API_ROUTES, type ApiOperationId } from '@val/contracts';
import type { DiscoveredRoute } from './fuzz/routes';

/** `METHOD /path` with OpenAPI-style parameters (`/api/reports/{id}/pdf`). */
export type RouteKey = string;

/** Koa's `/api/reports/:id/pdf` → OpenAPI's `/api/reports/{id}/pdf`. */
export const toOpenApiPath = (koaPath: string): string => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Routes the server mounts that are not part of the API, each with the reason it is left out of
 * the document. Anything else the routers mount must be in the document.
 */
export const UNDOCUMENTED_ROUTES: ReadonlyArray<{ key: RouteKey; reason: string }> = [
  { key: 'GET /remotes.json', reason: 'the shell’s Module Federation manifest (where each remote is deployed), read by the shell itself' },
  { key: 'GET /checkout/continue', reason: 'an HTML page: the signed-in visitor’s “Continue to checkout” button, where GET /api/checkout/session leads' },
  { key: 'GET /checkout/test/{sessionId}', reason: 'an HTML page: the built-in TEST MODE card form the browser is redirected to' },
  { key: 'POST /checkout/test/{sessionId}', reason: 'the HTML form post of the TEST MODE card form' },
  { key: 'GET /oidc/interaction/{uid}', reason: 'an HTML page of the embedded development sign-in provider (outside production)' },
  { key: 'POST /oidc/interaction/{uid}/login', reason: 'the HTML form post of the embedded development sign-in' },
  { key: 'POST /oidc/interaction/{uid}/abort', reason: 'the HTML form post that cancels the embedded development sign-in' },
  { key: 'GET /metrics', reason: 'operator route: Prometheus text exposition for the scraper, not part of the public API' },
];

/** Every documented operation as `METHOD /path`. */
export function documentedRoutes(opts: { production?: boolean } = {}): Map<RouteKey, ApiOperationId> {
  const out = new Map<RouteKey, ApiOperationId>();
  for (const [id, route] of Object.entries(API_ROUTES) as Array<[ApiOperationId, (typeof API_ROUTES)[ApiOperationId]]>) {
    const op = API_OPERATIONS[id] as { developmentOnly?: boolean };
    if (opts.production && op.developmentOnly) continue;
    out.set(`${route.method} ${route.path}`, id);
  }
  return out;
}

/** What the routers and the document disagree on (both lists empty: they agree). */
export function compareRoutes(
  mounted: ReadonlyArray<DiscoveredRoute>,
  documented: ReadonlyMap<RouteKey, ApiOperationId>,
  excluded: ReadonlyArray<{ key: RouteKey }> = UNDOCUMENTED_ROUTES,
): { undocumented: RouteKey[]; unmounted: RouteKey[]; documentedButExcluded: RouteKey[] } {
  const skip = new Set(excluded.map((e) => e.key));
  const mountedKeys = new Set(mounted.map((r) => `${r.method} ${toOpenApiPath(r.path)}`));
  return {
    undocumented: [...mountedKeys].filter((k) => !documented.has(k) && !skip.has(k)).sort(),
    unmounted: [...documented.keys()].filter((k) => !mountedKeys.has(k)).sort(),
    documentedButExcluded: [...documented.keys()].filter((k) => skip.has(k)).sort(),
  };
}
