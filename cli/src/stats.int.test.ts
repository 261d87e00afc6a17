import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PARTNER_TOOLS } from '@val/contracts';
import { testDbs } from '../../bff/test/db';
import { assertBuilt, runCli } from '../test/run';
import { ADMIN_PASSWORD, closedPort, startCliTestServer, type CliTestServer } from '../test/server';

beforeAll(assertBuilt);

const post = async (base: string, p: string, body: unknown) => {
  const r = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(r.status).toBe(202);
};
const partner = (company: string) => PARTNER_TOOLS.find((p) => p.company === company)!;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe.each(testDbs)('val stats against a real server on $label', (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    srv = await startCliTestServer(kind);
    env = { VAL_API_URL: srv.url, VAL_ADMIN_PASSWORD: ADMIN_PASSWORD };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-cli-stats-'));
    // Seeded the way browsers do: gamma button ×4, bubble logo ×1 + button ×2; two products.
    for (let i = 0; i < 4; i++) await post(srv.url, '/api/track-click', { company: 'gamma', linkType: 'button', url: partner('gamma').url });
    await post(srv.url, '/api/track-click', { company: 'bubble', linkType: 'logo', url: partner('bubble').logoUrl });
    for (let i = 0; i < 2; i++) await post(srv.url, '/api/track-click', { company: 'bubble', linkType: 'button', url: partner('bubble').url });
    await post(srv.url, '/api/track-product-click', { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email: 'ada@example.com' });
    await post(srv.url, '/api/track-product-click', { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email: 'bob@example.com' });
    await post(srv.url, '/api/track-product-click', { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email: 'ada@example.com' });
    await post(srv.url, '/api/track-product-click', { product: 'business-idea-evaluation', location: 'purchase', inputs: 2 });
    // The batched writer flushes within 250 ms: wait until the stats show every click.
    for (let i = 0; ; i++) {
      const r = await runCli(['stats', 'products', '--format', 'json'], { env });
      const total = r.code === 0 ? (JSON.parse(r.stdout) as Array<{ clickCount: number }>).reduce((n, x) => n + x.clickCount, 0) : -1;
      if (total === 4) break;
      if (i > 20) throw new Error(`clicks not visible: ${r.stdout} ${r.stderr}`);
      await new Promise((res) => setTimeout(res, 250));
    }
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints a readable table of partner links by default', async () => {
    const r = await runCli(['stats', 'links'], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Partner Performance · all time');
    expect(lines[4]).toMatch(/^1\s+Gamma\s+0\s+4\s+4\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(lines[5]).toMatch(/^2\s+Bubble\s+1\s+2\s+3\s+\d{4}-/);
    expect(r.stdout).toContain(`Total Clicks: 7 · Top Partner: Gamma (4) · Active Partners: 2 of ${PARTNER_TOOLS.length} partners`);
    expect(r.stderr).toBe('');
  });

  it('prints the product table with clicks, inputs and unique emails', async () => {
    const r = await runCli(['stats', 'products', '--format', 'table'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1\s+tam-assessment-for-ideas\s+purchase\s+3\s+3\s+2\s+\d{4}-/);
    expect(r.stdout).toMatch(/2\s+business-idea-evaluation\s+purchase\s+1\s+2\s+0\s+\d{4}-/);
    expect(r.stdout).toContain('Total Product Clicks: 4 · Most Popular Product: tam-assessment-for-ideas (3) · Total User Inputs: 5 form submissions');
  });

  it('--format json prints the API records', async () => {
    const r = await runCli(['stats', 'links', '--format', 'json'], { env });
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ company: 'gamma', linkType: 'button', clickCount: 4, url: partner('gamma').url }),
        expect.objectContaining({ company: 'bubble', linkType: 'logo', clickCount: 1, url: partner('bubble').logoUrl }),
        expect.objectContaining({ company: 'bubble', linkType: 'button', clickCount: 2 }),
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(r.stderr).toBe('');
  });

  it('--format csv --out FILE writes RFC 4180 CSV and says so on stderr', async () => {
    const file = path.join(dir, 'products.csv');
    const r = await runCli(['stats', 'products', '--format', 'csv', '--out', file], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Wrote 2 product records (csv) to ${file}.`);
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('product,location,clickCount,totalInputs,uniqueEmails,lastClicked');
    expect(lines[1]).toMatch(/^tam-assessment-for-ideas,purchase,3,3,2,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(lines[2]).toMatch(/^business-idea-evaluation,purchase,1,2,0,/);
    expect(lines[3]).toBe('');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('--from/--to filter by day: today has the clicks, yesterday has none', async () => {
    const t = await runCli(['stats', 'links', '--from', today, '--to', today, '--format', 'csv'], { env });
    expect(t.stdout.split('\r\n').filter(Boolean)).toHaveLength(4);
    const y = await runCli(['stats', 'links', '--to', yesterday], { env });
    expect(y.code).toBe(0);
    expect(y.stdout).toBe('');
    expect(y.stderr).toContain('No link clicks tracked yet. Clicks will appear here once users interact with the partner links.');
    const yj = await runCli(['stats', 'products', '--to', yesterday, '--format', 'json'], { env });
    expect(JSON.parse(yj.stdout)).toEqual([]);
  });

  it('a wrong password is exit 3 with what to check, and no data', async () => {
    const r = await runCli(['stats', 'links'], { env: { ...env, VAL_ADMIN_PASSWORD: 'not-the-password' } });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Wrong admin password');
    expect(r.stderr).toContain('Check VAL_ADMIN_PASSWORD');
  });

  it('no password and no terminal: exit 3 saying how to give one', async () => {
    const r = await runCli(['stats', 'links'], { env: { VAL_API_URL: srv.url } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Set VAL_ADMIN_PASSWORD');
  });
});

describe('val stats without a server', () => {
  it('exit 4: asks whether the server is running and how to point at it', async () => {
    const port = await closedPort();
    const r = await runCli(['stats', 'links'], { env: { VAL_API_URL: `http://127.0.0.1:${port}`, VAL_ADMIN_PASSWORD: 'x' } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Is the server running at http://127.0.0.1:${port}? Set --api or VAL_API_URL.`);
  });
});

describe('val stats with a day that is not a date', () => {
  it('--from yesterday: one error line saying what a date looks like, exit 2, nothing asked of a server', async () => {
    const port = await closedPort();
    const r = await runCli(['stats', 'links', '--from', 'yesterday'], { env: { VAL_API_URL: `http://127.0.0.1:${port}`, VAL_ADMIN_PASSWORD: 'x' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('Error:') || /^--(from|to)\b/.test(l));
    expect(errors).toEqual(['Error: --from: must be a date like 2026-01-31']);
  });
});
