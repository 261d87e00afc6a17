import {
  FEASIBILITY_STUDY_ID,
  PAID_PATHS,
  PAID_STORAGE_KEYS,
  type BasisInput,
  type FeasibilityStartResponse,
  type InterviewEvidence,
  type PaidConfig,
  type ProductInputs,
} from '@val/contracts';

/** The spec's texts of the paid flow. */
export const PAID_TEXTS = {
  heroButton: 'Start Feasibility Study - $25',
  targetMarketLabel: 'TARGET MARKET',
  productIdeaLabel: 'PRODUCT IDEA',
  emailNotFound: 'Email not found.',
  logTitle: 'Proceeding to checkout',
  logText: 'Please wait',
  /** /log when the sign-in did not complete. */
  signInStopped: 'Sign-in did not complete',
  /** /success when the report could not start. */
  startStopped: 'The report could not start',
  successTitle: 'Starting Flow...',
  successText: 'Please wait while we initialize your flow execution.',
  startError: (message: string) => `Error starting flow: ${message}`,
  unknownError: 'Unknown error',
  httpError: (status: number) => `HTTP Error! status: ${status}`,
} as const;

/** A minimal Storage (localStorage / sessionStorage, or a fake in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or a no-op store when the browser blocks it. */
export function local(): KeyValueStore {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
}

/** sessionStorage (tab-scoped), or a no-op store. */
export function session(): KeyValueStore {
  try {
    return window.sessionStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
}

/** Which hero fields are blank after trimming (each gets the red border). */
export function heroErrors(targetMarket: string, productIdea: string): { targetMarket: boolean; productIdea: boolean } {
  return { targetMarket: !targetMarket.trim(), productIdea: !productIdea.trim() };
}

/**
 * The spec's branch after a valid hero submit: a paying customer (email and customer_id stored)
 * goes to /success, a known email to the checkout, anyone else to sign-in.
 */
export function heroNextStep(store: KeyValueStore): 'success' | 'checkout' | 'signin' {
  const email = store.getItem(PAID_STORAGE_KEYS.email);
  const customer = store.getItem(PAID_STORAGE_KEYS.customerId);
  if (email && customer) return 'success';
  if (email) return 'checkout';
  return 'signin';
}

/** A catalogue purchase waiting for sign-in (kept in sessionStorage across the provider's pages). */
export interface PendingPurchase {
  product: string;
  inputs: ProductInputs;
}

const PENDING_KEY = 'val.pendingPurchase';

/** The founder's basis chosen in the purchase dialog, kept (localStorage) until the report starts with it. */
export const PURCHASE_BASIS_KEY = 'val.purchaseBasis';

/** Keeps the basis for the report's start (none given: forgets an older one). */
export function savePurchaseBasis(store: KeyValueStore, basis: BasisInput | undefined): void {
  if (basis && Object.keys(basis).length) store.setItem(PURCHASE_BASIS_KEY, JSON.stringify(basis));
  else store.removeItem(PURCHASE_BASIS_KEY);
}

/** The kept basis, or undefined (the start's schema checks it). */
export function readPurchaseBasis(store: KeyValueStore): BasisInput | undefined {
  try {
    const v = JSON.parse(store.getItem(PURCHASE_BASIS_KEY) ?? 'null') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as BasisInput) : undefined;
  } catch {
    return undefined;
  }
}

export function savePendingPurchase(store: KeyValueStore, p: PendingPurchase): void {
  store.setItem(PENDING_KEY, JSON.stringify(p));
}

/** Forgets a pending purchase (the visitor started another one, or paid). */
export function clearPendingPurchase(store: KeyValueStore): void {
  store.removeItem(PENDING_KEY);
}

/** The pending purchase, once (it is removed as it is read). */
export function takePendingPurchase(store: KeyValueStore): PendingPurchase | null {
  const raw = store.getItem(PENDING_KEY);
  store.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as PendingPurchase;
    return v && typeof v.product === 'string' && v.inputs && typeof v.inputs === 'object' ? v : null;
  } catch {
    return null;
  }
}

/** Where the browser goes for each step, given the config's base URLs. */
export function paidUrls(config: Pick<PaidConfig, 'authBaseUrl' | 'planBaseUrl' | 'feasibilityBaseUrl'>) {
  return {
    login: `${config.authBaseUrl}${PAID_PATHS.login}`,
    callback: `${config.authBaseUrl}${PAID_PATHS.callback}`,
    checkoutAfterSignIn: `${config.authBaseUrl}${PAID_PATHS.checkoutSession}`,
    checkoutForm: `${config.planBaseUrl}${PAID_PATHS.checkoutSession}`,
    start: `${config.feasibilityBaseUrl}${PAID_PATHS.feasibilityStart}`,
    testFlow: `${config.feasibilityBaseUrl}${PAID_PATHS.testFlow}`,
  };
}

/**
 * Step 3's interviews as a form field, when the visitor did some (the report quotes them,
 * labelled synthetic). The caller reads them (`readStoredInterviewEvidence` from
 * `@val/contracts/evidence`), so the hero on the landing page does not load that code: its
 * checkout goes without them, and /success sends them with the start call instead.
 */
function evidenceField(evidence: InterviewEvidence | null): { evidence?: string } {
  return evidence?.length ? { evidence: JSON.stringify(evidence) } : {};
}

