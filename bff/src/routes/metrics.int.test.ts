import { startTestApp, type TestApp } from '../../test/app';
import { testDbs } from '../../test/db';

/** `GET /metrics`: Prometheus text for a scraper holding METRICS_TOKEN, nothing for anyone else. */

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('does not exist (404), with or without a token, and is never the SPA page', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const r = await app.fetch('/metrics', { headers });
      expect(r.status).toBe(404);
      expect(await r.text()).not.toMatch(/val_|<html/i);
    }
  });
});

describe.each(testDbs)('GET /metrics with METRICS_TOKEN on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind, env: { METRICS_TOKEN: TOKEN, REPORT_WORKER: 'off' } });
  });
  afterAll(() => app.close());

  const scrape = () => app.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const r = await app.fetch('/metrics', { headers: authorization ? { authorization } : {} });
      expect([authorization, r.status]).toEqual([authorization, 401]);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await r.text()).not.toContain('val_');
    }
  });

  it('counts requests and latency by route pattern (never the raw URL), the click buffer, the report queue and AI calls by provider', async () => {
    const v = await app.fetch('/api/validate', {
      method: 'POST',
      json: { idea: 'Metrics idea: a rota app for volunteer groups', targetCustomer: 'Charities', problemSolved: 'Shifts go unfilled' },
    });
    expect(v.status).toBe(200);
    expect(
      (await app.fetch('/api/track-product-click', { method: 'POST', json: { product: 'idea-desirability-assessment', location: 'purchase', inputs: 1 } }))
        .status,
    ).toBe(202);
    const id = await app.deps.reports.start({ product: 'idea-desirability-assessment', inputs: { idea: 'Metrics report' } });
    expect((await app.fetch(`/api/reports/${id}/pdf`)).status).toBe(409);
    expect((await app.fetch('/api/no-such-route')).status).toBe(404);

    const r = await scrape();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await r.text();
    expect(text).toContain('val_http_requests_total{method="POST",route="/api/validate",status="200"} 1');
    expect(text).toContain('val_http_requests_total{method="GET",route="/api/reports/:id/pdf",status="409"} 1');
    expect(text).toContain('val_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).not.toContain(id);
    expect(text).toMatch(/val_http_request_duration_seconds_count\{method="POST",route="\/api\/validate"\} 1/);
    expect(text).toMatch(/^val_click_buffer_depth \d+$/m);
    expect(text).toContain('val_click_flush_failures_total 0');
    expect(text).toMatch(/^val_report_queue_depth 1$/m);
    expect(text).toContain('val_ai_calls_total{provider="offline",kind="text"} 1');
    expect(text).toMatch(/val_ai_tokens_total\{provider="offline"\} [1-9]\d*/);
    expect(text).toMatch(/^val_db_queries_total [1-9]\d*$/m);
  });
});
