import { z } from 'zod';
import { getAnyProduct } from './catalogue';
import { LINK_TYPES, PARTNER_COMPANIES, partnerByCompany, type LinkType } from './partners';

/** Shape of a product id (the catalogue's slugs). */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;
/** Click locations are short slugs, e.g. 'purchase'. */
export const CLICK_LOCATION_PATTERN = /^[a-z0-9-]{1,40}$/;
/** Most form inputs one product click may report. */
export const MAX_CLICK_INPUTS = 50;

/** Body of `POST /api/track-click`: a click on a partner tool's logo or button. */
export const trackClickRequestSchema = z
  .object({
    company: z
      .string({ error: 'company must be text' })
      .refine((c) => PARTNER_COMPANIES.includes(c), { error: `company must be one of ${PARTNER_COMPANIES.join(', ')}` }),
    linkType: z.enum(LINK_TYPES, { error: "linkType must be 'logo' or 'button'" }),
    url: z.string({ error: 'url must be text' }).max(2048, { error: 'url is too long' }),
  })
  .superRefine((v, ctx) => {
    const partner = partnerByCompany(v.company);
    if (partner && v.url !== partner.url && v.url !== partner.logoUrl) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `url must be one of ${v.company}'s links` });
    }
  });
export type TrackClickRequest = z.infer<typeof trackClickRequestSchema>;

const optionalEmail = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.email({ error: 'email must be a valid email address' }).max(254, { error: 'email is too long' }).optional(),
);

/** Body of `POST /api/track-product-click`: a click on a research product (fire and forget). */
export const trackProductClickRequestSchema = z.object({
  product: z
    .string({ error: 'product must be text' })
    .regex(PRODUCT_SLUG_PATTERN, { error: 'product must be a known product id' })
    .refine((id) => getAnyProduct(id) !== undefined, { error: 'product must be a known product id' }),
  location: z
    .string({ error: 'location must be text' })
    .regex(CLICK_LOCATION_PATTERN, { error: 'location must be a short slug (a-z, 0-9, -)' }),
  inputs: z
    .number({ error: 'inputs must be a number' })
    .int({ error: 'inputs must be a whole number' })
    .min(0, { error: 'inputs must be at least 0' })
    .max(MAX_CLICK_INPUTS, { error: `inputs must be at most ${MAX_CLICK_INPUTS}` }),
  email: optionalEmail,
});
export type TrackProductClickRequest = z.infer<typeof trackProductClickRequestSchema>;

/** A calendar day in UTC, `YYYY-MM-DD`. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-01-31' })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { error: 'must be a real calendar date' });

/** Query of the admin stats endpoints: an optional inclusive day range (UTC). */
export const statsRangeQuerySchema = z
  .object({ from: isoDaySchema.optional(), to: isoDaySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] });
export type StatsRange = z.infer<typeof statsRangeQuerySchema>;

/** Query of `GET /api/admin/daily`. */
export const dailyQuerySchema = z
  .object({
    kind: z.enum(['links', 'products'], { error: "kind must be 'links' or 'products'" }),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] });

/** Link statistic record (spec section 3): one per company, link type and url. */
export interface LinkStat {
  company: string;
  linkType: LinkType;
  clickCount: number;
  /** ISO timestamp of the latest click. */
  lastClicked: string | null;
  url: string;
}

/** Product statistic record (spec section 3): one per product and location. */
export interface ProductStat {
  product: string;
  location: string;
  clickCount: number;
  totalInputs: number;
  /** Distinct emails (stored as keyed hashes) that clicked this product at this location. */
  uniqueEmails: number;
  lastClicked: string | null;
}

/** One day of `GET /api/admin/daily`. */
export interface DailyClicks {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  clicks: number;
}

/** Body of `POST /api/admin/login`. */
export const adminLoginRequestSchema = z.object({
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(1024, { error: 'password is too long' }),
});

/** A contact-form message as the admin reads it. */
export interface AdminMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** `GET /api/admin/messages?limit&offset`: newest first. */
export interface AdminMessagesResponse {
  messages: AdminMessage[];
  total: number;
}

export const adminMessagesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
});

/** Partner row derived for display (spec section 3). */
export interface PartnerRow {
  /** Capitalised company name. */
  company: string;
  logoClicks: number;
  buttonClicks: number;
  totalClicks: number;
  logoUrl?: string;
  buttonUrl?: string;
  /** The later of the logo's and the button's last click (ISO), if any. */
  lastClicked: string | null;
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * Derives the dashboard's partner rows from link statistics: one row per partner of the list
 * (plus any unknown company in the stats), logo + button = total, the later last click,
 * ranked by total clicks descending (ties keep the partner list's order).
 */
export function derivePartnerRows(stats: ReadonlyArray<LinkStat>, companies: ReadonlyArray<string> = PARTNER_COMPANIES): PartnerRow[] {
  const order = [...companies];
  for (const s of stats) if (!order.includes(s.company)) order.push(s.company);
  const rows = order.map((company) => {
    const mine = stats.filter((s) => s.company === company);
    const pick = (type: LinkType) => {
      const list = mine.filter((s) => s.linkType === type);
      const clicks = list.reduce((n, s) => n + s.clickCount, 0);
      const top = [...list].sort((a, b) => b.clickCount - a.clickCount)[0];
      const last = list.reduce<string | null>((m, s) => (s.lastClicked && (!m || s.lastClicked > m) ? s.lastClicked : m), null);
      return { clicks, url: top?.url, last };
    };
    const logo = pick('logo');
    const button = pick('button');
    const partner = partnerByCompany(company);
    const lastClicked = [logo.last, button.last].reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);
    return {
      company: capitalise(company),
      logoClicks: logo.clicks,
      buttonClicks: button.clicks,
      totalClicks: logo.clicks + button.clicks,
      logoUrl: logo.url ?? partner?.logoUrl,
      buttonUrl: button.url ?? partner?.url,
      lastClicked,
    };
  });
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.totalClicks - a.r.totalClicks || a.i - b.i)
    .map(({ r }) => r);
}