/** The fields of the checkout form POST (with step 3's interviews, when given). */
export function checkoutFields(
  email: string,
  purchase: PendingPurchase | null,
  store: KeyValueStore,
  evidence: InterviewEvidence | null = null,
): Record<string, string> {
  if (purchase) return { email, product: purchase.product, inputs: JSON.stringify(purchase.inputs), ...evidenceField(evidence) };
  const targetMarket = (store.getItem(PAID_STORAGE_KEYS.targetMarket) ?? '').trim();
  const productIdea = (store.getItem(PAID_STORAGE_KEYS.idea) ?? '').trim();
  if (targetMarket && productIdea) {
    return { email, product: FEASIBILITY_STUDY_ID, inputs: JSON.stringify({ targetMarket, productIdea }), ...evidenceField(evidence) };
  }
  return { email, ...evidenceField(evidence) };
}

/** The outcome of the start call, as the success page acts on it. */
export type StartOutcome = { kind: 'report'; id: string; customerId?: string } | { kind: 'error'; message: string; code?: string };

/** Calls the feasibility start endpoint; a non-ok answer is the spec's 'HTTP Error! status: N'. */
export async function startFlow(
  url: string,
  body: { target_market: string; product_idea: string; email: string; session_id?: string; evidence?: unknown; basis?: BasisInput },
  fetchImpl: typeof fetch = fetch,
): Promise<StartOutcome> {
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(PAID_TEXTS.httpError(res.status));
    const data = (await res.json()) as FeasibilityStartResponse;
    if (data.success && data.flow_execution_id) return { kind: 'report', id: data.flow_execution_id, customerId: data.success ? data.customer_id : undefined };
    return { kind: 'error', message: (!data.success && data.error) || PAID_TEXTS.unknownError, code: data.success ? undefined : data.code };
  } catch (e) {
    return { kind: 'error', message: (e instanceof Error && e.message) || PAID_TEXTS.unknownError };
  }
}

/**
 * The body of the success page's start call, from browser storage and the route; step 3's
 * interviews too, for a checkout that could not carry them (the BFF prefers the checkout's).
 */
export function startBody(store: KeyValueStore, sessionId: string | undefined, evidence: InterviewEvidence | null = null) {
  const basis = readPurchaseBasis(store);
  return {
    ...(basis ? { basis } : {}),
    target_market: (store.getItem(PAID_STORAGE_KEYS.targetMarket) ?? '').slice(0, 100),
    product_idea: (store.getItem(PAID_STORAGE_KEYS.idea) ?? '').slice(0, 200),
    email: store.getItem(PAID_STORAGE_KEYS.email) ?? '',
    ...(sessionId ? { session_id: sessionId } : {}),
    ...(evidence?.length ? { evidence } : {}),
  };
}

/** Submits a form-encoded POST (a top-level navigation, as the spec's checkout does). */
export function postForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * The checkout branch: a form POST of the stored email (plus the product and its inputs) to the
 * checkout endpoint; without a stored email, the spec's alert 'Email not found.'.
 */
export function goToCheckout(
  action: string,
  store: KeyValueStore,
  purchase: PendingPurchase | null,
  submit = postForm,
  evidence: InterviewEvidence | null = null,
): boolean {
  const email = store.getItem(PAID_STORAGE_KEYS.email);
  if (!email) {
    window.alert(PAID_TEXTS.emailNotFound);
    return false;
  }
  submit(action, checkoutFields(email, purchase, store, evidence));
  return true;
}

/** Strips the horizontal-rule tags some responses carry before parsing them. */
export function parseLenientJson<T>(text: string): T {
  return JSON.parse(text.replace(/<hr\s*\/?>/gi, '')) as T;
}

export interface TestFlowDeps {
  url: string;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  log: (...args: unknown[]) => void;
  sample: { TARGET_MARKET: string; PRODUCT_IDEA: string };
}

/** The /test page's poll budget: at most 8 polls, 6 seconds apart. */
export const TEST_POLL_MAX = 8;
export const TEST_POLL_INTERVAL_MS = 6000;

/**
 * The /test page's background run: start an analysis with the fixed sample values, then poll
 * its status up to 8 times, 6000 ms apart, stopping at finished or failed. Failures are only
 * logged. Returns the last status seen (for tests).
 */
export async function runTestFlow(d: TestFlowDeps): Promise<{ executionId: string | null; polls: number; status: string | null }> {
  let executionId: string | null = null;
  let polls = 0;
  let status: string | null = null;
  try {
    const res = await d.fetch(d.url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        flow_execution_variables: [
          { name: 'TARGET_MARKET', variable_value: d.sample.TARGET_MARKET },
          { name: 'PRODUCT_IDEA', variable_value: d.sample.PRODUCT_IDEA },
        ],
      }),
    });
    if (!res.ok) throw new Error(PAID_TEXTS.httpError(res.status));
    const started = parseLenientJson<{ execution_id?: string }>(await res.text());
    executionId = started.execution_id ?? null;
    if (!executionId) throw new Error('no execution_id in the answer');
  } catch (e) {
    d.log('Test flow could not start:', e);
    return { executionId, polls, status };
  }
  while (polls < TEST_POLL_MAX) {
    if (polls > 0) await d.sleep(TEST_POLL_INTERVAL_MS);
    polls++;
    try {
      const res = await d.fetch(`${d.url}?execution_id=${encodeURIComponent(executionId)}`, { method: 'GET', credentials: 'include' });
      if (!res.ok) throw new Error(PAID_TEXTS.httpError(res.status));
      status = parseLenientJson<{ processing_status?: string }>(await res.text()).processing_status ?? null;
      if (status === 'finished' || status === 'failed') break;
    } catch (e) {
      d.log('Test flow status failed:', e);
    }
  }
  return { executionId, polls, status };
}
