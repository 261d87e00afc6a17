import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { OPENAPI_PATH } from '@val/contracts';
import { rng } from '@val/offline-analyst';
import { adminLogin } from '../../../test/adminClient';
import { diagnostics } from '../../../test/diagnostics';
import { startTestApp, type TestApp } from '../../../test/app';
import { startFakeStripe, type FakeStripe } from '../../../test/stripeServer';
import { generateCases, operationsOf, type ApiCase } from '../../../test/openapiCases';
import { bin, startPrismProxy, TOOL_ENV, type PrismProxy } from '../../../test/prism';

/**
 * The OpenAPI document checked by tools we did not write, against the running server:
 * - `redocly lint` (Redocly's recommended rules) finds no error in the served document;
 * - requests generated from the document alone (json-schema-faker, seeded, and openapi-fuzzer-core:
 *   valid and invalid ones, for every operation) go through `prism proxy --errors` (Stoplight)
 *   in front of the server. The run fails on any 5xx, any answer whose status the operation does
 *   not document, any answer that does not match its schema (prism answers those with a 500 and
 *   lists them in `sl-violations`), and any valid request the document itself refuses. Invalid
 *   requests the document refuses (prism's 422) are sent again through a second proxy that does
 *   not check requests, so the server's own answer to them is checked too.
 * The rate limits that env can raise are raised, and each request comes from its own client
 * address (the test app trusts X-Forwarded-For), so the limits do not hide the routes; one
 * phase then exceeds a limit on purpose to check the documented 429 and its Retry-After.
 * OPENAPI_FUZZ_SEED replays another run; OPENAPI_FUZZ_PER_OPERATION sets the generated requests
 * per operation (default 4).
 */

const run = promisify(execFile);
const SEED = Number(process.env.OPENAPI_FUZZ_SEED || 18);
const PER_OPERATION = Number(process.env.OPENAPI_FUZZ_PER_OPERATION || 4);
const ADMIN_PASSWORD = 'openapi-contract-admin-password';
const LIMITS = {
  TRACK_RATE_LIMIT_PER_MINUTE: '100000',
  VALIDATE_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '100000',
  AI_TOKEN_BUDGET_PER_IP: '100000000',
  ADMIN_LOGIN_MAX_FAILURES: '1000',
};

interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message?: string;
}

