/**
 * The paid flow: the feasibility hero, sign-in, checkout and the start of a
 * paid report. Shared by the BFF routes and the catalogue remote's hero, /log, /success and /test.
 */

/** Browser storage keys of the paid flow, all in localStorage. */
export const PAID_STORAGE_KEYS = {
  email: 'email',
  customerId: 'customer_id',
  name: 'name',
  targetMarket: 'target_market',
  idea: 'idea',
  code: 'code',
} as const;

/** Limits of the feasibility form (characters). */
export const FEASIBILITY_LIMITS = { targetMarket: 100, productIdea: 200 } as const;

/** Browser-facing paths of the paid flow on the BFF (each behind a configurable base URL). */
export const PAID_PATHS = {
  /** GET: redirects to the identity provider (state + PKCE). On the auth host. */
  login: '/api/auth/login',
  /** POST {code, state?, iss?} → {email, name?}. On the auth host. */
  callback: '/api/auth/callback',
  /** GET (signed-in session) or form POST {email, product?, inputs?} → 303 to the checkout. */
  checkoutSession: '/api/checkout/session',
  /** POST {target_market, product_idea, email, session_id?} → {success, flow_execution_id}. On the feasibility host. */
  feasibilityStart: '/api/feasibility/start',
  /** GET → {@link PaidConfig}. */
  config: '/api/feasibility/config',
  /** POST {flow_execution_variables} / GET ?execution_id= : the /test page's diagnostic run. */
  testFlow: '/api/admin/test-flow',
} as const;

/** `GET /api/feasibility/config`: where the browser sends each step of the paid flow. */
export interface PaidConfig {
  /** Base of the feasibility service ('' = this origin). */
  feasibilityBaseUrl: string;
  /** Base of the auth host: sign-in, callback and the post-sign-in checkout redirect. */
  authBaseUrl: string;
  /** Base of the plan host: the form POST that creates a checkout. */
  planBaseUrl: string;
  /** 'stripe' with a Stripe key, otherwise the built-in 'test' checkout. */
  checkoutMode: 'stripe' | 'test';
  /** 'embedded' = the development sign-in on this origin, 'oidc' = the configured provider. */
  signIn: 'embedded' | 'oidc';
}

/** A checkout session id: Stripe's `cs_…` or the test checkout's `cs_test_…`. */
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]{8,250}$/;

/** Response of `POST /api/feasibility/start`: the started report's id, or the refusal; plus the customer id to store. */
export type FeasibilityStartResponse = { success: true; flow_execution_id: string; customer_id?: string } | { success: false; error: string; code?: string };

/** Response of `POST /api/auth/callback`: the signed-in user's email and name. */
export interface AuthCallbackResponse {
  email: string;
  name?: string;
}

/** Largest JSON of a checkout's product inputs. */
export const CHECKOUT_INPUTS_MAX_CHARS = 8000;

/** The /test page's fixed sample values. */
export const TEST_FLOW_SAMPLE = {
  TARGET_MARKET: 'Independent coffee shops in mid-sized European cities',
  PRODUCT_IDEA: 'A subscription app that predicts daily pastry demand from weather and foot traffic',
} as const;

/** Response of the /test page's start call. */
export interface TestFlowStartResponse {
  success: boolean;
  execution_id: string;
}

/** Response of the /test page's status call. */
export interface TestFlowStatusResponse {
  execution_id: string;
  processing_status: string;
}
