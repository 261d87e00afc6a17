import { PUBLIC_STATS_PATH } from './content';
import { PAID_PATHS } from './paid';
import { VALIDATE_PATH, VALIDATE_STREAM_PATH } from './validateStream';
import { VALIDATION_COMPARE_PATH, VALIDATION_PATH } from './validations';
import { REPORT_STATUS_PATH } from './catalogue';

/**
 * Every HTTP operation of Val's API, by operation id: its method and path (OpenAPI style,
 * `{id}` for a path parameter). This is the one list the OpenAPI document
 * (`buildOpenApiDocument`, with the zod schemas of each operation), the typed client
 * (`createValApi`), the BFF's completeness test and the CLI share; it holds no schema, so browser
 * code may import it without loading zod.
 */
export const API_ROUTES = {
  // Step 1 and 2: validation and the resources kit
  validate: { method: 'POST', path: VALIDATE_PATH },
  validateStream: { method: 'POST', path: VALIDATE_STREAM_PATH },
  trackClick: { method: 'POST', path: '/api/track-click' },
  trackProductClick: { method: 'POST', path: '/api/track-product-click' },
  // Shareable validations: a permalink per validation, its deletion, two versions compared
  getValidation: { method: 'GET', path: VALIDATION_PATH },
  deleteValidation: { method: 'DELETE', path: VALIDATION_PATH },
  compareValidations: { method: 'GET', path: VALIDATION_COMPARE_PATH },
  // Step 3: personas, interviews, simulation, Val's feedback and chat
  generateCustomers: { method: 'POST', path: '/api/generate-customers' },
  customerInterview: { method: 'POST', path: '/api/customer-interview' },
  customerInterviewStream: { method: 'POST', path: '/api/customer-interview/stream' },
  generateSimulation: { method: 'POST', path: '/api/generate-simulation' },
  challengeFeedback: { method: 'POST', path: '/api/challenge-feedback' },
  valChat: { method: 'POST', path: '/api/val-chat' },
  valChatStream: { method: 'POST', path: '/api/val-chat/stream' },
  // Site
  publicStats: { method: 'GET', path: PUBLIC_STATS_PATH },
  contact: { method: 'POST', path: '/api/contact' },
  // Research reports
  reportStatus: { method: 'POST', path: REPORT_STATUS_PATH },
  reportEvents: { method: 'GET', path: '/api/reports/{id}/events' },
  reportPdf: { method: 'GET', path: '/api/reports/{id}/pdf' },
  reportBasis: { method: 'POST', path: '/api/reports/{id}/basis' },
  reportRewrite: { method: 'POST', path: '/api/reports/{id}/rewrite' },
  devStartReport: { method: 'POST', path: '/api/dev/reports' },
  // The paid flow
  paidConfig: { method: 'GET', path: PAID_PATHS.config },
  feasibilityStart: { method: 'POST', path: PAID_PATHS.feasibilityStart },
  authLogin: { method: 'GET', path: PAID_PATHS.login },
  authCallback: { method: 'POST', path: PAID_PATHS.callback },
  authLogout: { method: 'POST', path: '/api/auth/logout' },
  checkoutSessionForSignedIn: { method: 'GET', path: PAID_PATHS.checkoutSession },
  checkoutSession: { method: 'POST', path: PAID_PATHS.checkoutSession },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  // Admin (operator) API
  adminSession: { method: 'GET', path: '/api/admin/session' },
  adminLogin: { method: 'POST', path: '/api/admin/login' },
  adminLogout: { method: 'POST', path: '/api/admin/logout' },
  adminLinkStats: { method: 'GET', path: '/api/admin/link-stats' },
  adminProductStats: { method: 'GET', path: '/api/admin/product-stats' },
  adminDaily: { method: 'GET', path: '/api/admin/daily' },
  adminMessages: { method: 'GET', path: '/api/admin/messages' },
  adminStartReport: { method: 'POST', path: '/api/admin/reports' },
  testFlowStart: { method: 'POST', path: PAID_PATHS.testFlow },
  testFlowStatus: { method: 'GET', path: PAID_PATHS.testFlow },
  // Operations
  openApiDocument: { method: 'GET', path: '/api/openapi.json' },
  healthz: { method: 'GET', path: '/healthz' },
  readyz: { method: 'GET', path: '/readyz' },
} as const satisfies Record<string, ApiRoute>;

/** One operation's place: an HTTP method and a path template. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path, with `{name}` for each path parameter. */
  path: string;
}

/** The id of one operation of the API (`operationId` in the OpenAPI document). */
export type ApiOperationId = keyof typeof API_ROUTES;

/** Every operation id, in the order of the table. */
export const API_OPERATION_IDS = Object.keys(API_ROUTES) as ApiOperationId[];

/** The document's vendor extension listing an event stream's events: event name → the `data` schema. */
export const SSE_EVENTS_EXTENSION = 'x-sse-events';
/** The document's vendor extension marking an operation the server mounts only outside production. */
export const DEVELOPMENT_ONLY_EXTENSION = 'x-development-only';

/** The path of the OpenAPI document. */
export const OPENAPI_PATH = API_ROUTES.openApiDocument.path;

/** Names of a path template's parameters: `/api/reports/{id}/pdf` → `['id']`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
}

/**
 * A path template with its parameters filled in (each URL-encoded); a missing one is an error,
 * never a request to a wrong URL.
 */
export function fillApiPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === '') throw new TypeError(`The path ${path} needs the parameter "${name}"`);
    return encodeURIComponent(String(v));
  });
}
