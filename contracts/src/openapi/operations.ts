import { z } from 'zod';
import '../zodConfig';
import {
  adminLoginRequestSchema,
  adminMessagesQuerySchema,
  dailyQuerySchema,
  statsRangeQuerySchema,
  trackClickRequestSchema,
  trackProductClickRequestSchema,
} from '../analytics.schema';
import { reportIdSchema, reportStatusRequestSchema, startReportRequestSchema } from '../catalogue.schema';
import { contactRequestSchema } from '../content.schema';
import { reportBasisRequestSchema } from '../basis.schema';
import { authCallbackRequestSchema, checkoutRequestSchema, feasibilityStartRequestSchema, testFlowRequestSchema } from '../paid.schema';
import { PARTNER_TOOLS } from '../partners';
import type { ApiOperationId } from '../routes';
import {
  challengeFeedbackRequestSchema,
  customerInterviewRequestSchema,
  generateCustomersRequestSchema,
  generateSimulationRequestSchema,
  valChatRequestSchema,
} from '../simulation.schema';
import { TEST_FLOW_SAMPLE } from '../paid';
import { validateRequestSchema } from '../validation.schema';
import {
  deleteTokenSchema,
  storedValidationSchema,
  validationCompareQuerySchema,
  validationComparisonSchema,
  validationIdParamsSchema,
} from '../validations.schema';
import {
  adminMessagesResponseSchema,
  adminStartedReportResponseSchema,
  authCallbackResponseSchema,
  challengeFeedbackResponseSchema,
  chatStreamEventSchemas,
  contactResponseSchema,
  dailyClicksResponseSchema,
  feasibilityStartResponseSchema,
  generateCustomersResponseSchema,
  generateSimulationResponseSchema,
  healthResponseSchema,
  linkStatsResponseSchema,
  okResponseSchema,
  adminSessionStateSchema,
  paidConfigResponseSchema,
  productStatsResponseSchema,
  publicStatsResponseSchema,
  readyResponseSchema,
  replyResponseSchema,
  reportBasisResponseSchema,
  reportEventSchemas,
  reportRewriteResponseSchema,
  reportStatusResponseSchema,
  startedReportResponseSchema,
  stripeWebhookResponseSchema,
  testFlowStartResponseSchema,
  testFlowStatusResponseSchema,
  validateResponseSchema,
  validateStreamEventSchemas,
} from './responses.schema';

