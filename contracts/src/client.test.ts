import { HttpError } from './api';
import { createValApi, type ApiAnswer, type ApiBody } from './client';
import { parseApiAnswer } from './openapi/operations';

/** A fetch that records each request and answers from a list. */
function recorder(answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers.shift() ?? { status: 200, body: {} };
    return new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('createValApi: one typed client for every operation', () => {
  it('sends each operation to its method and path, with the body as JSON and cookies included', async () => {
    const r = recorder([{ status: 200, body: { idea: 'i', targetCustomer: 't', problemSolved: 'p', feedback: '## Score', id: 'v1', provider: 'offline' } }]);
    const api = createValApi({ baseUrl: 'http://val.test/', fetch: r.fetch });
    const body: ApiBody<'validate'> = { idea: 'i', targetCustomer: 't', problemSolved: 'p' };
    const answer: ApiAnswer<'validate'> = await api.call('validate', { body });
    expect(answer.feedback).toBe('## Score');
    expect(r.calls[0].url).toBe('http://val.test/api/validate');
    expect(r.calls[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(body) });
    expect((r.calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('fills path parameters (encoded) and appends the query, leaving out empty values', () => {
    const api = createValApi();
    expect(api.url('reportPdf', { params: { id: 'a/b c' } })).toBe('/api/reports/a%2Fb%20c/pdf');
    expect(api.url('adminLinkStats', { query: { from: '2026-01-01', to: undefined } })).toBe('/api/admin/link-stats?from=2026-01-01');
    expect(() => api.url('reportEvents')).toThrow('needs the parameter "id"');
  });

  it('turns a non-ok answer into the spec’s error message, and lets request() read any answer', async () => {
    const r = recorder([
      { status: 404, body: { error: { code: 'not_found', message: 'Report not found' } } },
      { status: 404, body: { error: { code: 'not_found', message: 'Report not found' } } },
    ]);
    const api = createValApi({ fetch: r.fetch });
    const err = await api.call('reportStatus', { body: { execution_id: 'x'.repeat(22) } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('404: {"error":{"code":"not_found","message":"Report not found"}}');
    const res = await api.request('reportStatus', { body: { execution_id: 'x'.repeat(22) } });
    expect(res.status).toBe(404);
  });

  it('checks answers with the operation’s schema when given parseApiAnswer', async () => {
    const r = recorder([{ status: 200, body: { entrepreneursValidated: 'many', trustBadges: [] } }]);
    const api = createValApi({ fetch: r.fetch, parseAnswer: parseApiAnswer });
    await expect(api.call('publicStats')).rejects.toThrow(/entrepreneursValidated/);
  });

  it('is typed by the schemas (compile-time checks)', () => {
    const api = createValApi({ fetch: recorder([]).fetch });
    // @ts-expect-error a body the operation does not take
    void api.url('validate', { params: { id: 'x' } }).length;
    // @ts-expect-error validate needs its body
    void api.call('validate');
    // @ts-expect-error idea must be text
    const bad: ApiBody<'validate'> = { idea: 1, targetCustomer: 't', problemSolved: 'p' };
    void bad;
    expect(true).toBe(true);
  });
});
