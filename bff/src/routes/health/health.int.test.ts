import { startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';

describe.each(testDbs)('GET /healthz and /readyz on $label', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind });
  });
  afterAll(() => app.close());

  it('healthz answers while the process is up', async () => {
    const r = await app.fetch('/healthz');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok' });
  });

  it('readyz reports the database it reached', async () => {
    const r = await app.fetch('/readyz');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', database: kind.label });
  });

  it('readyz fails with 503 while shutting down', async () => {
    app.deps.lifecycle.shuttingDown = true;
    const r = await app.fetch('/readyz');
    app.deps.lifecycle.shuttingDown = false;
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ status: 'shutting_down' });
  });
});

describe('GET /readyz when the database is gone', () => {
  it('answers 503, not 500', async () => {
    const app = await startTestApp();
    const realPing = app.deps.db.ping;
    app.deps.db.ping = () => Promise.reject(new Error('connection refused'));
    const r = await app.fetch('/readyz');
    app.deps.db.ping = realPing;
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ status: 'unavailable', database: 'sqlite' });
    await app.close();
  });
});
