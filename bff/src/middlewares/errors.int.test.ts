import Router from '@koa/router';
import { z } from 'zod';
import { json, startTestApp, type TestApp } from '../../test/app';
import { parseBody } from '../http/parse';
import { NotFoundError } from '../errors';

/** A probe router standing for any JSON route: it parses a body and can throw. */
const probe = () => {
  const r = new Router();
  r.post('/api/probe', (ctx) => {
    const body = parseBody(ctx, z.object({ name: z.string().min(1, { error: 'name is required' }), age: z.number().int() }));
    ctx.body = { ok: true, body };
  });
  r.get('/api/probe/missing', () => {
    throw new NotFoundError('No such thing');
  });
  r.get('/api/probe/crash', () => {
    throw new Error('database password is hunter2');
  });
  return r;
};

describe('error handling of the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { BODY_LIMIT: '2kb' }, extraRouters: [probe] });
  });
  afterAll(() => app.close());

  it('answers an unknown API route with a JSON 404', async () => {
    const r = await app.fetch('/api/does-not-exist', { method: 'POST', json: {} });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/json/);
    expect(await r.json()).toEqual({ error: { code: 'not_found', message: 'No API route POST /api/does-not-exist' } });
  });

  it('answers a body that fails its schema with a 400 naming the field', async () => {
    const r = await app.fetch('/api/probe', { method: 'POST', json: { name: '', age: 'x' } });
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain('name: name is required');
    expect(body.error.message).toContain('age:');
  });

  it('answers invalid JSON with a 400', async () => {
    const r = await app.fetch('/api/probe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x",',
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: 'invalid_json', message: 'Request body is not valid JSON' } });
  });

  it.each([
    ['{"__proto__":{"polluted":true},"name":"x","age":1}', '__proto__'],
    ['{"name":"x","age":1,"meta":{"list":[{"\\u005f_proto__":{"admin":true}}]}}', 'meta.list[0].__proto__'],
  ])('answers a body with a __proto__ key with a 400 that names the key and where it is: %s', async (body, where) => {
    const r = await app.fetch('/api/probe', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      error: {
        code: 'bad_request',
        message: `Request body refused: the key "__proto__" (at ${where}) is not allowed, as it could change every object of the server`,
      },
    });
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('answers a JSON array body with a 400', async () => {
    const r = await app.fetch('/api/probe', { method: 'POST', json: [1, 2] });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toBe('Request body must be a JSON object');
  });

  it('answers a body over the limit with a 413', async () => {
    const r = await app.fetch('/api/probe', { method: 'POST', json: { name: 'x'.repeat(5000), age: 1 } });
    expect(r.status).toBe(413);
    expect((await json(r)).error.code).toBe('payload_too_large');
  });

  it('keeps the status and message of a domain error', async () => {
    const r = await app.fetch('/api/probe/missing');
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: { code: 'not_found', message: 'No such thing' } });
  });

  it('hides the details of an unexpected error behind a 500', async () => {
    const r = await app.fetch('/api/probe/crash');
    expect(r.status).toBe(500);
    const text = await r.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text).error.code).toBe('internal_error');
  });

  it('accepts a valid body', async () => {
    const r = await app.fetch('/api/probe', { method: 'POST', json: { name: 'Ada', age: 36 } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true, body: { name: 'Ada', age: 36 } });
  });
});
