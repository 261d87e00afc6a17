import Router from '@koa/router';
import { API_OPERATION_IDS, buildOpenApiDocument, OPENAPI_PATH } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { compareRoutes, documentedRoutes, UNDOCUMENTED_ROUTES } from '../../../test/apiRoutes';
import { discoverRoutes } from '../../../test/fuzz/routes';

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'https://val.example.com/' } });
  });
  afterAll(() => app.close());

  it('answers the OpenAPI 3.1 document of every operation, for this deployment', async () => {
    const r = await app.fetch(OPENAPI_PATH);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const doc = await json(r);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Val API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.servers).toEqual([{ url: 'https://val.example.com', description: 'This Val server' }]);
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ids.sort()).toEqual([...API_OPERATION_IDS].sort());
    expect(doc.components.securitySchemes.adminSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'val.admin' });
    expect(doc.paths['/api/validate'].post.responses['429'].headers['Retry-After'].required).toBe(true);
    expect(doc.paths['/api/validate/stream'].post.responses['200'].content).toHaveProperty('text/event-stream');
    expect(doc.paths['/api/admin/link-stats'].get.security).toEqual([{ adminSession: [] }]);
  });

  it('answers 304 to a revalidation with its ETag', async () => {
    const first = await app.fetch(OPENAPI_PATH);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    // (fetch would add Cache-Control: no-cache to a conditional request, which forbids a 304)
    const again = await app.fetch(OPENAPI_PATH, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });

  it('leaves the development-only operations out in production', () => {
    const prod = buildOpenApiDocument({ production: true, adminCookie: '__Secure-val.admin' }) as { paths: Record<string, unknown> };
    expect(prod.paths).not.toHaveProperty('/api/dev/reports');
    expect(prod.paths).toHaveProperty('/api/admin/reports');
  });
});

describe('the router and the document agree', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('documents every route the routers mount, and mounts every documented route', () => {
    const diff = compareRoutes(discoverRoutes(app.deps), documentedRoutes());
    expect(diff).toEqual({ undocumented: [], unmounted: [], documentedButExcluded: [] });
  });

  it('fails for a route that is mounted but not documented', () => {
    const extra = () => {
      const r = new Router();
      r.get('/api/secret/:id', (ctx) => {
        ctx.body = {};
      });
      r.post('/api/public-stats', (ctx) => {
        ctx.body = {};
      });
      return r;
    };
    const diff = compareRoutes(discoverRoutes(app.deps, [extra]), documentedRoutes());
    expect(diff.undocumented).toEqual(['GET /api/secret/{id}', 'POST /api/public-stats']);
  });

  it('fails for a documented operation no router mounts', () => {
    const documented = documentedRoutes();
    documented.set('GET /api/gone', 'healthz');
    expect(compareRoutes(discoverRoutes(app.deps), documented).unmounted).toEqual(['GET /api/gone']);
  });

  it('gives a reason for every route it leaves out', () => {
    for (const e of UNDOCUMENTED_ROUTES) expect(e.reason.length).toBeGreaterThan(20);
  });
});
