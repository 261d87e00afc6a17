import { z } from 'zod';
import './zodConfig';
import { emailSchema } from './email.schema';
import { basisInputSchema } from './basis.schema';
import { CATALOGUE_PRODUCT_IDS, REPORT_ID_PATTERN, type ReportStatusRequest, type StartReportRequest } from './catalogue';

/** A report id: random, unguessable, URL-safe (22+ characters of base64url). */
export const reportIdSchema = z.string({ error: 'execution_id must be text' }).trim().regex(REPORT_ID_PATTERN, { error: 'execution_id must be a report id' });

/** Body of `POST /api/reports/status`. */
export const reportStatusRequestSchema: z.ZodType<ReportStatusRequest> = z.object({ execution_id: reportIdSchema });

/** Body of the dev-only `POST /api/dev/reports` (outside production) and of `reports.start`. */
export const startReportRequestSchema: z.ZodType<StartReportRequest> = z.object({
  product: z.enum(CATALOGUE_PRODUCT_IDS, { error: `product must be one of ${CATALOGUE_PRODUCT_IDS.join(', ')}` }),
  inputs: z.record(z.string(), z.string().max(5000)),
  email: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v),
    emailSchema().optional(),
  ),
  basis: basisInputSchema.optional(),
});