/** The groups of the API (OpenAPI tags), in the order the /api page shows them. */
export const API_TAGS = [
  { name: 'Validation', description: 'Step 1 and 2: Val validates an idea; clicks on the partner tools of the resources kit are counted.' },
  {
    name: 'Simulation',
    description:
      'Step 3: three customer personas, interviews with them, a six-month launch simulation and Val’s feedback. Every call takes the validation it builds on as validationData.',
  },
  { name: 'Reports', description: 'Research reports run as jobs of several AI agents. A report’s id is random and unguessable: the link is the key.' },
  {
    name: 'Paid flow',
    description:
      'Sign-in (OpenID Connect), checkout and the start of a paid feasibility study. The browser follows these; the JSON ones are callable from anywhere.',
  },
  { name: 'Site', description: 'The public numbers on the home page and the contact form.' },
  {
    name: 'Admin',
    description: 'For the operator only: a session cookie from POST /api/admin/login. Every route answers 503 while no admin password is configured.',
  },
  { name: 'Operations', description: 'This document and the probes of the load balancer.' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** Error statuses an operation may answer, each with the `{error: {code, message}}` body. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503 | 504;

/** What a status means, for every operation that may answer it. */
export const ERROR_STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'The request is not valid: the message names the field (code bad_request or invalid_json).',
  401: 'Not signed in, or the session expired (code unauthorized).',
  402: 'Payment required (code payment_required).',
  403: 'A cross-site request was refused (code forbidden).',
  404: 'Not found (code not_found).',
  409: 'Not possible yet in this state (code conflict).',
  413: 'The body is larger than the server accepts (BODY_LIMIT, 100 kB by default; code payload_too_large).',
  415: 'The body is not JSON (code unsupported_media_type).',
  429: 'Too many requests from this address: wait the seconds in Retry-After (code rate_limited).',
  500: 'An unexpected failure; details are logged on the server, never sent (code internal_error).',
  502: 'The AI model or another upstream service failed (code upstream_error).',
  503: 'Temporarily unavailable (the database, or a feature this server has not configured; code unavailable).',
  504: 'The AI model took too long to answer (code upstream_error).',
};

/** The success answer of an operation. */
export type SuccessSpec =
  | { status: 200 | 201 | 202; kind: 'json'; description: string; schema: z.ZodType; name: string; setsCookie?: boolean }
  | { status: 200; kind: 'sse'; description: string; events: Record<string, z.ZodType>; eventsName: string }
  | { status: 200; kind: 'pdf'; description: string }
  | { status: 302 | 303; kind: 'redirect'; description: string }
  | { status: 204; kind: 'empty'; description: string };

/** One operation as the document describes it; method and path come from API_ROUTES. */
export interface OperationSpec {
  summary: string;
  description?: string;
  tag: ApiTag;
  /** `admin`: the admin session cookie; `admin-in-production`: required only in production. */
  security?: 'admin' | 'admin-in-production';
  /** Mounted only outside production. */
  developmentOnly?: boolean;
  /** The JSON body (component `bodyName`), also a form body when `form`. */
  body?: { schema: z.ZodType; name: string; example: unknown; form?: boolean; required?: boolean };
  query?: z.ZodType;
  /** Path parameters: each property is one `{name}` of the path. */
  path?: z.ZodObject;
  headers?: ReadonlyArray<{ name: string; description: string; required: boolean; schema: z.ZodType }>;
  success: SuccessSpec;
  /** Error statuses beyond those every operation may answer (500 and 503). */
  errors: ReadonlyArray<ErrorStatus>;
  /** Error answers that are an HTML page when the browser navigated here (the checkout). */
  htmlErrors?: boolean;
  /** A 503 that carries the success body (readiness) instead of the error body. */
  unavailableWithSuccessBody?: string;
}

/** Errors of any POST: a body that is not JSON, too large, or not the schema. */
const BODY: ErrorStatus[] = [400, 413, 415];
/** Errors of the AI routes: a rate limit or token budget, a failed or slow model. */
const AI: ErrorStatus[] = [...BODY, 429, 502, 504];

const reportId = z.object({
  id: reportIdSchema.meta({ description: 'The report id: the last part of its link', examples: ['Hq3tD7v0bQZ1xGk2mN8pWr'] }),
});

const validation = {
  idea: 'A meal-planning app for night-shift nurses',
  targetCustomer: 'Nurses on rotating night shifts in city hospitals',
  problemSolved: 'Eating well at 3 a.m. without a canteen',
};
const validationData = { ...validation, feedback: '## Market\nA clear, underserved niche.' };
const persona = { id: 'p1', name: 'Maya Chen', role: 'ICU nurse, 6 years of nights', avatar: 'MC', background: 'Works three 12-hour night shifts a week.' };
const month = {
  month: 1,
  title: 'Launch',
  users: 40,
  wins: ['First 40 sign-ups'],
  challenges: ['Retention after week 2'],
  challenge: 'How do you keep nurses after the first week?',
};
const partner = PARTNER_TOOLS[0];
const reportStart = { product: 'idea-desirability-assessment', inputs: { idea: 'A meal-planning app for night-shift nurses' } };

/**
 * Every operation of the API with its schemas, answers and examples: the source the OpenAPI
 * document is generated from. Its keys are exactly API_ROUTES' (the compiler checks both ways).
 */
export const API_OPERATIONS = {
  validate: {
    tag: 'Validation',
    summary: 'Validate an idea',
    description:
      'Val analyses an idea and answers in markdown sections. The validation is stored (it counts in the public "entrepreneurs validated"). Rate-limited per address together with the stream (VALIDATE_RATE_LIMIT_PER_MINUTE) and by a token budget per address.',
    body: { schema: validateRequestSchema, name: 'ValidateRequest', example: validation },
    success: {
      status: 200,
      kind: 'json',
      description: 'The validation with Val’s feedback; `provider` names who answered (also in the X-AI-Provider header).',
      schema: validateResponseSchema,
      name: 'ValidateResponse',
    },
    errors: AI,
  },
  validateStream: {
    tag: 'Validation',
    summary: 'Validate an idea, streamed',
    description:
      'The same analysis as Server-Sent Events: one `meta`, any number of `delta`, then one `done` (the stored validation) or one `error`. A model that fails before its first words is a JSON error instead.',
    body: { schema: validateRequestSchema, name: 'ValidateRequest', example: validation },
    success: {
      status: 200,
      kind: 'sse',
      description: 'text/event-stream of meta, delta…, then done or error.',
      events: validateStreamEventSchemas,
      eventsName: 'ValidateStream',
    },
    errors: AI,
  },
  // Shareable validations
  getValidation: {
    tag: 'Validation',
    summary: 'One stored validation',
    description:
      'The validation behind a permalink (/v/{id}): the inputs, Val’s feedback and its score. Read-only; the id is a random UUID, so the link is the key, and nothing lists validations. Rate-limited per address.',
    path: validationIdParamsSchema,
    success: { status: 200, kind: 'json', description: 'The validation.', schema: storedValidationSchema, name: 'StoredValidation' },
    errors: [400, 404, 429],
  },
  deleteValidation: {
    tag: 'Validation',
    summary: 'Delete a validation',
    description:
      'Only its creator can: the x-delete-token header must carry the deleteToken the validate answer returned (401 without it, 403 when it is not this validation’s). Afterwards its permalink is not found.',
    path: validationIdParamsSchema,
    headers: [
      {
        name: 'x-delete-token',
        description: 'The deleteToken of the validate answer (or the done event of its stream).',
        required: true,
        schema: deleteTokenSchema,
      },
    ],
    success: { status: 204, kind: 'empty', description: 'Deleted.' },
    errors: [400, 401, 403, 404, 429],
  },
  compareValidations: {
    tag: 'Validation',
    summary: 'Compare two versions of an idea',
    description:
      'What changed from base (the older version) to head: the score before → after, a word-level diff of the three inputs, and each section of the feedback (split on its ## headings) as new, gone, changed (with the lines added and removed) or the same. Read-only; rate-limited per address.',
    query: validationCompareQuerySchema,
    success: { status: 200, kind: 'json', description: 'The comparison.', schema: validationComparisonSchema, name: 'ValidationComparison' },
    errors: [400, 404, 429],
  },
  trackClick: {
    tag: 'Validation',
    summary: 'Count a partner-tool click',
    description:
      'A click on a partner tool’s logo or button in the resources kit. company, linkType and url must match the partner list, so nobody can pollute the statistics.',
    body: { schema: trackClickRequestSchema, name: 'TrackClickRequest', example: { company: partner.company, linkType: 'button', url: partner.url } },
    success: { status: 202, kind: 'json', description: 'Accepted: the click is buffered for the batched writer.', schema: okResponseSchema, name: 'Ok' },
    errors: [...BODY, 429],
  },
  trackProductClick: {
    tag: 'Validation',
    summary: 'Count a research-product click',
    description:
      'Interest in a research product from the purchase dialog (fire and forget). An optional email is stored only as a keyed hash, for unique-email counts.',
    body: {
      schema: trackProductClickRequestSchema,
      name: 'TrackProductClickRequest',
      example: { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 2 },
    },
    success: { status: 202, kind: 'json', description: 'Accepted: the click is buffered for the batched writer.', schema: okResponseSchema, name: 'Ok' },
    errors: [...BODY, 429],
  },
  generateCustomers: {
    tag: 'Simulation',
    summary: 'Generate three customer personas',
    body: { schema: generateCustomersRequestSchema, name: 'GenerateCustomersRequest', example: validationData },
    success: { status: 200, kind: 'json', description: 'Exactly three personas.', schema: generateCustomersResponseSchema, name: 'GenerateCustomersResponse' },
    errors: AI,
  },
  customerInterview: {
    tag: 'Simulation',
    summary: 'Ask a persona a question',
    description: 'The persona answers in character. An empty userQuestion opens the interview.',
    body: {
      schema: customerInterviewRequestSchema,
      name: 'CustomerInterviewRequest',
      example: { customerId: persona.id, customerPersona: persona, userQuestion: 'What do you eat on a night shift?', conversationHistory: [], validationData },
    },
    success: { status: 200, kind: 'json', description: 'The persona’s reply.', schema: replyResponseSchema, name: 'ReplyResponse' },
    errors: AI,
  },
  customerInterviewStream: {
    tag: 'Simulation',
    summary: 'Ask a persona a question, streamed',
    description:
      'The same reply as Server-Sent Events: one `meta`, any number of `delta`, then one `done` {response, provider} or one `error` {code, message}.',
    body: {
      schema: customerInterviewRequestSchema,
      name: 'CustomerInterviewRequest',
      example: { customerId: persona.id, customerPersona: persona, userQuestion: 'What do you eat on a night shift?', conversationHistory: [], validationData },
    },
    success: {
      status: 200,
      kind: 'sse',
      description: 'text/event-stream of meta, delta…, then done or error.',
      events: chatStreamEventSchemas,
      eventsName: 'ChatStream',
    },
    errors: AI,
  },
  generateSimulation: {
    tag: 'Simulation',
    summary: 'Simulate the first six months',
    description: 'From the interviews (customerInsights: each persona with the first 100 characters of each reply). Needs at least one interviewed persona.',
    body: {
      schema: generateSimulationRequestSchema,
      name: 'GenerateSimulationRequest',
      example: {
        validationData,
        customerInsights: [{ persona, responses: ['I mostly eat vending-machine snacks.'], completed: true }],
        landingPageContent: null,
      },
    },
    success: {
      status: 200,
      kind: 'json',
      description: 'Six months and how the numbers were computed.',
      schema: generateSimulationResponseSchema,
      name: 'GenerateSimulationResponse',
    },
    errors: AI,
  },
  challengeFeedback: {
    tag: 'Simulation',
    summary: 'Val’s feedback on a challenge answer',
    body: {
      schema: challengeFeedbackRequestSchema,
      name: 'ChallengeFeedbackRequest',
      example: { month: 1, challenge: month.challenge, response: 'A weekly plan that adapts to the shift rota.', validationData, simulationData: month },
    },
    success: { status: 200, kind: 'json', description: 'Val’s feedback.', schema: challengeFeedbackResponseSchema, name: 'ChallengeFeedbackResponse' },
    errors: AI,
  },
  valChat: {
    tag: 'Simulation',
    summary: 'Chat with Val about a month',
    body: {
      schema: valChatRequestSchema,
      name: 'ValChatRequest',
      example: { month: 1, question: 'Is 40 users a good start?', conversationHistory: [], simulationData: month, validationData },
    },
    success: { status: 200, kind: 'json', description: 'Val’s reply.', schema: replyResponseSchema, name: 'ReplyResponse' },
    errors: AI,
  },
  valChatStream: {
    tag: 'Simulation',
    summary: 'Chat with Val about a month, streamed',
    description:
      'The same reply as Server-Sent Events: one `meta`, any number of `delta`, then one `done` {response, provider} or one `error` {code, message}.',
    body: {
      schema: valChatRequestSchema,
      name: 'ValChatRequest',
      example: { month: 1, question: 'Is 40 users a good start?', conversationHistory: [], simulationData: month, validationData },
    },
    success: {
      status: 200,
      kind: 'sse',
      description: 'text/event-stream of meta, delta…, then done or error.',
      events: chatStreamEventSchemas,
      eventsName: 'ChatStream',
    },
    errors: AI,
  },
  publicStats: {
    tag: 'Site',
    summary: 'The public numbers',
    description:
      'The live “entrepreneurs validated” count (stored validations plus a configured baseline) and the trust badges this deployment shows. Cached for 30 seconds.',
    success: { status: 200, kind: 'json', description: 'The numbers.', schema: publicStatsResponseSchema, name: 'PublicStats' },
    errors: [],
  },
  contact: {
    tag: 'Site',
    summary: 'Send a message to the team',
    description: 'All four fields are required and the email must be valid. The operator reads messages in the admin. 5 messages per 10 minutes per address.',
    body: {
      schema: contactRequestSchema,
      name: 'ContactRequest',
      example: { name: 'Ada', email: 'ada@example.com', subject: 'Higher limits', message: 'We would like to validate 200 ideas a day.' },
    },
    success: { status: 201, kind: 'json', description: 'Stored.', schema: contactResponseSchema, name: 'ContactResponse' },
    errors: [...BODY, 429],
  },
  reportStatus: {
    tag: 'Reports',
    summary: 'A report’s state and finished sections',
    description: 'The polling answer of the report page (every 6 s). processing_status is queued, running, finished or failed.',
    body: { schema: reportStatusRequestSchema, name: 'ReportStatusRequest', example: { execution_id: 'Hq3tD7v0bQZ1xGk2mN8pWr' } },
    success: { status: 200, kind: 'json', description: 'The report.', schema: reportStatusResponseSchema, name: 'ReportStatus' },
    errors: [...BODY, 404, 429],
  },
  reportEvents: {
    tag: 'Reports',
    summary: 'A report’s live progress',
    description:
      'Server-Sent Events, each with an increasing id; the stream ends after job-finished or job-failed. Reconnecting with Last-Event-ID (or ?lastEventId=) resumes after that event.',
    path: reportId,
    query: z.object({ lastEventId: z.string().optional().meta({ description: 'Resume after this event id (instead of the Last-Event-ID header)' }) }),
    headers: [{ name: 'Last-Event-ID', description: 'Resume after this event id (EventSource sends it on reconnect).', required: false, schema: z.string() }],
    success: {
      status: 200,
      kind: 'sse',
      description: 'text/event-stream of step-started, step-finished, step-retry, then job-finished or job-failed.',
      events: reportEventSchemas,
      eventsName: 'ReportEvent',
    },
    errors: [400, 404, 429],
  },
  reportPdf: {
    tag: 'Reports',
    summary: 'A report as a PDF',
    path: reportId,
    success: { status: 200, kind: 'pdf', description: 'The report’s finished sections as a PDF (attachment).' },
    errors: [404, 409, 429],
  },
  reportBasis: {
    tag: 'Reports',
    summary: 'Change a report’s basis or assumptions (what-if)',
    description:
      'Whoever holds the report’s link (the same rule as reading it) sets the basis (market, segment, place, buyer kind, product kind, price) and what-if assumptions; the sheet, break-even, scores and verdict are computed again and stored as the founder’s version beside the original, which reset brings back. A form POST (application/x-www-form-urlencoded, fields basis.market, assumptions.price…, reset) answers 303 to the report page.',
    path: reportId,
    body: {
      schema: reportBasisRequestSchema,
      name: 'ReportBasisRequest',
      example: { basis: { market: 'pets', price: 9 }, assumptions: { margin: 0.6, monthlyCosts: 2000 } },
    },
    success: { status: 200, kind: 'json', description: 'The sheet now shown.', schema: reportBasisResponseSchema, name: 'ReportBasis' },
    errors: [...BODY, 404, 409, 429],
  },
  reportRewrite: {
    tag: 'Reports',
    summary: 'Write sections again for the founder’s numbers',
    description:
      'The offline analyst writes the sections written for the original numbers again, at once, from the founder’s version of the sheet. A few rounds per report.',
    path: reportId,
    body: {
      schema: z.object({ sections: z.array(z.string().max(80)).max(20).optional() }),
      name: 'ReportRewriteRequest',
      example: {},
    },
    success: { status: 200, kind: 'json', description: 'What was written again.', schema: reportRewriteResponseSchema, name: 'ReportRewrite' },
    errors: [...BODY, 404, 409, 429],
  },
  devStartReport: {
    tag: 'Reports',
    summary: 'Start a report without paying (development)',
    description:
      'Queues a report of any catalogue product. Mounted only outside production (NODE_ENV is not production), for demos and browser tests; production reports start only through the paid flow.',
    developmentOnly: true,
    body: { schema: startReportRequestSchema, name: 'StartReportRequest', example: reportStart },
    success: { status: 201, kind: 'json', description: 'Queued.', schema: startedReportResponseSchema, name: 'StartedReport' },
    errors: [...BODY, 429],
  },
  paidConfig: {
    tag: 'Paid flow',
    summary: 'Where each step of the paid flow lives',
    success: {
      status: 200,
      kind: 'json',
      description: "Base URLs ('' = this origin), the checkout mode and the sign-in provider.",
      schema: paidConfigResponseSchema,
      name: 'PaidConfig',
    },
    errors: [],
  },
  feasibilityStart: {
    tag: 'Paid flow',
    summary: 'Start the paid feasibility study',
    description:
      'Works only against a paid, unused checkout (session_id, or the signed-in email’s oldest credit); the same checkout always answers with the same report. A refused start is 200 with success false.',
    body: {
      schema: feasibilityStartRequestSchema,
      name: 'FeasibilityStartRequest',
      example: { target_market: 'Night-shift nurses', product_idea: 'Meal plans that follow the rota', email: 'ada@example.com' },
    },
    success: {
      status: 200,
      kind: 'json',
      description: '{success: true, flow_execution_id} or {success: false, error}.',
      schema: feasibilityStartResponseSchema,
      name: 'FeasibilityStartResponse',
    },
    errors: [...BODY, 403, 429],
  },
  authLogin: {
    tag: 'Paid flow',
    summary: 'Sign in with the identity provider',
    description: 'Redirects to the OpenID Connect provider (code flow with state, nonce and PKCE); the provider sends the browser back to /log.',
    success: { status: 302, kind: 'redirect', description: 'To the provider’s authorization page.' },
    errors: [429, 502],
  },
  authCallback: {
    tag: 'Paid flow',
    summary: 'Finish sign-in',
    description:
      'The authorization response /log received. Checks state and the PKCE verifier kept in the session cookie, exchanges the code once and signs the visitor in.',
    body: { schema: authCallbackRequestSchema, name: 'AuthCallbackRequest', example: { code: 'SplxlOBeZQQYbYS6WxSbIA', state: 'af0ifjsldkj' } },
    success: { status: 200, kind: 'json', description: 'The signed-in email (and name).', schema: authCallbackResponseSchema, name: 'AuthCallbackResponse' },
    errors: [...BODY, 401, 403, 429, 502],
  },
  authLogout: {
    tag: 'Paid flow',
    summary: 'Sign out of the paid flow',
    success: { status: 200, kind: 'json', description: 'Signed out.', schema: okResponseSchema, name: 'Ok' },
    errors: [...BODY, 403],
  },
  checkoutSessionForSignedIn: {
    tag: 'Paid flow',
    summary: 'On to the checkout after sign-in',
    description:
      'The browser’s redirect after sign-in. Creates nothing (a GET never does): a signed-in browser goes on to /checkout/continue, a page whose button posts the checkout (POST on this path); a signed-out one to sign in first.',
    success: { status: 303, kind: 'redirect', description: 'To /checkout/continue, or to /api/auth/login.' },
    errors: [429],
    htmlErrors: true,
  },
  checkoutSession: {
    tag: 'Paid flow',
    summary: 'Create a checkout',
    description:
      'A form post (or JSON) of the paid flow, always for the signed-in email (verified by the sign-in provider; the report is delivered there): product (default the feasibility study), inputs (a JSON object of the product’s fields, as text in a form), evidence, and email, which must be the signed-in one when given. Signed out, or signed in as another email: a browser is sent to sign in (303 to /api/auth/login), an API client gets 401 or 403.',
    body: { schema: checkoutRequestSchema, name: 'CheckoutRequest', example: { email: 'ada@example.com' }, form: true, required: false },
    success: {
      status: 303,
      kind: 'redirect',
      description: 'To the checkout page (Stripe Checkout, or the built-in TEST MODE checkout), or to /api/auth/login for a browser that must sign in first.',
    },
    errors: [...BODY, 401, 403, 429, 502],
    htmlErrors: true,
  },
  stripeWebhook: {
    tag: 'Paid flow',
    summary: 'Stripe’s events',
    description:
      'Called by Stripe. The Stripe-Signature header is checked on the raw body with a 5-minute tolerance; a repeated event id is acknowledged but not applied twice. 503 when Stripe is not configured.',
    body: {
      schema: z.object({}).catchall(z.unknown()).meta({ description: 'A Stripe event' }),
      name: 'StripeEvent',
      example: { id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } },
    },
    headers: [
      {
        name: 'Stripe-Signature',
        description: 'Stripe’s signature of the raw body.',
        required: true,
        schema: z
          .string()
          .min(1)
          .meta({ examples: ['t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'] }),
      },
    ],
    success: { status: 200, kind: 'json', description: 'Received.', schema: stripeWebhookResponseSchema, name: 'StripeWebhookResponse' },
    errors: [400, 413],
  },
  adminSession: {
    tag: 'Admin',
    summary: 'Whether the admin dashboard is on, and signed in',
    description:
      'Always 200, also when no admin password is set (where every other /api/admin call answers 503): the dashboard asks once which screen to show. Does not extend the session.',
    success: {
      status: 200,
      kind: 'json',
      description: 'The dashboard’s state on this server for this request.',
      schema: adminSessionStateSchema,
      name: 'AdminSessionState',
    },
    errors: [],
  },
  adminLogin: {
    tag: 'Admin',
    summary: 'Open an admin session',
    description:
      'Checks the shared admin password and sets the session cookie (signed, HttpOnly, SameSite=Strict, path /api/admin). Repeated failures from one address answer 429.',
    body: { schema: adminLoginRequestSchema, name: 'AdminLoginRequest', example: { password: 'the admin password' } },
    success: {
      status: 200,
      kind: 'json',
      description: 'Logged in; the Set-Cookie header carries the session.',
      schema: okResponseSchema,
      name: 'Ok',
      setsCookie: true,
    },
    errors: [...BODY, 401, 403, 429],
  },
  adminLogout: {
    tag: 'Admin',
    summary: 'End the admin session',
    security: 'admin',
    success: { status: 200, kind: 'json', description: 'Logged out everywhere (the session is deleted on the server).', schema: okResponseSchema, name: 'Ok' },
    errors: [...BODY, 401, 403],
  },
  adminLinkStats: {
    tag: 'Admin',
    summary: 'Partner-link clicks',
    description: 'Clicks per partner, link type and url, from the daily rollups; from/to (UTC days, inclusive) narrow the range.',
    security: 'admin',
    query: statsRangeQuerySchema,
    success: { status: 200, kind: 'json', description: 'Link statistic records.', schema: linkStatsResponseSchema, name: 'LinkStats' },
    errors: [400, 401],
  },
  adminProductStats: {
    tag: 'Admin',
    summary: 'Research-product clicks',
    description: 'Clicks, filled inputs and unique emails per product and location; from/to narrow the range.',
    security: 'admin',
    query: statsRangeQuerySchema,
    success: { status: 200, kind: 'json', description: 'Product statistic records.', schema: productStatsResponseSchema, name: 'ProductStats' },
    errors: [400, 401],
  },
  adminDaily: {
    tag: 'Admin',
    summary: 'Clicks per day',
    security: 'admin',
    query: dailyQuerySchema,
    success: { status: 200, kind: 'json', description: 'One entry per day with clicks.', schema: dailyClicksResponseSchema, name: 'DailyClicks' },
    errors: [400, 401],
  },
  adminMessages: {
    tag: 'Admin',
    summary: 'Contact-form messages',
    description: 'Newest first.',
    security: 'admin',
    query: adminMessagesQuerySchema,
    success: { status: 200, kind: 'json', description: 'A page of messages and the total.', schema: adminMessagesResponseSchema, name: 'AdminMessages' },
    errors: [400, 401],
  },
  adminStartReport: {
    tag: 'Admin',
    summary: 'Queue a report as the operator',
    description: 'For support and `val report start`: the same engine and input rules as a paid report, without a checkout.',
    security: 'admin',
    body: { schema: startReportRequestSchema, name: 'StartReportRequest', example: reportStart },
    success: { status: 201, kind: 'json', description: 'Queued.', schema: adminStartedReportResponseSchema, name: 'AdminStartedReport' },
    errors: [...BODY, 401, 403],
  },
  testFlowStart: {
    tag: 'Admin',
    summary: 'Start the /test page’s diagnostic run',
    description: 'Starts a feasibility report from TARGET_MARKET and PRODUCT_IDEA. In production only for a signed-in admin; outside production for anyone.',
    security: 'admin-in-production',
    body: {
      schema: testFlowRequestSchema,
      name: 'TestFlowRequest',
      example: { flow_execution_variables: Object.entries(TEST_FLOW_SAMPLE).map(([name, variable_value]) => ({ name, variable_value })) },
    },
    success: { status: 200, kind: 'json', description: 'Started.', schema: testFlowStartResponseSchema, name: 'TestFlowStartResponse' },
    errors: [...BODY, 401, 403, 429],
  },
  testFlowStatus: {
    tag: 'Admin',
    summary: 'The diagnostic run’s state',
    security: 'admin-in-production',
    query: z.object({ execution_id: reportIdSchema.meta({ description: 'The id testFlowStart answered', examples: ['Hq3tD7v0bQZ1xGk2mN8pWr'] }) }),
    success: { status: 200, kind: 'json', description: 'The state.', schema: testFlowStatusResponseSchema, name: 'TestFlowStatusResponse' },
    errors: [400, 401, 404],
  },
  openApiDocument: {
    tag: 'Operations',
    summary: 'This API as an OpenAPI 3.1 document',
    description: 'Generated from the zod schemas the server validates with; the /api page renders it.',
    success: {
      status: 200,
      kind: 'json',
      description: 'The OpenAPI document.',
      schema: z.object({ openapi: z.string() }).catchall(z.unknown()),
      name: 'OpenApiDocument',
    },
    errors: [],
  },
  healthz: {
    tag: 'Operations',
    summary: 'Liveness',
    description: 'The process is up.',
    success: { status: 200, kind: 'json', description: 'Up.', schema: healthResponseSchema, name: 'Health' },
    errors: [],
  },
  readyz: {
    tag: 'Operations',
    summary: 'Readiness',
    description: 'The database answers and the process is not shutting down; otherwise 503 with the same body.',
    success: { status: 200, kind: 'json', description: 'Ready.', schema: readyResponseSchema, name: 'Readiness' },
    errors: [],
    unavailableWithSuccessBody: 'Not ready: the database does not answer, or the process is shutting down.',
  },
} satisfies Record<ApiOperationId, OperationSpec>;

/** The operations table's own type (each operation's schemas with their exact types). */
export type ApiOperations = typeof API_OPERATIONS;

/**
 * Checks a JSON answer of an operation with its zod schema and returns the parsed value (throws
 * a ZodError when it does not match): the `parseAnswer` of Node clients such as the CLI.
 */
export function parseApiAnswer(id: ApiOperationId, data: unknown): unknown {
  const success = (API_OPERATIONS as Record<ApiOperationId, OperationSpec>)[id].success;
  if (success.kind !== 'json') throw new TypeError(`${id} does not answer JSON`);
  return success.schema.parse(data);
}
