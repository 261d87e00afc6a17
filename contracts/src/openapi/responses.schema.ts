import { z } from 'zod';
import '../zodConfig';
import type { AdminMessagesResponse, AdminSessionState, DailyClicks, LinkStat, ProductStat } from '../analytics';
import {
  CATALOGUE_PRODUCT_IDS,
  REPORT_STATUSES,
  type ReportBasisResponse,
  type ReportEvent,
  type ReportRewriteResponse,
  type ReportStatusResponse,
} from '../catalogue';
import type { ContactResponse, PublicStats } from '../content';
import { interviewEvidenceSchema } from '../evidence.schema';
import { reportFactSheetSchema, simulationFactSheetSchema, sourceRefSchema, validationFactSheetSchema } from '../factSheet.schema';
import type { AuthCallbackResponse, FeasibilityStartResponse, PaidConfig, TestFlowStartResponse, TestFlowStatusResponse } from '../paid';
import { LINK_TYPES } from '../partners';
import { inputShape } from '../validation.schema';
import type {
  ChallengeFeedbackResponse,
  CustomerInterviewResponse,
  CustomerPersona,
  GenerateCustomersResponse,
  GenerateSimulationResponse,
  SimulationMonth,
  ValChatResponse,
} from '../simulation';
import type { AiProviderName, ValidateResponse } from '../validation';
import type { AiStreamEvents, ChatStreamEvents, ValidateStreamEvents } from '../streams';

/*
 * zod schemas of the API's answers. The BFF builds its answers from the TypeScript types beside
 * each resource; these schemas say the same in a form the OpenAPI document is generated from
 * (each is typed against its interface, so the two cannot drift apart silently), and the typed
 * client checks answers with them where it runs in Node (the CLI).
 */

/** Which AI provider answered: the configured model (`openai`) or the built-in offline analyst. */
export const aiProviderSchema: z.ZodType<AiProviderName> = z.enum(['openai', 'offline']);

const isoTime = z.string().meta({ format: 'date-time' });

/** Answer of `POST /api/validate` and the `done` event of its stream. */
export const validateResponseSchema = z.object({
  ...inputShape(() => z.string()),
  /** Val's analysis in markdown sections. */
  feedback: z.string().meta({ description: "Val's analysis, in markdown sections" }),
  id: z.string().meta({ description: 'Id of the stored validation' }),
  provider: aiProviderSchema,
  score: z.number().min(0).max(10).nullable().meta({ description: 'Val’s score (0–10, one decimal) read from the feedback; null when it names none' }),
  deleteToken: z.string().meta({
    description:
      'Deletes this validation (DELETE /api/validations/{validationId} with the x-delete-token header). Sent only here, once: keep it; the server stores only its hash',
  }),
  factSheet: validationFactSheetSchema,
}) satisfies z.ZodType<ValidateResponse>;

/** The events of a streamed AI answer (`AiStreamEvents`), by event name, with its `done` answer. */
function aiStreamEventSchemas<Done>(done: z.ZodType<Done>) {
  return {
    meta: z.object({ provider: aiProviderSchema }),
    delta: z.object({ text: z.string() }),
    done,
    error: z.object({ code: z.string(), message: z.string() }),
  } satisfies { [E in keyof AiStreamEvents<Done>]: z.ZodType<AiStreamEvents<Done>[E]> };
}

/** The events of `POST /api/validate/stream`, by event name. */
export const validateStreamEventSchemas = aiStreamEventSchemas<ValidateStreamEvents['done']>(validateResponseSchema);

const personaSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  avatar: z.string().meta({ description: 'Initials or an emoji drawn in a circle' }),
  background: z.string(),
}) satisfies z.ZodType<CustomerPersona>;

export const generateCustomersResponseSchema = z.object({
  customers: z.array(personaSchema).meta({ description: 'Exactly three personas' }),
  provider: aiProviderSchema,
}) satisfies z.ZodType<GenerateCustomersResponse>;

/** A persona's or Val's reply. */
export const replyResponseSchema = z.object({
  response: z.string(),
  provider: aiProviderSchema,
}) satisfies z.ZodType<CustomerInterviewResponse & ValChatResponse>;

