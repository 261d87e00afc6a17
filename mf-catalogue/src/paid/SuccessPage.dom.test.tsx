import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@val/ui/router';
import { PAID_STORAGE_KEYS } from '@val/contracts';
import { Location, loopback, paidTestCheckout, renderPage, startTestApp, type BffTestApp } from '../test/bff';
import { SuccessPage } from './SuccessPage';

/*
 * /success and /success/:session_id against the real BFF (its test checkout and report engine),
 * and a loopback server for a start call that fails with an HTTP error. The spec: 'Starting
 * Flow...' with 'Please wait while we initialize your flow execution.', then /report/{id}; a
 * refused start is the alert 'Error starting flow: …'.
 */

jest.setTimeout(30000);

const page = (apiBase: string, sessionId?: string) => (
  <Routes>
    <Route path="/success/*" element={<SuccessPage apiBase={apiBase} sessionId={sessionId} />} />
    <Route path="*" element={<Location />} />
  </Routes>
);

let alerts: jest.SpyInstance;
let errors: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(PAID_STORAGE_KEYS.targetMarket, 'Independent gyms in the UK');
  localStorage.setItem(PAID_STORAGE_KEYS.idea, 'Book and pay for classes in two taps');
  localStorage.setItem(PAID_STORAGE_KEYS.email, 'kim@example.com');
  alerts = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  // jsdom does not navigate: a form POST (the checkout) is reported as "not implemented".
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  delete window.VAL_TEST_ORIGIN;
  alerts.mockRestore();
  errors.mockRestore();
});

describe('success page against the BFF', () => {
  let app: BffTestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
  });
  // The paid flow's hosts default to the page's origin: the page is served by this BFF.
  beforeEach(() => {
    window.VAL_TEST_ORIGIN = app.url;
  });
  afterAll(() => app.close());

  it("with a paid checkout: 'Starting Flow...', then the report page of the report it started, and the customer id is kept", async () => {
    const sid = await paidTestCheckout(app, 'kim@example.com');
    renderPage(page(app.url, sid), { path: `/success/${sid}` });
    expect(screen.getByRole('heading', { name: 'Starting Flow...' })).toBeTruthy();
    expect(screen.getByText('Please wait while we initialize your flow execution.')).toBeTruthy();
    const where = await screen.findByTestId('location', {}, { timeout: 5000 });
    const id = decodeURIComponent(where.textContent!.replace(/^\/report\//, ''));
    expect(where.textContent).toBe(`/report/${encodeURIComponent(id)}`);
    const status = await app.deps.reports.status(id);
    expect(status?.processing_status).toBe('queued');
    expect(status?.title).toContain('Book and pay for classes in two taps');
    expect(localStorage.getItem(PAID_STORAGE_KEYS.customerId)).toMatch(/^cus_test_/);
    expect(alerts).not.toHaveBeenCalled();
  });

  it("a checkout that was not paid: the alert 'Error starting flow: …' and a page the user can leave", async () => {
    renderPage(page(app.url, 'cs_test_notacheckout00000000000'), { path: '/success/cs_test_notacheckout00000000000' });
    expect(await screen.findByRole('heading', { name: 'The report could not start' })).toBeTruthy();
    const message = screen.getByRole('alert').textContent!;
    expect(message).toMatch(/^Payment required/);
    expect(alerts).toHaveBeenCalledTimes(1);
    expect(alerts).toHaveBeenCalledWith(`Error starting flow: ${message}`);
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('a returning customer without credit (no session id) goes on to the checkout with the stored email, and forgets the stale customer id', async () => {
    localStorage.setItem(PAID_STORAGE_KEYS.customerId, 'cus_test_stale');
    renderPage(page(app.url), { path: '/success' });
    expect(await screen.findByRole('heading', { name: 'Proceeding to checkout' })).toBeTruthy();
    expect(screen.getByText('Please wait')).toBeTruthy();
    const form = document.querySelector('form[method="post"]') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/api/checkout/session');
    expect((form.elements.namedItem('email') as HTMLInputElement).value).toBe('kim@example.com');
    expect(localStorage.getItem(PAID_STORAGE_KEYS.customerId)).toBeNull();
    expect(alerts).not.toHaveBeenCalled();
  });
});

describe('success page: what the BFF does not answer', () => {
  it("an HTTP error of the start call: 'HTTP Error! status: 502', asked once even in StrictMode", async () => {
    const api = await loopback((req) =>
      req.path === '/api/feasibility/start' ? { status: 502, json: { error: { code: 'upstream', message: 'Bad gateway' } } } : { status: 404 },
    );
    try {
      window.VAL_TEST_ORIGIN = api.url;
      renderPage(page(api.url, 'cs_test_abc'), { path: '/success/cs_test_abc', strict: true });
      expect(await screen.findByRole('heading', { name: 'The report could not start' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe('HTTP Error! status: 502');
      expect(alerts).toHaveBeenCalledWith('Error starting flow: HTTP Error! status: 502');
      await new Promise((r) => setTimeout(r, 200));
      expect(alerts).toHaveBeenCalledTimes(1);
      const starts = api.seen.filter((r) => r.path === '/api/feasibility/start');
      expect(starts).toHaveLength(1);
      expect(JSON.parse(starts[0].body)).toEqual({
        target_market: 'Independent gyms in the UK',
        product_idea: 'Book and pay for classes in two taps',
        email: 'kim@example.com',
        session_id: 'cs_test_abc',
      });
    } finally {
      await api.close();
    }
  });

  it('waits on the config before starting: the start goes to the feasibility host it names', async () => {
    const feasibility = await loopback(() => ({ status: 200, json: { success: true, flow_execution_id: 'report_0000000000000042' } }));
    const api = await loopback((req) =>
      req.path === '/api/feasibility/config'
        ? { status: 200, json: { feasibilityBaseUrl: feasibility.url, authBaseUrl: '', planBaseUrl: '', checkoutMode: 'test', signIn: 'embedded' } }
        : { status: 404 },
    );
    try {
      renderPage(page(api.url, 'cs_test_abc'), { path: '/success/cs_test_abc' });
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/report/report_0000000000000042'));
      expect(feasibility.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/feasibility/start']);
    } finally {
      await api.close();
      await feasibility.close();
    }
  });
});
