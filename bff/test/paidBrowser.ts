/**
 * A tiny cookie-keeping HTTP client for integration tests of the paid flow: it follows nothing
 * by itself (every redirect is visible to the test), keeps cookies like a browser would for one
 * origin, and sends `Origin` on state-changing requests like a page of that origin does.
 */
export interface TestBrowser {
  readonly origin: string;
  cookies: Map<string, string>;
  get(pathOrUrl: string): Promise<Response>;
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  postForm(path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
  /** Follows redirects (GET) until a non-redirect answer or a URL for which `stop` says true. */
  follow(res: Response, stop?: (url: URL) => boolean): Promise<{ res: Response; url: URL }>;
}

const rnd = () => Math.floor(Math.random() * 250) + 1;

/**
 * A new browser (its own cookies, and its own client address via X-Forwarded-For). With
 * `publicOrigin` (the app's PUBLIC_URL), URLs on that origin are sent to `origin` instead.
 */
export function testBrowser(origin: string, ip = `10.${rnd()}.${rnd()}.${rnd()}`, opts: { publicOrigin?: string } = {}): TestBrowser {
  const cookies = new Map<string, string>();
  const store = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const abs = (p: string) => {
    if (opts.publicOrigin && p.startsWith(`${opts.publicOrigin}/`)) return origin + p.slice(opts.publicOrigin.length);
    return p.startsWith('http') ? p : origin + p;
  };
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', ip);
    if (cookies.size) headers.set('cookie', header());
    const res = await fetch(abs(url), { ...init, headers, redirect: 'manual' });
    store(res);
    return res;
  };
  const b: TestBrowser = {
    origin,
    cookies,
    get: (p) => send(p, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }),
    postJson: (p, body, headers = {}) =>
      send(p, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin, ...headers } }),
    postForm: (p, fields, headers = {}) =>
      send(p, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*;q=0.8', origin, ...headers },
      }),
    async follow(res, stop = () => false) {
      let current = res;
      let url = new URL(res.url || origin);
      for (let i = 0; i < 20 && current.status >= 300 && current.status < 400; i++) {
        const loc = current.headers.get('location');
        if (!loc) break;
        url = new URL(loc, url);
        if (stop(url)) return { res: current, url };
        current = await b.get(url.href);
      }
      return { res: current, url };
    },
  };
  return b;
}

/**
 * A full sign-in at the embedded provider: login → "Development sign-in" form → /log?code →
 * POST /api/auth/callback. Returns the callback's answer.
 */
export async function signInWithEmbeddedProvider(b: TestBrowser, email: string, name = ''): Promise<{ email: string; name?: string }> {
  const login = await b.get('/api/auth/login');
  // A browser still signed in at the provider goes straight back to /log.
  let { url: back } = await b.follow(await b.get(login.headers.get('location') as string), (u) => u.pathname === '/log');
  if (back.pathname !== '/log') ({ url: back } = await b.follow(await b.postForm(`${back.pathname}/login`, { email, name }), (u) => u.pathname === '/log'));
  const cb = await b.postJson('/api/auth/callback', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    iss: back.searchParams.get('iss'),
  });
  if (cb.status !== 200) throw new Error(`sign-in failed: ${cb.status} ${await cb.text()}`);
  const user = (await cb.json()) as { email: string; name?: string };
  if (user.email !== email.trim().toLowerCase())
    throw new Error(`signed in as ${user.email}, not ${email}: this browser is still signed in at the provider as another account`);
  return user;
}

/** A new test browser already signed in as `email` at the embedded provider (checkouts need a sign-in). */
export async function signedInBrowser(origin: string, email: string, ip?: string, opts: { publicOrigin?: string } = {}): Promise<TestBrowser> {
  const b = testBrowser(origin, ip, opts);
  await signInWithEmbeddedProvider(b, email);
  return b;
}