const monthSchema = z.object({
  month: z.number().int().min(1).max(6),
  title: z.string(),
  users: z.number().min(0),
  wins: z.array(z.string()),
  challenges: z.array(z.string()),
  challenge: z.string().optional().meta({ description: "A question from Val the founder can answer ('Get Val's Feedback')" }),
  nextMonthUsers: z
    .number()
    .min(0)
    .optional()
    .meta({ description: "The users the simulation expects the month after (month 6: projected); Val quotes this number for 'next month'" }),
  newUsers: z.number().min(0).optional().meta({ description: 'Users who joined this month (the launch model)' }),
  churnedUsers: z.number().min(0).optional().meta({ description: 'Users who left this month (the launch model)' }),
  previousUsers: z.number().min(0).optional().meta({ description: "The previous month's users (0 for month 1)" }),
}) satisfies z.ZodType<SimulationMonth>;

export const generateSimulationResponseSchema = z.object({
  simulation: z.array(monthSchema).meta({ description: 'Six months, in order' }),
  assumptions: z
    .object({
      startingUsers: z.number(),
      monthlyGrowth: z.number(),
      churnRate: z.number(),
      completedInterviews: z.number().int(),
      positiveSignals: z.number().int(),
      negativeSignals: z.number().int(),
      interviewScore: z.number(),
      validationScore: z.number(),
    })
    .meta({ description: 'How the user numbers were computed (the model is code, not the AI)' }),
  provider: aiProviderSchema,
  factSheet: simulationFactSheetSchema,
}) satisfies z.ZodType<GenerateSimulationResponse>;

export const challengeFeedbackResponseSchema = z.object({
  feedback: z.string(),
  provider: aiProviderSchema,
}) satisfies z.ZodType<ChallengeFeedbackResponse>;

/** The events of the streamed chats (`/api/customer-interview/stream`, `/api/val-chat/stream`). */
export const chatStreamEventSchemas = aiStreamEventSchemas<ChatStreamEvents['done']>(replyResponseSchema);

export const publicStatsResponseSchema = z.object({
  entrepreneursValidated: z.number().int().min(0),
  trustBadges: z.array(z.string()),
}) satisfies z.ZodType<PublicStats>;

export const contactResponseSchema = z.object({
  id: z.string(),
  receivedAt: isoTime,
}) satisfies z.ZodType<ContactResponse>;

export const adminSessionStateSchema = z.object({
  enabled: z.boolean().meta({ description: 'An admin password is set on this server (otherwise every other /api/admin call answers 503).' }),
  signedIn: z.boolean().meta({ description: 'The request carries a live admin session.' }),
}) satisfies z.ZodType<AdminSessionState>;

/** `{ok: true}`: an accepted click, a login or a logout. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const reportStatusResponseSchema = z.object({
  processing_status: z.enum(REPORT_STATUSES),
  title: z.string(),
  description: z.string(),
  flow_execution_steps: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        raw_output: z.string().meta({ description: "The agent's markdown" }),
        sources: z.array(sourceRefSchema).optional().meta({ description: 'The search results the section cites as [n]' }),
        check: z
          .object({ removed: z.number().int().min(0), repaired: z.boolean() })
          .optional()
          .meta({ description: 'Sentences the checker removed because they contradicted the fact sheet, and whether a repair round ran' }),
        written_by: z
          .enum(['offline-after-model'])
          .optional()
          .meta({ description: "Present when the model's draft stayed hollow after its rounds and Val wrote the section from the fact sheet" }),
        written_for: z
          .enum(['original', 'yours'])
          .optional()
          .meta({ description: "Present once the founder changed the numbers: written for the original numbers, or written again for the founder's" }),
      }),
    )
    .meta({ description: 'Finished sections, in report order' }),
  product: z.enum(CATALOGUE_PRODUCT_IDS),
  error: z.string().nullable().meta({ description: 'A readable reason when failed, else null' }),
  provider: z.string().nullable(),
  progress: z.object({
    finished: z.number().int().min(0),
    total: z.number().int().min(0),
    running: z.array(z.string()),
  }),
  evidence: interviewEvidenceSchema
    .optional()
    .meta({ description: 'Step 3’s interviews the order carried (synthetic: AI personas, not real customers); absent without any' }),
  fact_sheet: reportFactSheetSchema.optional().meta({ description: "The founder's version when they changed the basis or an assumption, else the original" }),
  original_fact_sheet: reportFactSheetSchema.optional().meta({ description: "The sheet as first computed; present only when the founder's version differs" }),
}) satisfies z.ZodType<ReportStatusResponse>;

export const reportBasisResponseSchema = z.object({
  fact_sheet: reportFactSheetSchema,
  original_fact_sheet: reportFactSheetSchema.nullable(),
  stale_sections: z.array(z.string()).meta({ description: 'Sections written for the original numbers' }),
}) satisfies z.ZodType<ReportBasisResponse>;

export const reportRewriteResponseSchema = z.object({
  rewritten: z.array(z.string()),
  stale_sections: z.array(z.string()),
  rewrites_left: z.number().int().min(0),
}) satisfies z.ZodType<ReportRewriteResponse>;

const stepEvent = { step: z.string(), title: z.string(), agent: z.string() };
/** The events of `GET /api/reports/{id}/events`, by event name (the data carries `type` too). */
export const reportEventSchemas = {
  'step-started': z.object({ type: z.literal('step-started'), ...stepEvent }),
  'step-finished': z.object({ type: z.literal('step-finished'), ...stepEvent }),
  'step-retry': z.object({ type: z.literal('step-retry'), ...stepEvent, attempt: z.number().int() }),
  'job-finished': z.object({ type: z.literal('job-finished') }),
  'job-failed': z.object({ type: z.literal('job-failed'), error: z.string() }),
} satisfies { [T in ReportEvent['type']]: z.ZodType<Extract<ReportEvent, { type: T }>> };

