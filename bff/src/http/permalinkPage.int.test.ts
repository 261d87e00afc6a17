import { json, startTestApp, type TestApp } from '../../test/app';

/*
 * A permalink (`/v/:id`) fetched without JavaScript, as a link preview or a crawler does: its
 * HTML names the idea and Val's score, never the delete token; an address with no validation
 * behind it answers 404.
 */
const input = {
  idea: 'A <b>"fridge-first"</b> dinner planner that plans a week of cheap, healthy dinners from what is already in your fridge',
  targetCustomer: 'Busy working parents with two or more kids in city suburbs',
  problemSolved: 'They throw away $1,500 of spoiled food a year and lose 30 minutes every evening deciding what to cook.',
};

describe('the HTML of a permalink page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { AI_PROVIDER: 'offline', PUBLIC_URL: 'https://val.example/' } });
  });
  afterAll(() => app.close());

  it('shows the idea and its score in the title, description and Open Graph tags, escaped, with the public canonical address, and never the delete token', async () => {
    const r = await app.fetch('/api/validate', { method: 'POST', json: input });
    expect(r.status).toBe(200);
    const v = await json(r);
    expect(typeof v.score).toBe('number');
    const page = await app.fetch(`/v/${v.id}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const title = html.match(/<title>(.*?)<\/title>/)![1];
    expect(title).toContain('&lt;b&gt;&quot;fridge-first&quot;&lt;/b&gt; dinner planner');
    expect(title).toContain(`scored ${v.score}/10`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toMatch(/<meta property="og:description" content="Val&#39;s feedback on a startup idea for Busy working parents/);
    expect(html).toContain(`<link rel="canonical" href="https://val.example/v/${v.id}">`);
    expect(html).not.toContain('<b>"fridge-first"');
    expect(html).not.toContain(v.deleteToken);
    expect(html).not.toContain('<meta name="robots" content="noindex">');
  });

  it('answers 404 with the not-found head for an unknown id and for an address that is not an id', async () => {
    for (const p of ['/v/00000000-0000-4000-8000-000000000000', '/v/not-an-id']) {
      const r = await app.fetch(p, { headers: { accept: 'text/html' } });
      expect({ p, status: r.status }).toEqual({ p, status: 404 });
      expect(await r.text()).toContain('<title>404 Page Not Found — Val</title>');
    }
  });
});
