import { adminLogin } from '../../../test/adminClient';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';

const PASSWORD = 'operator-pass';
const body = { product: 'idea-desirability-assessment', inputs: { idea: 'Meal kits for climbers' }, email: 'ops@example.com' };

describe.each(testDbs)('POST /api/admin/reports on $label', (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { ADMIN_PASSWORD: PASSWORD, REPORT_WORKER: 'off' } });
    cookie = await adminLogin(app, PASSWORD);
  });
  afterAll(() => app?.close());

  it('queues a report for a logged-in operator (201, id + link) — stored with its inputs and email', async () => {
    const r = await app.fetch('/api/admin/reports', { method: 'POST', json: body, headers: { cookie, origin: app.url } });
    expect(r.status).toBe(201);
    const b = await json(r);
    expect(b).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      url: expect.stringMatching(/\/report\/[A-Za-z0-9_-]+$/),
      processing_status: 'queued',
    });
    expect(b.url.endsWith(`/report/${b.id}`)).toBe(true);
    const job = await app.deps.reports.get(b.id);
    expect(job).toMatchObject({
      product: 'idea-desirability-assessment',
      inputs: { idea: 'Meal kits for climbers' },
      email: 'ops@example.com',
      status: 'queued',
    });
    const status = await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: b.id } });
    expect(status.status).toBe(200);
    expect((await json(status)).processing_status).toBe('queued');
  });

  it('401 without a session, and nothing is queued', async () => {
    const before = Number(((await app.deps.db.knex('report_jobs').count({ n: '*' })) as Array<{ n: number | string }>)[0].n);
    const r = await app.fetch('/api/admin/reports', { method: 'POST', json: body });
    expect(r.status).toBe(401);
    expect((await json(r)).error.code).toBe('unauthorized');
    const after = Number(((await app.deps.db.knex('report_jobs').count({ n: '*' })) as Array<{ n: number | string }>)[0].n);
    expect(after).toBe(before);
  });

  it('403 for a cross-site request even with the cookie', async () => {
    const r = await app.fetch('/api/admin/reports', { method: 'POST', json: body, headers: { cookie, origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });

  it.each([
    [{ ...body, product: 'nope' }, 'product must be one of'],
    [{ ...body, inputs: {} }, 'Please fill in all required fields'],
    [{ ...body, inputs: { idea: 'x', other: 'y' } }, 'unknown field other'],
    [{ ...body, email: 'not-an-email' }, 'email must be a valid email address'],
  ])('400 with a clear message for %j', async (b, message) => {
    const r = await app.fetch('/api/admin/reports', { method: 'POST', json: b, headers: { cookie, origin: app.url } });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toContain(message);
  });
});

describe('POST /api/admin/reports with the admin disabled', () => {
  it('503 saying how to enable it', async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      const r = await app.fetch('/api/admin/reports', { method: 'POST', json: body });
      expect(r.status).toBe(503);
      expect((await json(r)).error.message).toContain('set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH');
    } finally {
      await app.close();
    }
  });
});
