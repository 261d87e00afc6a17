import { startTestApp, type TestApp } from '../../test/app';

/**
 * JSON routes take JSON only: an HTML form, text/plain or multipart body (what a cross-site page
 * can send without a preflight) is refused with 415 and stores nothing; the form routes still
 * take their forms.
 */
describe('body types per route', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
  });
  afterAll(() => app.close());

  const contact = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'A message that is long enough.' };
  let ip = 1;
  const fromNewIp = () => ({ 'x-forwarded-for': `198.51.100.${ip++}` });

  it.each([
    ['an HTML form', 'application/x-www-form-urlencoded', new URLSearchParams(contact).toString()],
    ['text/plain holding JSON', 'text/plain', JSON.stringify(contact)],
    ['multipart', 'multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n`],
  ])('POST /api/contact with %s: 415 with the JSON error, nothing stored', async (_label, type, body) => {
    const before = await app.deps.repos.contactMessages.count();
    const r = await app.fetch('/api/contact', { method: 'POST', headers: { 'content-type': type, ...fromNewIp() }, body });
    expect(r.status).toBe(415);
    expect(await r.json()).toEqual({ error: { code: 'unsupported_media_type', message: 'Send the body as application/json' } });
    expect(await app.deps.repos.contactMessages.count()).toBe(before);
  });

  it('the same message as JSON is stored', async () => {
    const before = await app.deps.repos.contactMessages.count();
    const r = await app.fetch('/api/contact', { method: 'POST', json: contact, headers: fromNewIp() });
    expect(r.status).toBe(201);
    expect(await app.deps.repos.contactMessages.count()).toBe(before + 1);
  });

  it('a form route still reads its form: the TEST MODE card form answers about the checkout, not the body type', async () => {
    const r = await app.fetch('/checkout/test/cs_test_AAAAAAAAAAAAAAAAAAAA', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, ...fromNewIp() },
      body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada' }).toString(),
    });
    expect(r.status).not.toBe(415);
    expect(r.status).toBeLessThan(500);
    expect(await r.text()).not.toMatch(/application\/json/);
  });
});
