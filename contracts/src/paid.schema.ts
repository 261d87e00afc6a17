import { z } from 'zod';
import './zodConfig';
import { emailSchema } from './email.schema';
import { interviewEvidenceFieldSchema } from './evidence.schema';
import { basisInputSchema } from './basis.schema';
import { FEASIBILITY_LIMITS, CHECKOUT_SESSION_ID_PATTERN, CHECKOUT_INPUTS_MAX_CHARS } from './paid';

const emailField = emailSchema();

/**
 * Body of `POST /api/feasibility/start`. The inputs may be empty when the paid checkout already
 * carries them (a catalogue product); they are checked when used.
 */
export const feasibilityStartRequestSchema = z.object({
  target_market: z
    .string({ error: 'target_market must be text' })
    .max(FEASIBILITY_LIMITS.targetMarket, { error: `target_market must be at most ${FEASIBILITY_LIMITS.targetMarket} characters` })
    .default(''),
  product_idea: z
    .string({ error: 'product_idea must be text' })
    .max(FEASIBILITY_LIMITS.productIdea, { error: `product_idea must be at most ${FEASIBILITY_LIMITS.productIdea} characters` })
    .default(''),
  email: z.preprocess((v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v), emailField.optional()),
  session_id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string({ error: 'session_id must be text' }).regex(CHECKOUT_SESSION_ID_PATTERN, { error: 'session_id is not a checkout session id' }).optional(),
  ),
  /** Step 3's interviews (added around the spec): used when the checkout did not carry them. */
  evidence: interviewEvidenceFieldSchema,
  /** What the founder sets (issue 36): market, segment, place, buyer kind, product kind, price. */
  basis: basisInputSchema.optional(),
});
export type FeasibilityStartRequest = z.infer<typeof feasibilityStartRequestSchema>;

/** Body of `POST /api/auth/callback`: the authorization response parameters /log received. */
export const authCallbackRequestSchema = z.object({
  code: z.string({ error: 'code is required' }).min(1, { error: 'code is required' }).max(2048, { error: 'code is too long' }),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});
export type AuthCallbackRequest = z.infer<typeof authCallbackRequestSchema>;

/**
 * Body of `POST /api/checkout/session` (form-encoded or JSON): `email` (optional; when given it
 * must be the signed-in session's, for which every checkout is), `product` (default the
 * feasibility study), `inputs` (a JSON object of the product's fields, as text in a form) and
 * `evidence` (step 3's interviews, the same way).
 */
export const checkoutRequestSchema = z.object({
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailField.optional()),
  product: z
    .string({ error: 'product must be text' })
    .regex(/^[a-z0-9-]{1,80}$/, { error: 'product must be a product id' })
    .optional(),
  inputs: z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v !== 'string') return v;
      if (v.length > CHECKOUT_INPUTS_MAX_CHARS) return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.record(z.string(), z.string({ error: 'every input must be text' }), { error: 'inputs must be an object of texts' }).optional(),
  ),
  /** Step 3's interviews (a JSON list, as text in a form): synthetic evidence the report cites. */
  evidence: interviewEvidenceFieldSchema,
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** One variable of the /test page's start call. */
export const testFlowRequestSchema = z.object({
  flow_execution_variables: z
    .array(
      z.object({
        name: z.string().max(64),
        variable_value: z.string().max(1000),
      }),
    )
    .min(1)
    .max(10),
});
export type TestFlowRequest = z.infer<typeof testFlowRequestSchema>;