describe('the OpenAPI document against the running server (redocly lint, prism proxy)', () => {
  let app: TestApp;
  let dir: string;
  let documentFile: string;
  let doc: Record<string, unknown>;
  let strict: PrismProxy;
  let lenient: PrismProxy;
  let reportId: string;
  const validationIds: string[] = [];
  let stripe: FakeStripe;

  beforeAll(async () => {
    // Stripe mode (against a loopback stand-in): the webhook is live, as in production.
    stripe = await startFakeStripe();
    app = await startTestApp({
      env: { ...LIMITS, ADMIN_PASSWORD, STRIPE_SECRET_KEY: 'sk_test_openapi', STRIPE_WEBHOOK_SECRET: 'whsec_openapi', STRIPE_API_URL: stripe.url },
    });
    const r = await app.fetch(OPENAPI_PATH);
    const text = await r.text();
    doc = JSON.parse(text) as Record<string, unknown>;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-openapi-'));
    documentFile = path.join(dir, 'openapi.json');
    fs.writeFileSync(documentFile, text);

    // A finished report, so the report routes answer their 200 too (not only 404).
    const started = await app.fetch('/api/dev/reports', {
      method: 'POST',
      json: { product: 'idea-desirability-assessment', inputs: { idea: 'A meal-planning app for night-shift nurses' } },
    });
    reportId = ((await started.json()) as { id: string }).id;
    for (const customer of ['Everyone who cooks', 'Busy parents of two']) {
      const v = await app.deps.services.validation.save(
        { idea: 'A dinner-planning app', targetCustomer: customer, problemSolved: 'Food waste' },
        `## Validation Score: 6.5/10\nFor ${customer}.\n\n## Market\nSome text.`,
        'offline',
      );
      validationIds.push(v.id);
    }
    for (let i = 0; i < 150; i++) {
      const s = await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: reportId } });
      if (((await s.json()) as { processing_status: string }).processing_status === 'finished') break;
      await new Promise((res) => setTimeout(res, 200));
    }

    [strict, lenient] = await Promise.all([
      startPrismProxy({ document: documentFile, upstream: app.url }),
      startPrismProxy({ document: documentFile, upstream: app.url, validateRequest: false }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([strict?.stop(), lenient?.stop()]);
    await app?.close();
    await stripe?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes redocly lint with no error', async () => {
    const { stdout } = await run(bin('redocly'), ['lint', documentFile, '--format=json'], { env: TOOL_ENV, maxBuffer: 20 * 1024 * 1024 }).catch(
      (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; severity: string; message: string }>;
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    const warnings = new Map<string, number>();
    for (const p of report.problems) if (p.severity === 'warn') warnings.set(p.ruleId, (warnings.get(p.ruleId) ?? 0) + 1);
    const d = diagnostics('openapi-redocly-lint');
    d.add(
      `redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings (${[...warnings].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'})`,
    );
    await d.check(() => {
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    });
  }, 60_000);

  it('would fail on a document that breaks its word (a control: prism flags what the run counts as failures)', async () => {
    const wrong = JSON.parse(fs.readFileSync(documentFile, 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    wrong.components.schemas.ContactResponse.required = [...(wrong.components.schemas.ContactResponse.required ?? []), 'ticket'];
    delete wrong.paths['/api/validate'].post.responses['400'];
    const file = path.join(dir, 'wrong.json');
    fs.writeFileSync(file, JSON.stringify(wrong));
    const proxy = await startPrismProxy({ document: file, upstream: app.url, validateRequest: false });
    try {
      const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': '10.250.0.1' };
      const contact = await fetch(`${proxy.url}/api/contact`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Control', message: 'A field the document promises is missing.' }),
      });
      expect(contact.status).toBe(500);
      expect(contact.headers.get('sl-violations')).toContain("must have required property 'ticket'");
      const validate = await fetch(`${proxy.url}/api/validate`, { method: 'POST', headers, body: '{}' });
      expect(validate.status).toBe(400);
      expect(validate.headers.get('sl-violations')).toContain('Unable to match the returned status code');
    } finally {
      await proxy.stop();
    }
  }, 60_000);

  it('answers every generated request, valid or not, as the document says', async () => {
    const cases = generateCases(doc, {
      seed: SEED,
      generatedPerOperation: PER_OPERATION,
      // Real validations, so the valid cases of the validation routes get answers to check, not only 404s.
      pathValues: { id: reportId, execution_id: reportId, validationId: validationIds[0], base: validationIds[0], head: validationIds[1] },
      exampleBodies: { reportStatus: { execution_id: reportId } },
    });
    const ops = operationsOf(doc);
    const redirects = new Set(ops.filter((o) => Object.keys(o.op.responses as object).some((s) => /^3/.test(s))).map((o) => o.id));
    const random = rng(SEED);
    const ip = () => `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${Math.floor(random() * 250) + 1}`;
    let cookie = await adminLogin(app, ADMIN_PASSWORD, { origin: app.url });

    const failures: string[] = [];
    const statuses = new Map<string, Map<number, number>>();
    const counts = { sent: 0, strict: 0, lenient: 0, direct: 0, refusedByDocument: 0, valid: 0, invalid: 0 };
    const count = (c: ApiCase, status: number) => {
      const key = c.operationId ?? '(not in the document)';
      const m = statuses.get(key) ?? new Map<number, number>();
      m.set(status, (m.get(status) ?? 0) + 1);
      statuses.set(key, m);
    };

    const send = async (base: string, c: ApiCase, clientIp: string) => {
      const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': clientIp, ...c.headers };
      if (c.admin) Object.assign(headers, { cookie, origin: app.url });
      counts.sent += 1;
      const r = await fetch(base + c.url, { method: c.method, headers, body: c.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const text = await r.text();
      let violations: Violation[] = [];
      const raw = r.headers.get('sl-violations');
      if (raw) {
        try {
          violations = JSON.parse(raw.replace(/^Too many violations! /, '')) as Violation[];
        } catch {
          violations = [{ location: ['response'], severity: 'Error', message: raw.slice(0, 300) }];
        }
      }
      const byPrism = (r.headers.get('content-type') ?? '').includes('application/problem+json');
      return { status: r.status, text, violations, byPrism, location: r.headers.get('location') };
    };

    const describeCase = (c: ApiCase) => `${c.method} ${c.url} [${c.operationId ?? 'no operation'}: ${c.kind}, ${c.source}: ${c.label}]`;
    const judge = (c: ApiCase, a: Awaited<ReturnType<typeof send>>, via: string) => {
      const what = `${describeCase(c)} via ${via}`;
      if (a.status >= 500) failures.push(`${what}: ${a.status} ${a.text.slice(0, 400)}`);
      for (const v of a.violations.filter((x) => x.location[0] === 'response'))
        failures.push(`${what}: answered ${a.status}, ${v.location.join('.')}: ${v.message}`);
      if (c.operationId === null && c.url.startsWith('/api/') && a.status !== 404 && a.status !== 405)
        failures.push(`${what}: ${a.status} for an operation that does not exist`);
    };

    for (const c of cases) {
      counts[c.kind] += 1;
      const clientIp = ip();
      if (c.kind === 'valid' && c.operationId && redirects.has(c.operationId)) {
        // prism's proxy follows redirects, so a 302/303 cannot be judged through it: checked here.
        counts.direct += 1;
        const a = await send(app.url, c, clientIp);
        count(c, a.status);
        const documented = Object.keys(ops.find((o) => o.id === c.operationId)!.op.responses as object);
        if (!documented.includes(String(a.status))) failures.push(`${describeCase(c)} direct: ${a.status} is not documented (${documented.join(', ')})`);
        if (/^3/.test(String(a.status)) && !a.location) failures.push(`${describeCase(c)} direct: ${a.status} without a Location`);
        if (a.status >= 500) failures.push(`${describeCase(c)} direct: ${a.status} ${a.text.slice(0, 300)}`);
        continue;
      }
      counts.strict += 1;
      const a = await send(strict.url, c, clientIp);
      const refused = a.byPrism && (a.status === 422 || a.status === 401);
      if (c.kind === 'valid') {
        count(c, a.status);
        judge(c, a, 'prism');
        const requestProblems = a.violations.filter((v) => v.location[0] === 'request' && v.severity === 'Error');
        if (refused || requestProblems.length) failures.push(`${describeCase(c)}: the document refuses its own valid request: ${a.text.slice(0, 400)}`);
      } else if (refused) {
        counts.refusedByDocument += 1;
        counts.lenient += 1;
        const b = await send(lenient.url, c, clientIp);
        count(c, b.status);
        judge(c, b, 'prism without request checks');
      } else {
        count(c, a.status);
        judge(c, a, 'prism');
      }
      if (c.operationId === 'adminLogout' || c.operationId === 'adminLogin') cookie = await adminLogin(app, ADMIN_PASSWORD, { origin: app.url });
    }

    // One limit exceeded on purpose: the 6th message in 10 minutes from one address.
    const contact = cases.find((c) => c.operationId === 'contact' && c.source === 'example')!;
    const one = ip();
    let last: Awaited<ReturnType<typeof send>> | null = null;
    for (let i = 0; i < 6; i++) {
      last = await send(strict.url, contact, one);
      counts.strict += 1;
      judge(contact, last, 'prism (rate limit)');
    }
    expect(last?.status).toBe(429);

    const covered = new Set(cases.map((c) => c.operationId).filter(Boolean));
    const table = [...statuses]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(
        ([k, m]) =>
          `  ${k.padEnd(28)} ${[...m]
            .sort(([x], [y]) => x - y)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')}`,
      )
      .join('\n');
    const d = diagnostics('openapi-prism-fuzz');
    d.add(
      `OpenAPI fuzz (seed ${SEED}): ${ops.length} operations, ${covered.size} covered; ${cases.length} cases (${counts.valid} valid, ${counts.invalid} invalid); ` +
        `${counts.sent} requests sent (${counts.strict} through prism, ${counts.lenient} again through prism without request checks after the document refused them, ` +
        `${counts.direct} redirects direct); ${failures.length} failures\n${table}`,
    );
    await d.check(() => {
      expect(covered.size).toBe(ops.length);
      expect(failures.slice(0, 40)).toEqual([]);
    });
  }, 600_000);
});
