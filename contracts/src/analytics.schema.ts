import { z } from 'zod';
import './zodConfig';
import { emailSchema } from './email.schema';
import { CATALOGUE_PRODUCT_IDS, ENTERPRISE_PRODUCT_IDS } from './catalogue';
import { LINK_TYPES, PARTNER_COMPANIES, partnerByCompany } from './partners';

import {
  CLICK_LOCATION_PATTERN,
  MAX_CLICK_INPUTS,
  PRODUCT_SLUG_PATTERN,
  type AdminLoginRequest,
  type StatsRange,
  type TrackClickRequest,
  type TrackProductClickRequest,
} from './analytics';

/** Every product id a click may name: the catalogue's and the enterprise reports'. */
const PRODUCT_IDS = [...CATALOGUE_PRODUCT_IDS, ...ENTERPRISE_PRODUCT_IDS];

/** Body of `POST /api/track-click`: a click on a partner tool's logo or button. */
export const trackClickRequestSchema: z.ZodType<TrackClickRequest> = z
  .object({
    company: z
      .string({ error: 'company must be text' })
      .refine((c) => PARTNER_COMPANIES.includes(c), { error: `company must be one of ${PARTNER_COMPANIES.join(', ')}` })
      .meta({ enum: [...PARTNER_COMPANIES], description: 'Lower-case partner company' }),
    linkType: z.enum(LINK_TYPES, { error: "linkType must be 'logo' or 'button'" }),
    url: z
      .string({ error: 'url must be text' })
      .max(2048, { error: 'url is too long' })
      .meta({ description: "The partner's url or logoUrl (as in the partner list)" }),
  })
  .superRefine((v, ctx) => {
    const partner = partnerByCompany(v.company);
    if (partner && v.url !== partner.url && v.url !== partner.logoUrl) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `url must be one of ${v.company}'s links` });
    }
  });

const optionalEmail = z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), emailSchema().optional());

/** Body of `POST /api/track-product-click`: a click on a research product (fire and forget). */
export const trackProductClickRequestSchema: z.ZodType<TrackProductClickRequest> = z.object({
  product: z
    .string({ error: 'product must be text' })
    .regex(PRODUCT_SLUG_PATTERN, { error: 'product must be a known product id' })
    .refine((id) => (PRODUCT_IDS as ReadonlyArray<string>).includes(id), { error: 'product must be a known product id' })
    .meta({ description: 'A product id of the catalogue' }),
  location: z.string({ error: 'location must be text' }).regex(CLICK_LOCATION_PATTERN, { error: 'location must be a short slug (a-z, 0-9, -)' }),
  inputs: z
    .number({ error: 'inputs must be a number' })
    .int({ error: 'inputs must be a whole number' })
    .min(0, { error: 'inputs must be at least 0' })
    .max(MAX_CLICK_INPUTS, { error: `inputs must be at most ${MAX_CLICK_INPUTS}` }),
  email: optionalEmail,
});

/** A calendar day in UTC, `YYYY-MM-DD`. */
export const isoDaySchema = z
  .string()
  // Not of the form: that is the one problem to tell (the calendar check would only repeat it).
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-01-31', abort: true })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { error: 'must be a real calendar date' },
  )
  .meta({ description: 'A UTC day, YYYY-MM-DD', examples: ['2026-01-31'] });

/** Query of the admin stats endpoints: an optional inclusive day range (UTC). */
export const statsRangeQuerySchema: z.ZodType<StatsRange> = z
  .object({ from: isoDaySchema.optional(), to: isoDaySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] });

/** Query of `GET /api/admin/daily`. */
export const dailyQuerySchema = z
  .object({
    kind: z.enum(['links', 'products'], { error: "kind must be 'links' or 'products'" }),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] });

/** Body of `POST /api/admin/login`. */
export const adminLoginRequestSchema: z.ZodType<AdminLoginRequest> = z.object({
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(1024, { error: 'password is too long' }),
});

/** Query of `GET /api/admin/messages`. */
export const adminMessagesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
});
