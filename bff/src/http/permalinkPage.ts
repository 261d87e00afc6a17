import {
  metaOf,
  PAGE_DATA_KEYS,
  PERMALINK_PATH,
  REPORT_ID_PATTERN,
  validationIdParamsSchema,
  type PageData,
  type PageMeta,
  type PageOwner,
} from '@val/contracts';
import type { Context } from 'koa';
import { paidConfigOf } from '../routes/feasibility/router';
import { REPORT_RATE_LIMITS } from '../routes/reports/router';
import { VALIDATION_READ_LIMITS } from '../routes/validations/router';
import type { AppDeps } from '../deps';
import { NotFoundError, RateLimitError } from '../errors';
import { byIp, rateLimit } from '../middlewares/rateLimit';
import { permalinkMeta } from './pageHead';

/**
 * Whether this visitor may have one more page read from the store: a page's data counts against
 * the allowance of the API read it stands for (the same counters), so reloading `/v/:id` reads the
 * database no more often than `GET /api/validations/:id` may. Past it the page comes without its
 * data (the default head); the browser then asks the API, which answers the 429.
 */
type ReadAllowance = (ctx: Context) => Promise<boolean>;
function allowance(limiter: ReturnType<typeof rateLimit>): ReadAllowance {
  return async (ctx) => {
    try {
      await limiter.hit(byIp(ctx));
      return true;
    } catch (e) {
      if (e instanceof RateLimitError) return false;
      throw e;
    }
  };
}

/**
 * The head of a permalink page (`/v/:id`): the idea and its score for link previews, and null
 * (the server answers 404) for an id that is not a validation's. Other pages, and a permalink
 * while the store cannot answer, keep their default head.
 */
export function permalinkPageMeta({ services, counters }: Pick<AppDeps, 'services' | 'counters'>) {
  const allowed = allowance(rateLimit({ ...VALIDATION_READ_LIMITS.read, store: counters, name: 'validations-read', key: byIp }));
  return async (owner: PageOwner, path: string, ctx: Context): Promise<(PageMeta & { data?: PageData }) | null | undefined> => {
    if (!('remote' in owner) || owner.remote !== 'validation' || owner.route.path !== PERMALINK_PATH) return undefined;
    const parsed = validationIdParamsSchema.safeParse({ validationId: path.split('/')[2] ?? '' });
    if (!parsed.success) return null;
    if (!(await allowed(ctx))) return undefined;
    try {
      const validation = await services.validation.get(parsed.data.validationId);
      // The page's data too (the first screen is rendered with it): the answer of `GET /api/validations/{id}`, as JSON.
      const data: PageData = { [PAGE_DATA_KEYS.validation(parsed.data.validationId)]: JSON.parse(JSON.stringify(validation)) as unknown };
      return { ...permalinkMeta(validation), data };
    } catch (e) {
      if (e instanceof NotFoundError) return null;
      // The store is unreachable: the page still loads (with the default head) and shows its own error state.
      return undefined;
    }
  };
}

/** The catalogue's report page, whose screen the server renders with the report (its route says `ssr`). */
const REPORT_ROUTE = '/report/:reportId?';

/**
 * A report page's data (`/report/:id`): the report's status and the paid flow's config, as their
 * API answers, so the server renders the report (or its progress) and the browser starts from the
 * same. Only where this server holds the reports (no FEASIBILITY_BASE_URL); otherwise, and for an
 * id with no report, the browser asks as before.
 */
export function reportPageData({ config, services, reports, counters }: Pick<AppDeps, 'config' | 'services' | 'reports' | 'counters'>) {
  const allowed = allowance(rateLimit({ ...REPORT_RATE_LIMITS.status, store: counters, name: 'reports-status', key: byIp }));
  return async (owner: PageOwner, path: string, ctx: Context): Promise<(PageMeta & { data?: PageData }) | undefined> => {
    if (!('remote' in owner) || owner.remote !== 'catalogue' || owner.route.path !== REPORT_ROUTE || config.FEASIBILITY_BASE_URL) return undefined;
    const id = decodeURIComponent(path.split('/')[2] ?? '');
    if (!REPORT_ID_PATTERN.test(id)) return undefined;
    if (!(await allowed(ctx))) return undefined;
    try {
      const status = await reports.status(id);
      if (!status) return undefined;
      const data: PageData = {
        [PAGE_DATA_KEYS.reportStatus(id)]: JSON.parse(JSON.stringify(status)) as unknown,
        [PAGE_DATA_KEYS.paidConfig()]: paidConfigOf({ config, services }),
      };
      return { ...metaOf(owner), data };
    } catch {
      // The store cannot answer: the page loads without, and asks itself.
      return undefined;
    }
  };
}

/** Each page's own head and data: a permalink's, a report's. */
export function pageHeads(deps: Pick<AppDeps, 'config' | 'services' | 'reports' | 'counters'>) {
  const permalink = permalinkPageMeta(deps);
  const report = reportPageData(deps);
  return async (owner: PageOwner, path: string, ctx: Context) => {
    const own = await permalink(owner, path, ctx);
    return own !== undefined ? own : report(owner, path, ctx);
  };
}
