import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StrictMode } from 'react';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, ThemeProvider, Toaster } from '@val/ui';
import { startTestApp, type TestApp } from '../../bff/test/app';
import { AdminDashboard } from './AdminApp';
import { MESSAGES_PAGE } from './queries';
import { createQueryClient, QueryProvider } from './query';

const PASSWORD = 'dom test admin password';
const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const NO_PRODUCT_CLICKS = 'No product clicks tracked yet. Product engagement will appear here once users interact with the research products.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

declare global {
  interface Window {
    VAL_TEST_ORIGIN?: string;
  }
}

/** What the stand-in in front of the BFF does with one request: pass it on, after a delay, or answer for it. */
type Rule = (path: string) => { delayMs?: number; status?: number; body?: unknown } | undefined;

interface Proxy {
  url: string;
  /** Every request path (with its query) in the order they came. */
  seen: string[];
  rule: Rule;
  close(): Promise<void>;
}

/** A loopback HTTP server in front of the real BFF: records requests, slows them or answers with an error as the API would. */
async function startProxy(target: string): Promise<Proxy> {
  const proxy: Proxy = { url: '', seen: [], rule: () => undefined, close: async () => undefined };
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    proxy.seen.push(path);
    const fault = proxy.rule(path);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.status) {
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fault.body ?? { error: { code: 'internal', message: 'Internal server error' } }));
      return;
    }
    const up = http.request(target + path, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return proxy;
}

// The machine may be busy (several jest workers, a build): give answers time before a wait gives up.
configure({ asyncUtilTimeout: 5000 });

let app: TestApp | undefined;
let proxy: Proxy | undefined;

/** The real BFF (SQLite in memory) behind the stand-in, and the page's fetch pointed at the stand-in. */
async function serve(env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD }) {
  app = await startTestApp({ env });
  proxy = await startProxy(app.url);
  window.VAL_TEST_ORIGIN = proxy.url;
  return { app, proxy };
}

/** The dashboard as the shell mounts it (StrictMode), with a fresh query cache, and the toasts. */
function renderAdmin() {
  return render(
    <StrictMode>
      <ThemeProvider>
        <QueryProvider client={createQueryClient()}>
          <AdminDashboard />
        </QueryProvider>
        <Toaster />
      </ThemeProvider>
    </StrictMode>,
  );
}

/** Waits for the visible toast to read title and description. */
async function expectToast(title: string, description: string) {
  await waitFor(() => {
    const shown = screen.getByTestId('toast');
    expect([shown.querySelector('strong')?.textContent, shown.textContent?.includes(description)]).toEqual([title, true]);
  });
  return screen.getByTestId('toast');
}
const card = (testId: string) => screen.getByTestId(testId).textContent;
const productPaths = (p: Proxy) => p.seen.filter((s) => s.startsWith('/api/admin/product-stats'));

