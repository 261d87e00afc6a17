import type { TestApp } from './app';

/** The cookies a response sets, as a Cookie header ('' when it only clears them). */
export function cookiesOf(r: Response): string {
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c))
    .join('; ');
}

/** Logs in with the password and returns the session cookie header (throws unless 200). */
export async function adminLogin(app: TestApp, password: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password }, headers });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  const cookie = cookiesOf(r);
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

/** GET with the admin cookie. */
export function adminGet(app: TestApp, path: string, cookie: string): Promise<Response> {
  return app.fetch(path, { headers: { cookie } });
}
