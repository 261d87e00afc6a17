import fc from 'fast-check';
import { adminLogin } from '../adminClient';
import type { TestApp } from '../app';
import { fixedCases, generatedCases, type FuzzRequest } from './cases';
import { countRows, diffCounts, listTables, type RowCounts } from './rowCounts';
import { routeKey, type DiscoveredRoute } from './routes';
import type { RouteSample } from './samples';

/** Who sends the requests: nobody in particular, or a logged-in operator (cookie + Origin). */
export type FuzzMode = 'anonymous' | 'admin';

/** Requests and answers per route, for the closing table. */
export interface RouteStats {
  anonymous: number;
  admin: number;
  statuses: Map<number, number>;
}

export interface FuzzOptions {
  samples: Record<string, RouteSample>;
  /** Largest accepted body in bytes. */
  bodyLimit: number;
  /** Generated requests per route (after the fixed corpus). */
  runs: number;
  seed?: number;
  /** Needed for `admin` mode. */
  adminPassword?: string;
  /** Tables allowed to change on a rejected request. */
  mayChangeOnRejection?: ReadonlySet<string>;
  stats?: Map<string, RouteStats>;
}

const randomIp = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`;

/**
 * Sends every fixed and generated request for each route to `target`, one at a time, and returns
 * what went wrong (empty: all good). Checks per answer: a status below 500 within 20 s; under
 * /api a 4xx carries `{error: {code, message}}`; a JSON content type parses; a rejected request
 * (4xx, or 2xx with `success: false`) leaves every table's row count unchanged (clicks the
 * batched writer holds are flushed before counting). Each request comes from a random client
 * address (the test app trusts X-Forwarded-For), so per-IP limits do not mask the routes.
 */
export async function fuzzRoutes(target: TestApp, list: ReadonlyArray<DiscoveredRoute>, mode: FuzzMode, o: FuzzOptions): Promise<string[]> {
  const writer = target.deps.services.analytics.writer;
  const tables = await listTables(target.deps.db);
  const settle = async () => {
    await writer.flush();
    return countRows(target.deps.db, tables);
  };
  const login = () => adminLogin(target, o.adminPassword ?? '', { origin: target.url });
  let cookie = mode === 'admin' ? await login() : '';
  let counts: RowCounts = await settle();
  const failures: string[] = [];

  const check = async (route: DiscoveredRoute, req: FuzzRequest): Promise<string | null> => {
    const key = routeKey(route);
    const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), accept: 'application/json', ...req.headers };
    if (mode === 'admin') Object.assign(headers, { cookie, origin: target.url });
    const started = Date.now();
    let status: number;
    let type: string;
    let text: string;
    try {
      const r = await fetch(target.url + req.url, { method: req.method, headers, body: req.body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
      status = r.status;
      type = r.headers.get('content-type') ?? '';
      text = await r.text();
    } catch (err) {
      return `${key} [${req.kind}]: no answer after ${Date.now() - started} ms (${(err as Error).message}; ${String((err as { cause?: unknown }).cause ?? '')})`;
    }
    if (o.stats) {
      const s = o.stats.get(key) ?? { anonymous: 0, admin: 0, statuses: new Map<number, number>() };
      s[mode] += 1;
      s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
      o.stats.set(key, s);
    }
    const after = await settle();
    const before = counts;
    counts = after;
    if (mode === 'admin' && status < 400 && (key === 'POST /api/admin/logout' || key === 'POST /api/admin/login')) {
      cookie = await login();
      counts = await settle();
    }
    if (status >= 500) return `${key} [${req.kind}]: ${status} ${text.slice(0, 200)}`;
    let json: unknown = undefined;
    if (/json/.test(type)) {
      try {
        json = JSON.parse(text);
      } catch {
        return `${key} [${req.kind}]: ${status} with a JSON content type but an unparsable body`;
      }
    }
    if (status >= 400 && route.path.startsWith('/api/')) {
      const e = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      if (typeof e?.code !== 'string' || typeof e.message !== 'string' || !e.message)
        return `${key} [${req.kind}]: ${status} without a JSON error body (${type}: ${text.slice(0, 120)})`;
    }
    const rejected = status >= 400 || (json as { success?: unknown } | undefined)?.success === false;
    if (rejected) {
      const changed = diffCounts(before, after, o.mayChangeOnRejection);
      if (changed.length) return `${key} [${req.kind}]: rejected with ${status} but stored rows (${changed.join(', ')})`;
    }
    return null;
  };

  for (const route of list) {
    const ctx = { route, sample: o.samples[routeKey(route)], bodyLimit: o.bodyLimit };
    const routeFailures: string[] = [];
    for (const req of fixedCases(ctx)) {
      const problem = await check(route, req);
      if (problem) routeFailures.push(problem);
      if (routeFailures.length >= 5) break;
    }
    try {
      await fc.assert(
        fc.asyncProperty(generatedCases(ctx), async (req) => {
          const problem = await check(route, req);
          if (problem) throw new Error(problem);
        }),
        { numRuns: o.runs, seed: o.seed, endOnFailure: true },
      );
    } catch (err) {
      routeFailures.push((err as Error).message.split('\n').slice(0, 6).join('\n'));
    }
    failures.push(...routeFailures);
  }
  return failures;
}

/** The closing table: requests per route and mode, and the statuses seen. */
export function statsTable(title: string, stats: Map<string, RouteStats>): string {
  const rows = [...stats].sort(([a], [b]) => a.localeCompare(b));
  const w = Math.max(...rows.map(([k]) => k.length), 5);
  return [
    title,
    `${'route'.padEnd(w)} | anonymous | admin | answers`,
    ...rows.map(
      ([k, s]) =>
        `${k.padEnd(w)} | ${String(s.anonymous).padStart(9)} | ${String(s.admin).padStart(5)} | ${[...s.statuses]
          .sort(([a], [b]) => a - b)
          .map(([st, n]) => `${st}×${n}`)
          .join(' ')}`,
    ),
    `total: ${rows.reduce((n, [, s]) => n + s.anonymous + s.admin, 0)} requests over ${rows.length} routes`,
  ].join('\n');
}