/** A session the browser already has: the page's fetch keeps cookies per origin, so this login is the page's. */
async function signInBeforeLoad() {
  const r = await fetch('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
  expect(r.status).toBe(200);
}

async function logIn(password = PASSWORD) {
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Enter admin password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

/** Product clicks at day offsets from today (0 = today), and partner clicks today. */
async function seed(a: TestApp, productDaysAgo: number[], links = 0) {
  const analytics = a.deps.services.analytics;
  for (const ago of productDaysAgo) {
    analytics.trackProductClick({ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 2 }, new Date(Date.now() - ago * DAY_MS));
  }
  for (let i = 0; i < links; i++) analytics.trackLinkClick({ company: 'bubble', linkType: 'button', url: 'https://bubble.io/?ref=val' }, new Date());
  await analytics.writer.flush();
}

afterEach(async () => {
  cleanup();
  act(() => dismissToast());
  await proxy?.close();
  await app?.close();
  proxy = app = undefined;
  delete window.VAL_TEST_ORIGIN;
});

describe('mf-admin App', () => {
  it('shows a spinner while it asks the server which screen to show, then the login form', async () => {
    const { proxy } = await serve();
    proxy.rule = (p) => (p.startsWith('/api/admin/session') ? { delayMs: 300 } : undefined);
    renderAdmin();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const field = screen.getByPlaceholderText('Enter admin password') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.required).toBe(true);
    expect(proxy.seen).toEqual(['/api/admin/session']);
  });

  it("a wrong password toasts 'Login failed' - 'Invalid password' and keeps the form", async () => {
    await serve();
    renderAdmin();
    await logIn('not the password');
    expect((await expectToast('Login failed', 'Invalid password')).getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Val Analytics Dashboard' })).toBeNull();
  });

  it("the right password reads 'Logging in...' while busy, toasts 'Login successful' and shows the dashboard", async () => {
    const { proxy } = await serve();
    proxy.rule = (p) => (p.startsWith('/api/admin/login') ? { delayMs: 300 } : undefined);
    renderAdmin();
    await logIn();
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Val Analytics Dashboard' })).toBeTruthy();
    await expectToast('Login successful', 'Welcome to the admin dashboard');
    expect(screen.getByText('Track product engagement and partner link performance')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Enter admin password')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Product Clicks' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(NO_PRODUCT_CLICKS)).toBeTruthy();
  });

  it("login that cannot reach the server toasts 'Error' - 'Failed to login'", async () => {
    const { proxy } = await serve();
    proxy.rule = (p) => (p.startsWith('/api/admin/login') ? { status: 500 } : undefined);
    renderAdmin();
    await logIn();
    await expectToast('Error', 'Failed to login');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  });

  it('with no admin password on the server shows how to switch the dashboard on, asks nothing else and toasts nothing', async () => {
    const { proxy } = await serve({});
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'The admin dashboard is off' })).toBeTruthy();
    expect(screen.getByTestId('admin-disabled').textContent).toContain('This server has no admin password, so the analytics dashboard is switched off.');
    expect(screen.queryByPlaceholderText('Enter admin password')).toBeNull();
    await sleep(200);
    expect(new Set(proxy.seen)).toEqual(new Set(['/api/admin/session']));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it("shows 'Loading product analytics...' while the first stats load after login, then the empty states of a fresh database", async () => {
    const { proxy } = await serve();
    renderAdmin();
    proxy.rule = (p) => (p.startsWith('/api/admin/product-stats') ? { delayMs: 400 } : undefined);
    await logIn();
    expect(await screen.findByText('Loading product analytics...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refreshing...' })).toBeTruthy();
    expect(await screen.findByText(NO_PRODUCT_CLICKS)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Data' })).toBeTruthy();
    expect(card('total-product-clicks')).toBe('Total Product Clicks0');
    expect(card('most-popular-product')).toBe('Most Popular ProductNone');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Partner Links' }));
    expect(screen.getByText('No link clicks tracked yet.')).toBeTruthy();
    expect(screen.getByText('Clicks will appear here once users interact with the partner links.')).toBeTruthy();
    expect(card('top-partner')).toBe('Top PartnerNone');
  });

  it('an existing session goes straight to the dashboard with the seeded numbers', async () => {
    const { app } = await serve();
    await seed(app, [0, 0, 1], 3);
    await signInBeforeLoad();
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Val Analytics Dashboard' })).toBeTruthy();
    expect(screen.queryByPlaceholderText('Enter admin password')).toBeNull();
    expect(card('total-product-clicks')).toBe('Total Product Clicks3');
    expect(card('most-popular-product')).toBe('Most Popular ProductTAM Assessment for Ideas3 clicks');
    expect(card('total-user-inputs')).toBe('Total User Inputs6form submissions');
    expect(screen.getAllByTestId('product-row')).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Partner Links' }));
    expect(card('total-clicks')).toBe('Total Clicks3');
    expect(card('top-partner')).toBe('Top PartnerBubble3 clicks');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it("a stats failure at first load toasts 'Error' - 'Failed to fetch stats' and shows the login form", async () => {
    const { proxy } = await serve();
    await signInBeforeLoad();
    proxy.rule = (p) => (p.startsWith('/api/admin/link-stats') ? { status: 500 } : undefined);
    renderAdmin();
    await expectToast('Error', 'Failed to fetch stats');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  });

  it("an unreachable server toasts 'Error' - 'Failed to fetch stats' and shows the login form", async () => {
    const dead = await startProxy('http://127.0.0.1:9');
    const port = new URL(dead.url).port;
    await dead.close();
    window.VAL_TEST_ORIGIN = `http://127.0.0.1:${port}`;
    renderAdmin();
    await expectToast('Error', 'Failed to fetch stats');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  });

  it("a failed refresh toasts 'Failed to fetch stats' and keeps the numbers; Refresh Data again shows the new ones", async () => {
    const { app, proxy } = await serve();
    await seed(app, [0, 0]);
    renderAdmin();
    const user = await logIn();
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks2'));
    await seed(app, [0]);
    proxy.rule = (p) => (p.startsWith('/api/admin/product-stats') ? { status: 500 } : undefined);
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    await expectToast('Error', 'Failed to fetch stats');
    await screen.findByRole('button', { name: 'Refresh Data' });
    expect(card('total-product-clicks')).toBe('Total Product Clicks2');
    expect(screen.getByRole('heading', { name: 'Val Analytics Dashboard' })).toBeTruthy();

    proxy.rule = (p) => (p.startsWith('/api/admin/product-stats') ? { delayMs: 300 } : undefined);
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeTruthy();
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks3'));
    expect(screen.getByRole('button', { name: 'Refresh Data' })).toBeTruthy();
  });

  it('changing the date range asks for that range and shows its numbers', async () => {
    const { app, proxy } = await serve();
    await seed(app, [0, 0, 20, 100]);
    renderAdmin();
    const user = await logIn();
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks4'));
    expect(productPaths(proxy)).toEqual(['/api/admin/product-stats']);

    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 7 days');
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks2'));
    const today = isoDay(Date.now());
    expect(productPaths(proxy)).toEqual(['/api/admin/product-stats', `/api/admin/product-stats?from=${isoDay(Date.now() - 6 * DAY_MS)}&to=${today}`]);

    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 30 days');
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks3'));
    expect(productPaths(proxy).at(-1)).toBe(`/api/admin/product-stats?from=${isoDay(Date.now() - 29 * DAY_MS)}&to=${today}`);

    // A range chosen again is asked again.
    await user.selectOptions(screen.getByLabelText('Date range'), 'All time');
    await waitFor(() => expect(productPaths(proxy)).toHaveLength(4));
    expect(productPaths(proxy).at(-1)).toBe('/api/admin/product-stats');
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks4'));
    await screen.findByRole('button', { name: 'Refresh Data' });
  });

  it('a slow answer for an earlier range never replaces the numbers of the range chosen after it', async () => {
    const { app, proxy } = await serve();
    await seed(app, [0, 0, 20, 100]);
    renderAdmin();
    const user = await logIn();
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks4'));
    proxy.rule = (p) =>
      p.startsWith('/api/admin/product-stats?from=') && p.includes(`from=${isoDay(Date.now() - 6 * DAY_MS)}`) ? { delayMs: 600 } : undefined;
    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 7 days');
    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 30 days');
    await waitFor(() => expect(card('total-product-clicks')).toBe('Total Product Clicks3'));
    expect(productPaths(proxy)).toContain(`/api/admin/product-stats?from=${isoDay(Date.now() - 6 * DAY_MS)}&to=${isoDay(Date.now())}`);
    // The 7-day answer lands now, after the 30-day one.
    await sleep(900);
    expect(card('total-product-clicks')).toBe('Total Product Clicks3');
    expect((screen.getByLabelText('Date range') as HTMLSelectElement).value).toBe('30');
    expect(screen.getByRole('button', { name: 'Refresh Data' })).toBeTruthy();
  });

  it("an ended session on refresh goes back to the login form with 'Your session has ended. Please log in again.'", async () => {
    const { proxy } = await serve();
    renderAdmin();
    const user = await logIn();
    await screen.findByText(NO_PRODUCT_CLICKS);
    proxy.rule = (p) => (p.startsWith('/api/admin/link-stats') ? { status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } } : undefined);
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeTruthy();
  });

  it("'Log out' ends the session: the login form with 'You have logged out.', and logging in again shows the dashboard", async () => {
    const { proxy } = await serve();
    renderAdmin();
    const user = await logIn();
    await screen.findByRole('heading', { name: 'Val Analytics Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You have logged out.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(proxy.seen).toContain('/api/admin/logout');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Val Analytics Dashboard' })).toBeTruthy();
    expect(screen.queryByText('You have logged out.')).toBeNull();
    expect(await screen.findByText(NO_PRODUCT_CLICKS)).toBeTruthy();
  });

  it('Messages lists the contact-form messages (and says when there are none)', async () => {
    const { app } = await serve();
    renderAdmin();
    const user = await logIn();
    await screen.findByRole('heading', { name: 'Val Analytics Dashboard' });
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('No messages yet. Messages sent through the contact form will appear here.')).toBeTruthy();
    expect(screen.queryByLabelText('Date range')).toBeNull();
    await app.deps.services.contact.send({ name: 'Grace', email: 'grace@example.com', subject: 'Partnership', message: 'Hello from the dom test.' });
    expect(screen.getByRole('heading', { name: 'Messages (0)' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Refresh Data' }));
    const msg = await screen.findByTestId('message');
    expect(msg.textContent).toContain('Partnership');
    expect(msg.textContent).toContain('grace@example.com');
    expect(msg.textContent).toContain('Hello from the dom test.');
    expect(screen.getByRole('heading', { name: 'Messages (1)' })).toBeTruthy();
  });

  it("Messages pages with 'Load more' until every message shows", async () => {
    const { app } = await serve();
    const count = MESSAGES_PAGE + 1;
    for (let i = 1; i <= count; i++) {
      await app.deps.services.contact.send({ name: `Sender ${i}`, email: `s${i}@example.com`, subject: `Subject ${i}`, message: `Message ${i}.` });
    }
    renderAdmin();
    const user = await logIn();
    await screen.findByText(NO_PRODUCT_CLICKS);
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByRole('heading', { name: `Messages (${count})` })).toBeTruthy();
    const subjects = () => screen.getAllByTestId('message').map((m) => m.textContent?.match(/Subject \d+/)?.[0]);
    expect(screen.getAllByTestId('message')).toHaveLength(MESSAGES_PAGE);
    const firstPage = subjects();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(count));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The first page stays in place and the second adds the one message it lacked: every message
    // once (messages sent in the same millisecond have no defined order between them).
    expect(subjects().slice(0, MESSAGES_PAGE)).toEqual(firstPage);
    expect([...subjects()].sort()).toEqual(Array.from({ length: count }, (_, i) => `Subject ${i + 1}`).sort());
  });
});
