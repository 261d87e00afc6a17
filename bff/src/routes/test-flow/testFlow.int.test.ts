import { TEST_FLOW_SAMPLE } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testBrowser } from '../../../test/paidBrowser';

const startBody = {
  flow_execution_variables: [
    { name: 'TARGET_MARKET', variable_value: TEST_FLOW_SAMPLE.TARGET_MARKET },
    { name: 'PRODUCT_IDEA', variable_value: TEST_FLOW_SAMPLE.PRODUCT_IDEA },
  ],
};

describe('the /test page endpoint outside production (POST/GET /api/admin/test-flow)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('starts a feasibility report with the sample values and reports its status until finished', async () => {
    const b = testBrowser(app.url);
    const r = await b.postJson('/api/admin/test-flow', startBody);
    expect(r.status).toBe(200);
    const { success, execution_id } = await json(r);
    expect(success).toBe(true);
    const job = await app.deps.reports.get(execution_id);
    expect(job).toMatchObject({
      product: 'new-product-feasibility-study',
      inputs: { targetMarket: TEST_FLOW_SAMPLE.TARGET_MARKET, productIdea: TEST_FLOW_SAMPLE.PRODUCT_IDEA },
    });

    let status = '';
    for (let i = 0; i < 100 && status !== 'finished' && status !== 'failed'; i++) {
      const s = await b.get(`/api/admin/test-flow?execution_id=${execution_id}`);
      expect(s.status).toBe(200);
      status = (await json(s)).processing_status;
      if (status !== 'finished') await new Promise((res) => setTimeout(res, 200));
    }
    expect(status).toBe('finished');
  });

  it('validates the variables and the execution id', async () => {
    const b = testBrowser(app.url);
    expect((await b.postJson('/api/admin/test-flow', { flow_execution_variables: [{ name: 'TARGET_MARKET', variable_value: 'x' }] })).status).toBe(400);
    expect((await b.get('/api/admin/test-flow?execution_id=../../x')).status).toBe(400);
    expect((await b.get('/api/admin/test-flow?execution_id=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('the /test page endpoint in production', () => {
  it('needs a signed-in admin: 401 without, a report with', async () => {
    const origin = 'https://val.example';
    const app = await startTestApp({
      env: {
        NODE_ENV: 'production',
        ANALYTICS_HASH_KEY: 'a-production-hash-key-123',
        SESSION_KEYS: 'k'.repeat(40),
        PUBLIC_URL: origin,
        OIDC_ISSUER: 'https://accounts.example.com',
        OIDC_CLIENT_ID: 'val',
        OIDC_CLIENT_SECRET: 'secret',
        STRIPE_SECRET_KEY: 'sk_test_prod_like',
        STRIPE_WEBHOOK_SECRET: 'whsec_prod_like',
        ADMIN_PASSWORD: 'correct horse battery staple',
      },
    });
    try {
      const b = testBrowser(app.url);
      const https = { 'x-forwarded-proto': 'https', origin };
      const anonymous = await b.postJson('/api/admin/test-flow', startBody, https);
      expect(anonymous.status).toBe(401);

      const login = await b.postJson('/api/admin/login', { password: 'correct horse battery staple' }, https);
      expect(login.status).toBe(200);
      const started = await b.postJson('/api/admin/test-flow', startBody, https);
      expect(started.status).toBe(200);
      expect((await json(started)).execution_id).toMatch(/^[\w-]{16,64}$/);
    } finally {
      await app.close();
    }
  });
});
