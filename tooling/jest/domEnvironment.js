/**
 * The jest environment of the front ends' React Testing Library tests (`*.dom.test.tsx`): jsdom,
 * plus the web platform globals jsdom lacks and Node has (fetch and its classes, streams,
 * TextEncoder/TextDecoder, structuredClone...), so components run against a real HTTP server on
 * loopback (e.g. the BFF from bff/test/app.ts) instead of a mocked fetch.
 *
 * `fetch` behaves as a page's would: a relative URL resolves against the page's origin, which a
 * test points at its server with `window.VAL_TEST_ORIGIN = app.url` (jsdom's own is
 * http://localhost/), and cookies a response sets are kept per origin and sent back unless the
 * request says `credentials: 'omit'` (Node's fetch has no cookie jar).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'structuredClone',
  'Blob',
  'URL',
  'URLSearchParams',
];

/** A browser-like cookie jar: origin → name → value (expiry by Max-Age=0 or a past Expires). */
function cookieJar() {
  const jar = new Map();
  return {
    header(origin) {
      const c = jar.get(origin);
      return c && c.size ? [...c].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    },
    store(origin, setCookies) {
      for (const line of setCookies) {
        const [pair, ...attrs] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq < 1) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const gone = attrs.some((a) => {
          const [k, v = ''] = a.split('=').map((s) => s.trim());
          return (/^max-age$/i.test(k) && Number(v) <= 0) || (/^expires$/i.test(k) && Date.parse(v) < Date.now());
        });
        if (!jar.has(origin)) jar.set(origin, new Map());
        if (gone || value === '') jar.get(origin).delete(name);
        else jar.get(origin).set(name, value);
      }
    },
  };
}

class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) g[name] = globalThis[name];
    }
    const jar = cookieJar();
    g.fetch = async (input, init = {}) => {
      const raw = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
      const url = new URL(raw, g.VAL_TEST_ORIGIN || g.location.href);
      const headers = new Headers(init.headers || (typeof input === 'object' && !(input instanceof URL) ? input.headers : undefined));
      const withCookies = init.credentials !== 'omit';
      const cookie = jar.header(url.origin);
      if (withCookies && cookie && !headers.has('cookie')) headers.set('cookie', cookie);
      const res = await globalThis.fetch(url, { ...init, headers });
      if (withCookies) jar.store(url.origin, res.headers.getSetCookie());
      return res;
    };
  }
}

module.exports = DomEnvironment;
