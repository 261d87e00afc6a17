import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { mountRouters } from './mountRouters';

/** Routers like the app's: static routes, a prefixed router with its own middleware, parameters, a route that passes on. */
function makeRouters(seen: string[]): Router[] {
  const health = new Router();
  health.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  health.get('/readyz', (ctx) => {
    ctx.body = { status: 'ready' };
  });
  const empty = new Router();
  const admin = new Router({ prefix: '/api/admin' });
  admin.use(async (ctx, next) => {
    seen.push(`admin-mw ${ctx.method} ${ctx.path}`);
    ctx.set('X-Admin', '1');
    await next();
  });
  admin.get('/', (ctx) => {
    ctx.body = { admin: true };
  });
  admin.post('/login', (ctx) => {
    ctx.status = 204;
  });
  admin.get('/items/:id', (ctx) => {
    ctx.body = { item: ctx.params.id };
  });
  const track = new Router();
  track.post('/api/track-click', (ctx) => {
    ctx.status = 202;
    ctx.body = { ok: true, router: (ctx as { router?: unknown }).router === track };
  });
  track.get('/api/thing/:id', async (ctx, next) => {
    if (ctx.params.id === 'pass') return next();
    ctx.body = { thing: ctx.params.id };
  });
  track.get('/api/silent', () => undefined);
  const last = new Router();
  last.get('/api/openapi.json', (ctx) => {
    ctx.body = { openapi: '3.1.0', matched: ((ctx as { matched?: Array<{ path: unknown }> }).matched ?? []).map((l) => String(l.path)) };
  });
  last.put('/api/thing/:id', (ctx) => {
    ctx.body = { put: ctx.params.id };
  });
  return [health, empty, admin, track, last];
}

/** The app after the routers: a static file, as serveDist answers after them. */
function app(mount: 'plain' | 'mountRouters', seen: string[]): Koa {
  const a = new Koa();
  a.silent = true;
  a.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
      ctx.body = { error: String((err as Error).message) };
    }
  });
  const routers = makeRouters(seen);
  if (mount === 'plain') {
    for (const r of routers) {
      a.use(r.routes());
      a.use(r.allowedMethods());
    }
  } else mountRouters(a, routers);
  a.use((ctx, next) => {
    if (ctx.path === '/static.js' && ctx.method === 'GET') {
      ctx.type = 'js';
      ctx.body = 'ok()';
      return;
    }
    return next();
  });
  return a;
}

interface Answer {
  status: number;
  allow?: string;
  admin?: string;
  body: string;
}

describe('mountRouters', () => {
  const servers: http.Server[] = [];
  const seenPlain: string[] = [];
  const seenMounted: string[] = [];
  let plain: number;
  let mounted: number;
  const listen = async (a: Koa) => {
    const server = http.createServer(a.callback());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  };
  beforeAll(async () => {
    plain = await listen(app('plain', seenPlain));
    mounted = await listen(app('mountRouters', seenMounted));
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  const send = (port: number, method: string, path: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            allow: res.headers.allow,
            admin: res.headers['x-admin'] as string | undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];
  const paths = [
    '/healthz',
    '/HEALTHZ',
    '/healthz/',
    '/readyz',
    '/api/admin',
    '/api/admin/',
    '/api/admin/login',
    '/api/admin/items/7',
    '/api/admin/nope',
    '/api/track-click',
    '/api/track-click/',
    '/api/thing/1',
    '/api/thing/pass',
    '/api/silent',
    '/api/openapi.json',
    '/static.js',
    '/nope',
    '/',
    `/api/${'x'.repeat(300)}`,
    `/healthz${'/'.repeat(250)}`,
  ];

  it.each(paths)('answers every method on %s as routers mounted one by one do', async (path) => {
    for (const method of methods) {
      const [a, b] = await Promise.all([send(plain, method, path), send(mounted, method, path)]);
      expect({ method, ...b }).toEqual({ method, ...a });
    }
  });

  it('runs the same router middleware for the same requests', () => {
    expect(seenMounted).toEqual(seenPlain);
  });

  it('passes by the routers that do not match the path, asking each once per path', async () => {
    const a = new Koa();
    const routers = makeRouters([]);
    const health = routers[0];
    // The router's dispatch calls match() for every request it sees.
    const match = jest.spyOn(health, 'match');
    mountRouters(a, routers);
    const port = await listen(a);
    for (let i = 0; i < 5; i++) expect((await send(port, 'POST', '/api/track-click')).status).toBe(202);
    expect(match).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 2; i++) expect((await send(port, 'GET', '/healthz')).status).toBe(200);
    expect(match).toHaveBeenCalledTimes(1 + 1 + 2);
  });

  it('rejects a next() called twice, as koa-compose does', async () => {
    const twice = new Router();
    twice.get('/twice', async (_ctx, next) => {
      await next();
      await next();
    });
    const a = new Koa();
    a.silent = true;
    const errors: string[] = [];
    a.use(async (ctx, next) => {
      try {
        await next();
      } catch (err) {
        errors.push((err as Error).message);
        ctx.status = 500;
      }
    });
    mountRouters(a, [new Router(), twice, new Router()]);
    const port = await listen(a);
    expect((await send(port, 'GET', '/twice')).status).toBe(500);
    expect(errors).toEqual(['next() called multiple times']);
  });
});
