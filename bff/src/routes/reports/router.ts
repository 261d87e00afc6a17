import Router from '@koa/router';
import type { Context } from 'koa';
import { REPORT_EVENT_TYPES, reportBasisRequestSchema, reportIdSchema, reportStatusRequestSchema } from '@val/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ConflictError, InputError, NotFoundError, RateLimitError } from '../../errors';
import { parseBody } from '../../http/parse';
import { openSse } from '../../http/sse';
import { SSE_POLL_MS } from '../../reports/eventHub';
import { byIp, rateLimit } from '../../middlewares/rateLimit';
import { sameOrigin } from '../../middlewares/sameOrigin';

/** Per-IP limits: status polling (every 6 s per open page), event streams, PDF downloads. */
export const REPORT_RATE_LIMITS = {
  status: { windowMs: 60_000, max: 120 },
  events: { windowMs: 60_000, max: 60 },
  pdf: { windowMs: 60_000, max: 20 },
  devStart: { windowMs: 60_000, max: 30 },
  basis: { windowMs: 60_000, max: 30 },
} as const;

function reportIdParam(ctx: Context): string {
  const r = reportIdSchema.safeParse(ctx.params.id);
  if (!r.success) throw new NotFoundError('Report not found');
  return r.data;
}

/**
 * A form's flat fields (`basis.market`, `assumptions.price`, `reset`) as the nested body the API
 * takes; a JSON body passes as it is.
 */
function nestedBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const flat = Object.entries(body as Record<string, unknown>);
  if (!flat.some(([k]) => k.includes('.'))) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of flat) {
    const [head, ...rest] = k.split('.');
    if (!rest.length) out[head] = v;
    else out[head] = { ...((out[head] as Record<string, unknown>) ?? {}), [rest.join('.')]: v };
  }
  return out;
}

const rewriteRequestSchema = z
  .object({ sections: z.array(z.string().max(80), { error: 'sections must be a list of section ids' }).max(20).optional() })
  .strict();

/** `Last-Event-ID` header (set by EventSource on reconnect) or `?lastEventId=`; 0 = from the start. */
function lastEventId(ctx: Context): number {
  const raw = ctx.get('Last-Event-ID') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
  if (!raw) return 0;
  if (!/^\d{1,15}$/.test(raw.trim())) throw new InputError('Last-Event-ID must be a number');
  return Number(raw.trim());
}

/**
 * The report API:
 * - `POST /api/reports/status` {execution_id} → the spec's polling answer (404 for an unknown id);
 * - `GET /api/reports/:id/events` → SSE of step-started / step-finished / step-retry /
 *   job-finished / job-failed, each with an id; reconnecting with `Last-Event-ID` resumes after it;
 * - `GET /api/reports/:id/pdf` → the report as a PDF (409 before any section is written).
 */
export function reportsRouter({ reports, logger, lifecycle, counters, config, services }: AppDeps): Router {
  const router = new Router();
  const hub = services.reportEvents;
  const openStreams = new Map<string, number>();
  const limit = (name: keyof typeof REPORT_RATE_LIMITS) => rateLimit({ ...REPORT_RATE_LIMITS[name], store: counters, name: `reports-${name}`, key: byIp });

  router.post('/api/reports/status', limit('status'), async (ctx) => {
    const { execution_id } = parseBody(ctx, reportStatusRequestSchema);
    const status = await reports.status(execution_id);
    if (!status) throw new NotFoundError('Report not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = status;
  });

  router.get('/api/reports/:id/events', limit('events'), async (ctx) => {
    const id = reportIdParam(ctx);
    const after = lastEventId(ctx);
    const ip = byIp(ctx);
    if ((openStreams.get(ip) ?? 0) >= config.REPORT_EVENT_STREAMS_PER_IP) {
      throw new RateLimitError(5, 'Too many report pages are open from your network. Close some and try again.');
    }
    const job = await reports.get(id);
    if (!job) throw new NotFoundError('Report not found');
    openStreams.set(ip, (openStreams.get(ip) ?? 0) + 1);
    const sse = openSse(ctx);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const n = (openStreams.get(ip) ?? 1) - 1;
      if (n > 0) openStreams.set(ip, n);
      else openStreams.delete(ip);
    };
    ctx.res.once('close', release);
    if (config.REPORT_EVENTS_POLL === 'shared') {
      const unsubscribe = hub.subscribe(id, {
        after,
        event: (e) => sse.send(e.event.type, e.event, e.id),
        end: () => sse.close(),
      });
      sse.signal.addEventListener('abort', unsubscribe, { once: true });
      return;
    }
    void (async () => {
      let last = after;
      while (!sse.signal.aborted && !lifecycle.shuttingDown) {
        const events = await reports.events(id, last);
        for (const e of events) {
          if (!REPORT_EVENT_TYPES.includes(e.event.type)) continue;
          sse.send(e.event.type, e.event, e.id);
          last = e.id;
          if (e.event.type === 'job-finished' || e.event.type === 'job-failed') {
            sse.close();
            return;
          }
        }
        if (!events.length) {
          const now = await reports.get(id);
          if (!now || now.status === 'finished' || now.status === 'failed') break;
        }
        await reports.waitForChange(id, SSE_POLL_MS, sse.signal);
      }
      sse.close();
    })().catch((err) => {
      logger.warn({ err, report: id }, 'report event stream failed');
      sse.close();
    });
  });

  // The founder's version: whoever holds the report's link may read it, and so may change its basis.
  // A form (no JavaScript) gets a 303 back to the report page; the API answers the new sheet.
  const csrf = sameOrigin({ allowedOrigins: [config.PUBLIC_URL] });
  const isForm = (ctx: Context) => ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
  router.post('/api/reports/:id/basis', limit('basis'), csrf, async (ctx) => {
    const id = reportIdParam(ctx);
    const req = ctx.request as unknown as { body?: unknown };
    req.body = nestedBody(req.body ?? (isForm(ctx) ? {} : undefined));
    const body = parseBody(ctx, reportBasisRequestSchema);
    const answer = await reports.setBasis(id, body);
    ctx.set('Cache-Control', 'no-store');
    if (isForm(ctx)) {
      ctx.status = 303;
      ctx.redirect(`/report/${encodeURIComponent(id)}#numbers`);
      return;
    }
    ctx.body = answer;
  });

  router.post('/api/reports/:id/rewrite', limit('basis'), csrf, async (ctx) => {
    const id = reportIdParam(ctx);
    const req = ctx.request as unknown as { body?: unknown };
    if (req.body === undefined && isForm(ctx)) req.body = {};
    const body = isForm(ctx) ? {} : parseBody(ctx, rewriteRequestSchema);
    const answer = await reports.rewrite(id, body.sections);
    ctx.set('Cache-Control', 'no-store');
    if (isForm(ctx)) {
      ctx.status = 303;
      ctx.redirect(`/report/${encodeURIComponent(id)}`);
      return;
    }
    ctx.body = answer;
  });

  router.get('/api/reports/:id/pdf', limit('pdf'), async (ctx) => {
    const id = reportIdParam(ctx);
    const job = await reports.get(id);
    if (!job) throw new NotFoundError('Report not found');
    const pdf = await reports.pdf(id);
    if (!pdf) throw new ConflictError('The report has no finished section yet. Try again when it is ready.');
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Disposition', `attachment; filename="${pdf.filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf.data;
  });

  return router;
}
