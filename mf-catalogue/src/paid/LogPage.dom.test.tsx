import { screen, waitFor } from '@testing-library/react';
import { PAID_STORAGE_KEYS } from '@val/contracts';
import { loopback, renderPage, startTestApp } from '../test/bff';
import { LogPage, NO_SIGN_IN_ANSWER } from './LogPage';

/*
 * /log, the sign-in callback page: 'Proceeding to checkout' / 'Please wait' while it posts the
 * provider's code, then the checkout; when the sign-in did not complete, why, with 'Sign in again'
 * (the login URL from the BFF's config) and a way home. The callback's answers the BFF gives only
 * after a real sign-in (jsdom cannot run one) come from a loopback server.
 */

jest.setTimeout(30000);

let alerts: jest.SpyInstance;
let errors: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  alerts = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete window.VAL_TEST_ORIGIN;
  alerts.mockRestore();
  errors.mockRestore();
});

const stopped = async (text: string) => {
  expect(await screen.findByRole('heading', { name: 'Sign-in did not complete' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(text);
  expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
};

describe('log page against the BFF', () => {
  it("without the provider's answer: says so, with 'Sign in again' at the BFF's login", async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      window.VAL_TEST_ORIGIN = app.url;
      window.history.replaceState(null, '', '/log');
      renderPage(<LogPage apiBase={app.url} />, { path: '/log' });
      await stopped(NO_SIGN_IN_ANSWER);
      expect((await screen.findByRole('link', { name: 'Sign in again' })).getAttribute('href')).toBe('/api/auth/login');
    } finally {
      await app.close();
    }
  });

  it("with the provider's refusal: its own words, ending with a full stop", async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      window.VAL_TEST_ORIGIN = app.url;
      window.history.replaceState(null, '', '/log?error=access_denied&error_description=The+user+cancelled+the+sign-in');
      renderPage(<LogPage apiBase={app.url} />, { path: '/log' });
      await stopped('The user cancelled the sign-in.');
      expect(await screen.findByRole('link', { name: 'Sign in again' })).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});

describe('log page: the callback', () => {
  it("'Proceeding to checkout', posts the code once (even in StrictMode), keeps the email and name, then the checkout", async () => {
    const auth = await loopback((req) =>
      req.path === '/api/auth/callback' ? { status: 200, json: { email: 'kim@example.com', name: 'Kim' } } : { status: 404 },
    );
    try {
      window.VAL_TEST_ORIGIN = auth.url;
      window.history.replaceState(null, '', '/log?code=c0de&state=s1&iss=https%3A%2F%2Fissuer.example');
      renderPage(<LogPage apiBase={auth.url} />, { path: '/log', strict: true });
      expect(screen.getByRole('heading', { name: 'Proceeding to checkout' })).toBeTruthy();
      expect(screen.getByText('Please wait')).toBeTruthy();
      await waitFor(() => expect(document.querySelector('form[method="post"]')).not.toBeNull());
      const form = document.querySelector('form[method="post"]') as HTMLFormElement;
      expect(form.getAttribute('action')).toBe('/api/checkout/session');
      expect((form.elements.namedItem('email') as HTMLInputElement).value).toBe('kim@example.com');
      expect(localStorage.getItem(PAID_STORAGE_KEYS.email)).toBe('kim@example.com');
      expect(localStorage.getItem(PAID_STORAGE_KEYS.name)).toBe('Kim');
      expect(localStorage.getItem(PAID_STORAGE_KEYS.code)).toBe('c0de');
      const calls = auth.seen.filter((r) => r.path === '/api/auth/callback');
      expect(calls.map((r) => JSON.parse(r.body))).toEqual([{ code: 'c0de', state: 's1', iss: 'https://issuer.example' }]);
      expect(screen.getByRole('heading', { name: 'Proceeding to checkout' })).toBeTruthy();
    } finally {
      await auth.close();
    }
  });

  it('a refused callback: the error it answered', async () => {
    const auth = await loopback((req) =>
      req.path === '/api/auth/callback'
        ? { status: 400, json: { error: { code: 'invalid_input', message: 'This sign-in link has expired. Please sign in again.' } } }
        : { status: 404 },
    );
    try {
      window.VAL_TEST_ORIGIN = auth.url;
      window.history.replaceState(null, '', '/log?code=old');
      renderPage(<LogPage apiBase={auth.url} />, { path: '/log' });
      await stopped('This sign-in link has expired. Please sign in again.');
    } finally {
      await auth.close();
    }
  });

  it("a callback that fails without a message: 'HTTP Error! status: N'", async () => {
    const auth = await loopback(() => ({ status: 503 }));
    try {
      window.VAL_TEST_ORIGIN = auth.url;
      window.history.replaceState(null, '', '/log?code=c0de');
      renderPage(<LogPage apiBase={auth.url} />, { path: '/log' });
      await stopped('HTTP Error! status: 503');
    } finally {
      await auth.close();
    }
  });
});
