import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { breakEvenLabel } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs, type TestDb } from '../../../test/db';
import { signInWithEmbeddedProvider, testBrowser } from '../../../test/paidBrowser';
import { FEASIBILITY_INPUTS, waitForReport } from '../../../test/reports';

jest.setTimeout(120_000);

/** The PDF's text as pdftotext reads it, with runs of spaces squashed. */
function pdfText(data: ArrayBuffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basis-pdf-'));
  const file = path.join(dir, 'r.pdf');
  try {
    fs.writeFileSync(file, Buffer.from(data));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDbs)("the founder's basis on a finished report, on $label", (dbKind: TestDb) => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  const finished = async (basis?: object) => {
    const id = await app.deps.reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS, ...(basis ? { basis } : {}) });
    const w = app.deps.reports.createWorker();
    w.start();
    await waitForReport(app.deps.reports, id);
    await w.stop();
    return id;
  };
  const status = async (id: string) => json(await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: id } }));
  const setBasis = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    app.fetch(`/api/reports/${id}/basis`, { method: 'POST', json: body, headers });

  beforeEach(async () => {
    app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'off' } });
  });

  it('the founder changes market and price: the sheet, break-even and verdict are computed again, stored, and survive a reload; reset brings the original back', async () => {
    const id = await finished();
    const before = await status(id);
    const original = before.fact_sheet;
    expect(original.basis).toMatchObject({ market: 'fitness', setByFounder: [] });

    const res = await setBasis(id, { basis: { market: 'pets', price: 400 } });
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.fact_sheet.basis).toMatchObject({ market: 'pets', marketLabel: 'pet care', price: 400, setByFounder: ['market', 'price'] });
    expect(answer.fact_sheet.market.id).toBe('pets');
    // The gyms' study breaks even nowhere within five years; at £400 a month it does.
    expect(original.breakEvenMonth).toBeNull();
    expect(original.verdict.word).toBe('No-go');
    expect(answer.fact_sheet.breakEvenMonth).toEqual(expect.any(Number));
    expect(answer.fact_sheet.verdict.word).toBe('Go with changes');
    expect(answer.original_fact_sheet).toEqual(original);
    expect(answer.stale_sections).toEqual(before.flow_execution_steps.map((s: { id: string }) => s.id));
    expect(answer.stale_sections).toHaveLength(9);
    expect(answer.fact_sheet.assumptions.find((a: { id: string }) => a.id === 'price')).toMatchObject({ value: 400, changedByYou: true });

    // A reload (the polling answer) shows the founder's version, the original beside it, and marks each section.
    const again = await status(id);
    expect(again.fact_sheet).toEqual(answer.fact_sheet);
    expect(again.original_fact_sheet).toEqual(original);
    expect(again.flow_execution_steps.every((s: { written_for: string }) => s.written_for === 'original')).toBe(true);

    // The PDF prints the version shown.
    const pdf = await app.fetch(`/api/reports/${id}/pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(await pdf.arrayBuffer());
    expect(text).toContain('Verdict: Go with changes');
    expect(text).toContain(`Break-even: ${breakEvenLabel(answer.fact_sheet.breakEvenMonth)}`);
    expect(text).toMatch(/Basis: market pet care \(set by you\)/);
    expect(text).toMatch(/Changed by you: Price £400 a month \(originally £\d+ a month\)/);
    expect(text).toContain('Written for the original numbers - write it again on the report page for yours.');

    // What-if assumptions add to the basis already set.
    const whatIf = await json(await setBasis(id, { assumptions: { price: 3, margin: '85%' } }));
    expect(whatIf.fact_sheet.basis).toMatchObject({ market: 'pets', price: 3, setByFounder: ['market'] });
    expect(whatIf.fact_sheet.assumptions.filter((a: { changedByYou: boolean }) => a.changedByYou).map((a: { id: string }) => a.id)).toEqual([
      'price',
      'margin',
    ]);
    expect(whatIf.fact_sheet.breakEvenMonth).toBeNull();
    expect(whatIf.fact_sheet.verdict.word).toBe('No-go');

    // The offline analyst writes the sections again for the founder's numbers, at once.
    const rw = await app.fetch(`/api/reports/${id}/rewrite`, { method: 'POST', json: {} });
    expect(rw.status).toBe(200);
    expect(await json(rw)).toEqual({ rewritten: expect.arrayContaining(['final-recommendations']), stale_sections: [], rewrites_left: 4 });
    const rewritten = await status(id);
    expect(rewritten.flow_execution_steps.every((s: { written_for: string }) => s.written_for === 'yours')).toBe(true);
    const final = rewritten.flow_execution_steps.find((s: { id: string }) => s.id === 'final-recommendations');
    expect(final.raw_output.startsWith(`**Verdict: ${whatIf.fact_sheet.verdict.word}.**`)).toBe(true);

    const reset = await json(await setBasis(id, { reset: true }));
    expect(reset).toEqual({ fact_sheet: original, original_fact_sheet: null, stale_sections: [] });
    const back = await status(id);
    expect(back.fact_sheet).toEqual(original);
    expect(back.original_fact_sheet).toBeUndefined();
    expect(Object.keys(back.flow_execution_steps[0]).sort()).toEqual(['id', 'raw_output', 'title']);
  });

  it('a report started with a basis is computed from it, and the offline analyst writes from it', async () => {
    const id = await finished({ market: 'pets', place: 'Spain', segment: 'dog walkers', price: 9 });
    const s = await status(id);
    expect(s.fact_sheet.basis).toMatchObject({
      market: 'pets',
      place: 'Spain',
      segment: 'dog walkers',
      price: 9,
      setByFounder: ['market', 'segment', 'place', 'price'],
    });
    expect(s.fact_sheet.currency.code).toBe('EUR');
    expect(s.original_fact_sheet).toBeUndefined();
    const text = s.flow_execution_steps.map((x: { raw_output: string }) => x.raw_output).join('\n');
    expect(text).toMatch(/pet care|dog walkers/);
    expect(text).not.toMatch(/fitness and wellness/);
  });

  it('refuses bad input with a clear 400, an unknown report with 404, a report still being written with 409, and a cross-site form with 403', async () => {
    const bad = async (body: unknown, pattern: RegExp) => {
      const r = await setBasis(id, body);
      expect(r.status).toBe(400);
      expect((await json(r)).error).toEqual({ code: 'bad_request', message: expect.stringMatching(pattern) });
    };
    const id = await finished();
    await bad({ basis: { market: 'dogs' } }, /^basis\.market: market must be one of food, health, .*, general$/);
    await bad({ basis: { place: 'Atlantis' } }, /^place "Atlantis" is not a place the analyst knows: write a country or region such as United States/);
    await bad({ basis: { price: 0 } }, /^basis\.price: price must be more than 0$/);
    await bad({ assumptions: { margin: 3000 } }, /^assumptions\.margin: margin must be at most 1$/);
    await bad({ assumptions: { team: 'many' } }, /^assumptions\.team: team must be a number$/);
    await bad({ colour: 'red' }, /colour/);
    await bad([1], /JSON object/);
    const missing = await setBasis('AAAAAAAAAAAAAAAAAAAAAA', { basis: { market: 'pets' } });
    expect(missing.status).toBe(404);
    const crossSite = await setBasis(id, { basis: { market: 'pets' } }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await status(id)).fact_sheet.basis.market).toBe('fitness');

    const queued = await app.deps.reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const early = await setBasis(queued, { basis: { market: 'pets' } });
    expect(early.status).toBe(409);
    expect((await json(early)).error.message).toBe('The report is still being written: change its basis when it is ready.');
    const startBad = await app.fetch('/api/dev/reports', {
      method: 'POST',
      json: { product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS, basis: { buyerKind: 'robots' } },
    });
    expect(startBad.status).toBe(400);
    expect((await json(startBad)).error.message).toBe('basis.buyerKind: buyerKind must be one of consumer, business');
  });

  it('a form post without JavaScript changes the basis and goes back to the report page', async () => {
    const id = await finished();
    const r = await app.fetch(`/api/reports/${id}/basis`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'basis.market': 'pets', 'basis.segment': '', 'assumptions.price': '4', 'assumptions.team': '' }).toString(),
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`/report/${id}#numbers`);
    const s = await status(id);
    expect(s.fact_sheet.basis).toMatchObject({ market: 'pets', price: 4, setByFounder: ['market'] });
  });

  it('the paid flow’s start takes the basis: the report is computed from it; a place the analyst does not know is refused and the credit stays unused', async () => {
    const b = testBrowser(app.url);
    const email = 'paid-basis@example.com';
    await signInWithEmbeddedProvider(b, email);
    const pay = async () => {
      const checkout = await b.postForm('/api/checkout/session', { email });
      const sid = (checkout.headers.get('location') ?? '').split('/').pop() as string;
      await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
      return sid;
    };
    const inputs = { target_market: 'Dog owners in Germany', product_idea: 'A GPS collar subscription that alerts owners when the dog leaves a safe zone' };
    const sid = await pay();
    const refused = await json(await b.postJson('/api/feasibility/start', { ...inputs, email, session_id: sid, basis: { place: 'Atlantis' } }));
    expect(refused).toMatchObject({ success: false, error: expect.stringMatching(/^place "Atlantis" is not a place the analyst knows/) });
    const bad = await b.postJson('/api/feasibility/start', { ...inputs, email, session_id: sid, basis: { productKind: 'gadget' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe('basis.productKind: productKind must be one of software, hardware, service, marketplace, content');
    const started = await json(
      await b.postJson('/api/feasibility/start', { ...inputs, email, session_id: sid, basis: { market: 'pets', productKind: 'hardware', price: 12 } }),
    );
    expect(started.success).toBe(true);
    const job = await app.deps.reports.get(started.flow_execution_id);
    expect(job?.factSheet?.basis).toMatchObject({
      market: 'pets',
      productKind: 'hardware',
      price: 12,
      place: 'Germany',
      setByFounder: ['market', 'productKind', 'price'],
    });
    expect(job?.factSheet?.verdict.word).toBeDefined();
  });
});
