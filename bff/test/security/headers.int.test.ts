import { startTestApp, type TestApp } from '../app';
import { inlineScriptHashes } from '../../src/middlewares/securityHeaders';

/**
 * Security headers, against the contract of middlewares/securityHeaders.ts: every HTML page
 * (the shell, its SPA fallback, the server-rendered checkout and sign-in pages) carries a
 * Content-Security-Policy that lets scripts come only from our origin, the configured remote
 * origins, the shell's own inline bootstrap (by hash) or a per-response nonce (the standalone
 * pages); no plugins, no remote images, no framing; MIME sniffing is off and the referrer is
 * trimmed on every response.
 */

const REMOTE_ORIGIN = 'https://cdn.example.com';
const REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** The CSP as directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REMOTE_CATALOGUE_URL: `${REMOTE_ORIGIN}/val/catalogue/`, REPORT_WORKER: 'off' } });
  });
  afterAll(() => app.close());

  const htmlPages: Array<[string, string, 'spa' | 'standalone']> = [
    ['the home page', '/', 'spa'],
    ['a page of the SPA', '/about', 'spa'],
    ['the SPA 404', '/no-such-page', 'spa'],
    ['the server-rendered checkout page', '/checkout/test/cs_test_AAAAAAAAAAAAAAAAAAAA', 'standalone'],
    ['the server-rendered sign-in page', '/oidc/interaction/expired-uid', 'standalone'],
  ];

  it.each(htmlPages)('%s (%s) has a CSP: scripts only from our origin, the remote origins, the bootstrap hash or a nonce', async (_label, path, kind) => {
    const r = await app.fetch(path, { headers: { accept: 'text/html' } });
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const header = r.headers.get('content-security-policy');
    expect(header).toBeTruthy();
    const csp = parseCsp(header!);
    /** A directive, or default-src where it is absent (the browser's fallback). */
    const effective = (name: string) => csp.get(name) ?? csp.get('default-src') ?? [];
    const allowed = new Set(["'self'", REMOTE_ORIGIN, ...inlineScriptHashes(app.deps.config.shellDist)]);
    const scripts = effective('script-src');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => !allowed.has(s) && !/^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(s))).toEqual([]);
    if (kind === 'spa') {
      // The shell runs its own bundles and loads the remotes from their configured origins.
      expect(scripts).toEqual(expect.arrayContaining(["'self'", REMOTE_ORIGIN]));
    }
    expect(["'self'", "'none'"]).toContain(csp.get('default-src')?.join(' '));
    expect(effective('object-src')).toEqual(["'none'"]);
    expect(["'self'", "'none'"]).toContain(csp.get('base-uri')?.join(' '));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // No images from elsewhere: tracking pixels in rendered text cannot load. Only a configured
    // remote's own origin may serve images (its assets live there).
    expect(effective('img-src').filter((s) => /^https?:|^\*$/.test(s) && s !== REMOTE_ORIGIN)).toEqual([]);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(REFERRER_POLICIES).toContain(r.headers.get('referrer-policy'));
  });

  it('the shell loads its inline bootstrap through the CSP hash (the page still runs)', () => {
    expect(inlineScriptHashes(app.deps.config.shellDist).length).toBeGreaterThan(0);
  });

  it.each([
    ['GET', '/api/public-stats'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/validate'],
    ['GET', '/healthz'],
    ['GET', '/remotes.json'],
  ])('%s %s: nosniff and a Referrer-Policy on API answers', async (method, path) => {
    const r = await app.fetch(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(REFERRER_POLICIES).toContain(r.headers.get('referrer-policy'));
  });
});