export const startedReportResponseSchema = z.object({
  id: z.string().meta({ description: "The report id (its link's last part)" }),
  url: z.string().meta({ description: 'The report page' }),
});

export const adminStartedReportResponseSchema = startedReportResponseSchema.extend({
  processing_status: z.literal('queued'),
});

export const paidConfigResponseSchema = z.object({
  feasibilityBaseUrl: z.string().meta({ description: "Base of the feasibility service ('' = this origin)" }),
  authBaseUrl: z.string(),
  planBaseUrl: z.string(),
  checkoutMode: z.enum(['stripe', 'test']),
  signIn: z.enum(['embedded', 'oidc']),
}) satisfies z.ZodType<PaidConfig>;

export const feasibilityStartResponseSchema = z.union([
  z.object({
    success: z.literal(true),
    flow_execution_id: z.string(),
    customer_id: z.string().optional().meta({ description: 'To store as customer_id in the browser' }),
  }),
  z.object({
    success: z.literal(false),
    error: z.string(),
    code: z.string().optional(),
  }),
]) satisfies z.ZodType<FeasibilityStartResponse>;

export const authCallbackResponseSchema = z.object({
  email: z.string(),
  name: z.string().optional(),
}) satisfies z.ZodType<AuthCallbackResponse>;

export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  type: z.string().meta({ description: "The Stripe event's type" }),
  duplicate: z.boolean().meta({ description: 'true when this event id was applied before (not applied twice)' }),
});

const lastClicked = isoTime.nullable();

export const linkStatsResponseSchema = z.array(
  z.object({
    company: z.string(),
    linkType: z.enum(LINK_TYPES),
    clickCount: z.number().int().min(0),
    lastClicked,
    url: z.string(),
  }),
) satisfies z.ZodType<LinkStat[]>;

export const productStatsResponseSchema = z.array(
  z.object({
    product: z.string(),
    location: z.string(),
    clickCount: z.number().int().min(0),
    totalInputs: z.number().int().min(0),
    uniqueEmails: z.number().int().min(0),
    lastClicked,
  }),
) satisfies z.ZodType<ProductStat[]>;

export const dailyClicksResponseSchema = z.array(z.object({ day: z.string().meta({ format: 'date' }), clicks: z.number().int().min(0) })) satisfies z.ZodType<
  DailyClicks[]
>;

export const adminMessagesResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      createdAt: isoTime,
    }),
  ),
  total: z.number().int().min(0),
}) satisfies z.ZodType<AdminMessagesResponse>;

export const testFlowStartResponseSchema = z.object({
  success: z.boolean(),
  execution_id: z.string(),
}) satisfies z.ZodType<TestFlowStartResponse>;

export const testFlowStatusResponseSchema = z.object({
  execution_id: z.string(),
  processing_status: z.string(),
}) satisfies z.ZodType<TestFlowStatusResponse>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readyResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'shutting_down']),
  database: z.enum(['sqlite', 'mysql']).optional(),
});
