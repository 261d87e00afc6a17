import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { FEASIBILITY_STEP_IDS } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs, type TestDb } from '../../../test/db';
import { FEASIBILITY_INPUTS, readSse, waitFor, waitForReport } from '../../../test/reports';
import type { AppDeps } from '../../deps';
import Router from '@koa/router';
import { addDevReportRoutes } from '../../dev/reports';

jest.setTimeout(60_000);

describe.each(testDbs)('report API on $label', (dbKind: TestDb) => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  describe('POST /api/reports/status', () => {
    beforeEach(async () => {
      app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'off' } });
    });

    it('answers 400 without an execution_id and 404 for an unknown one', async () => {
      const bad = await app.fetch('/api/reports/status', { method: 'POST', json: {} });
      expect(bad.status).toBe(400);
      expect((await json(bad)).error.message).toMatch(/execution_id/);
      const odd = await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: '../etc/passwd' } });
      expect(odd.status).toBe(400);
      const unknown = await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: 'AAAAAAAAAAAAAAAAAAAAAA' } });
      expect(unknown.status).toBe(404);
      expect(await json(unknown)).toEqual({ error: { code: 'not_found', message: 'Report not found' } });
    });

    it('answers the spec shape while queued and once finished', async () => {
      const id = await app.deps.reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS, email: 'founder@example.com' });
      const q = await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: id } });
      expect(q.status).toBe(200);
      expect(q.headers.get('cache-control')).toBe('no-store');
      const queued = await json(q);
      const { fact_sheet: sheet, ...rest } = queued;
      expect(sheet).toMatchObject({ kind: 'report', market: { id: 'fitness', place: 'the United Kingdom' }, currency: { code: 'GBP' } });
      expect(['Go', 'Go with changes', 'No-go']).toContain(sheet.verdict.word);
      expect(rest).toEqual({
        processing_status: 'queued',
        title: 'New Product Feasibility Study: An app that lets members book and pay for classes in two taps',
        description:
          'Target market: Independent gyms in the UK · Product idea: An app that lets members book and pay for classes in two taps. Researched by 10 AI agents.',
        flow_execution_steps: [],
        product: 'new-product-feasibility-study',
        error: null,
        provider: null,
        progress: { finished: 0, total: 10, running: [] },
      });

      const w = app.deps.reports.createWorker();
      w.start();
      await waitForReport(app.deps.reports, id);
      await w.stop();
      const f = await json(await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: id } }));
      expect(f.processing_status).toBe('finished');
      expect(f.provider).toBe('offline');
      expect(f.flow_execution_steps.map((s: { id: string }) => s.id)).toEqual([...FEASIBILITY_STEP_IDS]);
      for (const s of f.flow_execution_steps) {
        expect(Object.keys(s).sort()).toEqual(['id', 'raw_output', 'title']);
        expect(s.raw_output.length).toBeGreaterThan(200);
      }
      expect(f.fact_sheet).toEqual(sheet);
      const final = f.flow_execution_steps.find((s: { id: string }) => s.id === 'final-recommendations');
      expect(final.raw_output.startsWith(`**Verdict: ${sheet.verdict.word}.**`)).toBe(true);
      expect(f.progress).toEqual({ finished: 10, total: 10, running: [] });
    });
  });

  describe('GET /api/reports/:id/events', () => {
    beforeEach(async () => {
      app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'inline', REPORT_POLL_MS: '20', OFFLINE_AI_DELAY_MS: '60' } });
    });

    it('streams step and job events with ids, and resumes after Last-Event-ID without repeats or gaps', async () => {
      const id = await app.deps.reports.start({
        product: 'tam-assessment-for-ideas',
        inputs: { idea: 'Tutoring app for high-school maths students in India' },
      });
      const all = await readSse(`${app.url}/api/reports/${id}/events`, { until: (e) => e.event === 'job-finished' });
      expect(all.filter((e) => e.event === 'step-started')).toHaveLength(5);
      expect(all.filter((e) => e.event === 'step-finished')).toHaveLength(5);
      expect(all.at(-1)).toMatchObject({ event: 'job-finished', data: { type: 'job-finished' } });
      expect(all.find((e) => e.event === 'step-finished')?.data).toMatchObject({
        type: 'step-finished',
        step: 'market-definition',
        title: 'Market Definition',
        agent: 'Market Definer',
      });
      const ids = all.map((e) => e.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);

      const cut = all[3].id;
      const rest = await readSse(`${app.url}/api/reports/${id}/events`, { lastEventId: cut, until: (e) => e.event === 'job-finished' });
      expect(rest.map((e) => e.id)).toEqual(ids.filter((i) => i > cut));

      const none = await readSse(`${app.url}/api/reports/${id}/events`, { lastEventId: all.at(-1)!.id, ms: 5000 });
      expect(none).toEqual([]);
    });

    it('answers 404 for an unknown report and 400 for a bad Last-Event-ID', async () => {
      expect((await app.fetch('/api/reports/AAAAAAAAAAAAAAAAAAAAAA/events')).status).toBe(404);
      expect((await app.fetch('/api/reports/x/events')).status).toBe(404);
      const id = await app.deps.reports.start({ product: 'idea-desirability-assessment', inputs: { idea: 'Dog walking by the minute' } });
      expect((await app.fetch(`/api/reports/${id}/events`, { headers: { 'Last-Event-ID': 'abc' } })).status).toBe(400);
    });
  });

  describe('GET /api/reports/:id/pdf', () => {
    beforeEach(async () => {
      app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'off' } });
    });

    it('serves the whole report as a PDF once sections exist (409 before, 404 unknown)', async () => {
      expect((await app.fetch('/api/reports/AAAAAAAAAAAAAAAAAAAAAA/pdf')).status).toBe(404);
      const id = await app.deps.reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
      const early = await app.fetch(`/api/reports/${id}/pdf`);
      expect(early.status).toBe(409);
      const w = app.deps.reports.createWorker();
      w.start();
      await waitForReport(app.deps.reports, id);
      await w.stop();
      const r = await app.fetch(`/api/reports/${id}/pdf`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="val-report-new-product-feasibility-study-an-.+\.pdf"$/);
      const buf = Buffer.from(await r.arrayBuffer());
      expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(buf.length).toBeGreaterThan(10_000);
      expect(buf.toString('latin1')).toMatch(/\/Count ([3-9]|\d\d)/);
    });
  });

  describe('POST /api/dev/reports (outside production only)', () => {
    beforeEach(async () => {
      app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'off' } });
    });

    it('starts a report, and rejects bad input with a clear 400', async () => {
      const r = await app.fetch('/api/dev/reports', {
        method: 'POST',
        json: { product: 'porter-5-forces-analysis', inputs: { market: 'E-bike rentals in Amsterdam' } },
      });
      expect(r.status).toBe(201);
      const body = await json(r);
      expect(body.url).toBe(`/report/${body.id}`);
      expect((await app.deps.reports.get(body.id))?.inputs).toEqual({ market: 'E-bike rentals in Amsterdam' });
      const missing = await app.fetch('/api/dev/reports', { method: 'POST', json: { product: 'porter-5-forces-analysis', inputs: { market: '  ' } } });
      expect(missing.status).toBe(400);
      expect((await json(missing)).error.message).toBe('inputs.market: Please fill in all required fields');
      const unknown = await app.fetch('/api/dev/reports', { method: 'POST', json: { product: 'nope', inputs: {} } });
      expect(unknown.status).toBe(400);
    });

    it('is not mounted in production', () => {
      const router = new Router();
      addDevReportRoutes(router, { config: { isProduction: true } } as AppDeps);
      expect(router.stack).toHaveLength(0);
    });
  });

  describe('report mail', () => {
    let smtp: SMTPServer;
    const received: Array<{ to: string[]; raw: string }> = [];
    /** A loopback SMTP server that records every mail it receives. */
    const recordingSmtp = () =>
      new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        onData(stream, session, cb) {
          let raw = '';
          stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            cb();
          });
        },
      });
    afterEach(async () => {
      await new Promise<void>((r) => smtp?.close(() => r()));
      received.length = 0;
    });

    it('mails the public link and the PDF to the buyer through SMTP when the report finishes', async () => {
      smtp = recordingSmtp();
      await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
      const port = (smtp.server.address() as AddressInfo).port;
      app = await startTestApp({
        dbKind,
        env: { REPORT_WORKER: 'inline', REPORT_POLL_MS: '20', SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://val.example' },
      });
      const id = await app.deps.reports.start({
        product: 'idea-desirability-assessment',
        inputs: { idea: 'Dog walking by the minute for busy owners in Austin' },
        email: 'founder@example.com',
      });
      await waitFor(async () => received.length > 0 || undefined, 20000, 'mail');
      expect(received[0].to).toEqual(['founder@example.com']);
      const raw = received[0].raw.replace(/=\r?\n/g, '');
      expect(raw).toMatch(/Subject: Your Idea Desirability Assessment is ready/);
      expect(raw).toContain(`https://val.example/report/${id}`);
      expect(raw).toMatch(/Content-Type: application\/pdf;\s+name=val-report-idea-desirability-assessment-dog-walking-[\w-]+\.pdf/);
      const row = await waitFor(
        async () => {
          const r = (await app.deps.db.knex('outbox').where({ ref: id }).first()) as { status: string; to_email: string } | undefined;
          return r?.status === 'sent' ? r : undefined;
        },
        5000,
        'outbox sent',
      );
      expect(row.to_email).toBe('founder@example.com');
    });

    it('retries a mail that failed while SMTP was down on a timer with backoff, without another report finishing (finding 7)', async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
        probe.listen(0, '127.0.0.1', () => {
          const p = (probe.server.address() as AddressInfo).port;
          probe.close(() => resolve(p));
        });
      });
      app = await startTestApp({
        dbKind,
        env: { REPORT_WORKER: 'inline', REPORT_POLL_MS: '20', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '300', MAIL_RETRY_POLL_MS: '100' },
      });
      const id = await app.deps.reports.start({
        product: 'idea-desirability-assessment',
        inputs: { idea: 'Laundry pickup for students' },
        email: 'student@example.com',
      });
      await waitForReport(app.deps.reports, id);
      // SMTP is down: the first try fails and the mail waits, due again after the backoff.
      const failed = await waitFor(
        async () => {
          const r = (await app.deps.db.knex('outbox').where({ ref: id }).first()) as
            { status: string; attempts: number; last_error: string | null; next_attempt_at: unknown } | undefined;
          return r && Number(r.attempts) >= 1 && r.status === 'pending' && r.last_error ? r : undefined;
        },
        10000,
        'failed first try',
      );
      expect(failed.next_attempt_at).not.toBeNull();
      // SMTP comes back; no other report finishes, yet the mail goes out.
      smtp = recordingSmtp();
      await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', () => r()));
      await waitFor(async () => received.length > 0 || undefined, 15000, 'retried mail');
      expect(received[0].to).toEqual(['student@example.com']);
      const sent = await waitFor(
        async () => {
          const r = (await app.deps.db.knex('outbox').where({ ref: id }).first()) as { status: string; attempts: number } | undefined;
          return r?.status === 'sent' ? r : undefined;
        },
        5000,
        'outbox sent',
      );
      expect(Number(sent.attempts)).toBeGreaterThanOrEqual(2);
    });

    it('marks a mail failed after MAIL_MAX_ATTEMPTS tries the SMTP server refused, and tries it no more', async () => {
      const tries: string[] = [];
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        onRcptTo(address, _session, cb) {
          tries.push(address.address);
          cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        },
      });
      await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
      const port = (smtp.server.address() as AddressInfo).port;
      app = await startTestApp({
        dbKind,
        // The retry timer is left out of it (an hour): the test sends what is due itself.
        env: {
          REPORT_WORKER: 'inline',
          REPORT_POLL_MS: '20',
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          MAIL_MAX_ATTEMPTS: '3',
          MAIL_RETRY_BASE_MS: '10',
          MAIL_RETRY_POLL_MS: '3600000',
        },
      });
      const id = await app.deps.reports.start({
        product: 'idea-desirability-assessment',
        inputs: { idea: 'Laundry pickup for students' },
        email: 'refused@example.com',
      });
      await waitForReport(app.deps.reports, id);
      type OutboxRow = { status: string; attempts: number | string; last_error: string | null; next_attempt_at: unknown; to_email: string };
      const outboxRow = async () => (await app.deps.db.knex('outbox').where({ ref: id }).first()) as OutboxRow | undefined;
      const pending = await waitFor(
        async () => {
          const r = await outboxRow();
          return r?.status === 'pending' && r.last_error ? r : undefined;
        },
        20000,
        'the first try',
      );
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending.next_attempt_at).not.toBeNull();
      // Each flush sends what is due: the second try 10 ms after the first, the third 20 ms after that.
      const failed = await waitFor(
        async () => {
          await app.deps.reports.mailer.flush();
          const r = await outboxRow();
          return r?.status === 'failed' ? r : undefined;
        },
        20000,
        'the mail marked failed',
      );
      expect(failed).toMatchObject({ status: 'failed', to_email: 'refused@example.com', next_attempt_at: null });
      expect(Number(failed.attempts)).toBe(3);
      expect(failed.last_error).toMatch(/Mailbox unavailable/);
      expect(tries).toEqual(['refused@example.com', 'refused@example.com', 'refused@example.com']);
      // Failed for good: later flushes leave it alone.
      expect(await app.deps.reports.mailer.flush()).toBe(0);
      expect(tries).toHaveLength(3);
      expect((await outboxRow())?.status).toBe('failed');
    });

    it('keeps the mail in the outbox when SMTP is not configured', async () => {
      app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'inline', REPORT_POLL_MS: '20' } });
      const id = await app.deps.reports.start({
        product: 'idea-desirability-assessment',
        inputs: { idea: 'Dog walking by the minute' },
        email: 'owner@example.com',
      });
      await waitForReport(app.deps.reports, id);
      const row = await waitFor(async () => app.deps.db.knex('outbox').where({ ref: id }).first(), 5000, 'outbox row');
      expect(row).toMatchObject({
        kind: 'report-ready',
        status: 'pending',
        to_email: 'owner@example.com',
        subject: 'Your Idea Desirability Assessment is ready',
      });
      expect(row.body_text).toContain(`http://localhost:3000/report/${id}`);
      const noMail = await app.deps.reports.start({ product: 'idea-desirability-assessment', inputs: { idea: 'Dog walking by the minute' } });
      await waitForReport(app.deps.reports, noMail);
      expect(await app.deps.db.knex('outbox').where({ ref: noMail }).first()).toBeUndefined();
    });
  });
});
