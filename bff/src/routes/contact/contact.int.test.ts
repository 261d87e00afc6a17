import { CONTACT_LIMITS } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { CONTACT_RATE_LIMIT } from './router';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Partnership', message: 'Hello Val, I would love to talk.' };

/** Each test speaks from its own address, so the per-IP limit never leaks between tests. */
let ipSeq = 10;
const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${ipSeq++}` });

describe.each(testDbs)('POST /api/contact on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind });
  });
  afterAll(() => app.close());

  const post = (body: unknown, headers: Record<string, string> = fromNewIp()) => app.fetch('/api/contact', { method: 'POST', json: body, headers });

  it('stores a valid message (trimmed) and answers 201 with its id', async () => {
    const before = await app.deps.repos.contactMessages.count();
    const r = await post({ ...valid, name: '  Ada Lovelace  ', email: ' ada@example.com ' });
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(body.receivedAt))).toBe(false);

    expect(await app.deps.repos.contactMessages.count()).toBe(before + 1);
    const [latest] = await app.deps.repos.contactMessages.list({ limit: 1, offset: 0 });
    expect(latest).toMatchObject({ id: body.id, ...valid });
    expect(Math.abs(latest.createdAt.getTime() - Date.parse(body.receivedAt))).toBeLessThan(1000);
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name: Please enter your name'],
    ['a blank subject', { ...valid, subject: '   ' }, 'subject: Please add a subject'],
    ['an empty message', { ...valid, message: '' }, 'message: Please write a message'],
    ['a missing email', { ...valid, email: undefined }, 'email: Please enter your email'],
    ['a malformed email', { ...valid, email: 'ada-at-example' }, 'email: Please enter a valid email address'],
    ['a number as name', { ...valid, name: 42 }, 'name: Name must be text'],
    [
      'a message over the limit',
      { ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) },
      `message: Message must be at most ${CONTACT_LIMITS.message} characters`,
    ],
    ['a subject over the limit', { ...valid, subject: 's'.repeat(CONTACT_LIMITS.subject + 1) }, 'subject: Subject must be at most 200 characters'],
  ])('answers %s with a 400 naming the field', async (_what, body, message) => {
    const before = await app.deps.repos.contactMessages.count();
    const r = await post(body);
    expect(r.status).toBe(400);
    const b = await json(r);
    expect(b.error.code).toBe('bad_request');
    expect(b.error.message).toContain(message);
    expect(await app.deps.repos.contactMessages.count()).toBe(before);
  });

  it('lists every problem of an empty body at once', async () => {
    const r = await post({});
    expect(r.status).toBe(400);
    const { error } = await json(r);
    for (const f of ['name', 'email', 'subject', 'message']) expect(error.message).toContain(`${f}: `);
  });

  it('answers a body that is not a JSON object with a 400', async () => {
    const r = await post(['not', 'an', 'object']);
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toBe('Request body must be a JSON object');
  });

  it('limits messages per IP with a 429 and Retry-After, leaving other visitors alone', async () => {
    const ip = fromNewIp();
    const before = await app.deps.repos.contactMessages.count();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const r = await post({ ...valid, subject: `Try ${i}` }, ip);
      expect(r.status).toBe(201);
    }
    const blocked = await post({ ...valid, subject: 'One too many' }, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const b = await json(blocked);
    expect(b.error.code).toBe('rate_limited');
    expect(b.error.message).toMatch(/try again/i);
    expect(await app.deps.repos.contactMessages.count()).toBe(before + CONTACT_RATE_LIMIT.max);

    expect((await post(valid, fromNewIp())).status).toBe(201);
  });
});

describe.each(testDbs)('contact message repository on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind });
  });
  afterAll(() => app.close());

  it('lists newest first with limit and offset, and counts', async () => {
    const repo = app.deps.repos.contactMessages;
    expect(await repo.count()).toBe(0);
    for (let i = 1; i <= 5; i++) {
      await repo.create({ name: `N${i}`, email: `n${i}@example.com`, subject: `S${i}`, message: `ünïcode ✓ ${i}` });
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await repo.count()).toBe(5);
    const first = await repo.list({ limit: 2, offset: 0 });
    expect(first.map((m) => m.subject)).toEqual(['S5', 'S4']);
    const rest = await repo.list({ limit: 10, offset: 2 });
    expect(rest.map((m) => m.subject)).toEqual(['S3', 'S2', 'S1']);
    expect(rest[2].message).toBe('ünïcode ✓ 1');
    expect(rest[2].createdAt).toBeInstanceOf(Date);
    expect(await repo.list({ limit: 10, offset: 5 })).toEqual([]);
  });
});
