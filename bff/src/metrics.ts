import { createHash, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Ai } from './ai/service';
import { AiError, type CallOptions } from './ai/types';

/**
 * What operators scrape at `GET /metrics` (Prometheus text format, prom-client): requests and
 * latency by route pattern, the click buffer, the report queue and job outcomes, AI calls,
 * tokens and errors by provider, database queries. One registry per app (tests run several).
 */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly clickFlushFailures: Counter;
  readonly reportJobs: Counter<'outcome'>;
  readonly aiCalls: Counter<'provider' | 'kind'>;
  readonly aiTokens: Counter<'provider'>;
  readonly aiErrors: Counter<'provider' | 'error'>;
  readonly dbQueries: Counter;
  /** A gauge read when scraped (e.g. a buffer's depth, a queue's length from the database). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
}

export function createMetrics(opts: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'val_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'val_http_requests_total',
      help: 'HTTP requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'val_http_request_duration_seconds',
      help: 'HTTP request latency by method and route pattern (until the response head; streams count their opening)',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    clickFlushFailures: new Counter({ name: 'val_click_flush_failures_total', help: 'Click batches the writer could not store (retried)', registers }),
    reportJobs: new Counter({
      name: 'val_report_jobs_total',
      help: 'Report jobs this process ended, by outcome (finished, failed, released, crashed)',
      labelNames: ['outcome'],
      registers,
    }),
    aiCalls: new Counter({
      name: 'val_ai_calls_total',
      help: 'AI calls by provider and kind (text, json, stream)',
      labelNames: ['provider', 'kind'],
      registers,
    }),
    aiTokens: new Counter({
      name: 'val_ai_tokens_total',
      help: 'AI tokens (prompt + answer, estimated) of metered calls, by provider',
      labelNames: ['provider'],
      registers,
    }),
    aiErrors: new Counter({ name: 'val_ai_errors_total', help: 'Failed AI calls by provider and error kind', labelNames: ['provider', 'error'], registers }),
    dbQueries: new Counter({ name: 'val_db_queries_total', help: 'Database queries sent by this process', registers }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          try {
            this.set(await read());
          } catch {
            /* leave the last value */
          }
        },
      });
    },
  };
}

/** Counts every query of a knex instance. */
export function countQueries(knex: Knex, metrics: Metrics): void {
  knex.on('query', () => metrics.dbQueries.inc());
}

/** The route label of a request: the router's pattern (`/api/reports/:id/events`), never the raw URL. */
export function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path.startsWith('/oidc/')) return '/oidc/*';
  if (ctx.path === '/metrics') return '/metrics';
  if (ctx.path === '/api/stripe/webhook') return ctx.path;
  if (ctx.status === 404 || ctx.path.startsWith('/api/')) return 'unmatched';
  return ctx.path.startsWith('/remotes/') ? 'static:remotes' : 'static';
}

/** Times and counts every request (outermost middleware: it sees the final status of errors too). */
export function httpMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const end = metrics.httpDuration.startTimer();
    try {
      await next();
    } finally {
      const route = routeLabel(ctx);
      end({ method: ctx.method, route });
      metrics.httpRequests.inc({ method: ctx.method, route, status: String(ctx.status) });
    }
  };
}

/**
 * `GET /metrics` for a scraper with `Authorization: Bearer <METRICS_TOKEN>` (compared in
 * constant time). Without METRICS_TOKEN the endpoint does not exist (404); a missing or wrong
 * token is a 401. Never cached.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): Middleware {
  const expected = token ? createHash('sha256').update(token).digest() : null;
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    ctx.set('Cache-Control', 'no-store');
    if (!expected || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not Found';
      return;
    }
    const m = /^Bearer\s+(.+)$/i.exec(ctx.get('Authorization'));
    const given = createHash('sha256')
      .update(m ? m[1].trim() : '')
      .digest();
    if (!m || !timingSafeEqual(given, expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.type = 'text/plain';
      ctx.body = 'Unauthorized';
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}

/** The same AI layer, counting calls, errors and (metered) tokens by provider. */
export function instrumentAi(ai: Ai, metrics: Metrics): Ai {
  const provider = ai.provider;
  const opts = (o: CallOptions = {}): CallOptions =>
    o.meter || provider !== 'offline'
      ? {
          ...o,
          meter: (n: number) => {
            metrics.aiTokens.inc({ provider }, n);
            o.meter?.(n);
          },
        }
      : o;
  const failed = (err: unknown) => {
    metrics.aiErrors.inc({ provider, error: err instanceof AiError ? err.kind : 'internal' });
    return err;
  };
  return {
    provider,
    async text(task, input, o) {
      metrics.aiCalls.inc({ provider, kind: 'text' });
      try {
        return await ai.text(task, input, opts(o));
      } catch (err) {
        throw failed(err);
      }
    },
    async json(task, input, o) {
      metrics.aiCalls.inc({ provider, kind: 'json' });
      try {
        return await ai.json(task, input, opts(o));
      } catch (err) {
        throw failed(err);
      }
    },
    stream(task, input, o) {
      metrics.aiCalls.inc({ provider, kind: 'stream' });
      const s = ai.stream(task, input, opts(o));
      const counted = async function* () {
        try {
          for await (const piece of s.chunks) yield piece;
        } catch (err) {
          throw failed(err);
        }
      };
      return { provider: s.provider, chunks: counted() };
    },
  };
}
