import Stripe from 'stripe';
import { PDFParse } from 'pdf-parse';
import { EVIDENCE_USED_TITLE, INTERVIEW_EVIDENCE_LIMITS, SYNTHETIC_INTERVIEW_LABEL, citesInterviewEvidence, type InterviewEvidence } from '@val/contracts';
import { CATALOGUE, getProduct } from '@val/content';
import { json, startTestApp, type TestApp } from '../../test/app';
import { testDbs } from '../../test/db';
import { signInWithEmbeddedProvider, testBrowser, type TestBrowser } from '../../test/paidBrowser';
import { waitForReport } from '../../test/reports';
import { startFakeStripe, type FakeStripe } from '../../test/stripeServer';
import { offlineReportAnswer } from '../ai/offline/reports';

/** Step 3's interviews as the browser sends them (two questions to two personas). */
const EVIDENCE: InterviewEvidence = [
  {
    name: 'Maria Lopez',
    role: 'Owner of a two-chair hair salon',
    exchanges: [
      {
        question: 'What does a last-minute cancellation cost you?',
        reply: 'About $60 a chair, and it happens three times a week, so I lose money every week.',
      },
    ],
  },
  {
    name: 'Tom Becker',
    role: 'Barber shop manager',
    exchanges: [
      { question: 'Would you pay $29 a month to fill those gaps?', reply: 'I would pay $29 if it filled two gaps a month; today I post on Instagram instead.' },
    ],
  },
];
const INPUTS = { target_market: 'Independent hair salons in Leeds', product_idea: 'An app that fills last-minute cancellations' };
const sessionOf = (location: string | null) => (location ?? '').split('/').pop() as string;

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The checkout form as the catalogue remote posts it, then the test card, then the start call of /success. */
async function orderFeasibility(app: TestApp, b: TestBrowser, email: string, evidence?: InterviewEvidence) {
  const fields: Record<string, string> = {
    email,
    product: 'new-product-feasibility-study',
    inputs: JSON.stringify({ targetMarket: INPUTS.target_market, productIdea: INPUTS.product_idea }),
  };
  if (evidence) fields.evidence = JSON.stringify(evidence);
  await signInWithEmbeddedProvider(b, email);
  const checkout = await b.postForm('/api/checkout/session', fields);
  expect(checkout.status).toBe(303);
  const sid = sessionOf(checkout.headers.get('location'));
  const paid = await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  expect(paid.status).toBe(303);
  const started = await json(await b.postJson('/api/feasibility/start', { ...INPUTS, email, session_id: sid }));
  expect(started).toMatchObject({ success: true });
  return { sid, reportId: started.flow_execution_id as string };
}

describe.each(testDbs)('interview evidence carried into a paid report on $label', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind });
  });
  afterAll(() => app.close());

  it('is stored with the checkout, copied into the report job, quoted by the customer/market agents only, and listed in the status answer and the PDF', async () => {
    const b = testBrowser(app.url);
    const { sid, reportId } = await orderFeasibility(app, b, 'ev@example.com', EVIDENCE);

    // Stored with the order, then copied into the job.
    expect((await app.deps.repos.payments.getBySession(sid))?.evidence).toEqual(EVIDENCE);
    expect((await app.deps.reports.get(reportId))?.evidence).toEqual(EVIDENCE);

    const status = await waitForReport(app.deps.reports, reportId);
    expect(status.processing_status).toBe('finished');
    // The public status answer (what the report page reads) lists the evidence.
    const polled = await json(await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: reportId } }));
    expect(polled.evidence).toEqual(EVIDENCE);

    // Customer- and market-facing agents quote the replies, labelled synthetic; the others do not.
    const byId = new Map(status.flow_execution_steps.map((s) => [s.id, s.raw_output]));
    for (const id of ['target-customers', 'market-trends']) {
      const out = byId.get(id)!;
      expect(out).toContain('### What the synthetic interviews said');
      expect(out).toContain(SYNTHETIC_INTERVIEW_LABEL);
      expect(out).toContain('About $60 a chair');
      expect(out).toContain('I would pay $29 if it filled two gaps a month');
      expect(out).toMatch(/Maria Lopez, Owner of a two-chair hair salon \(synthetic interview\)/);
    }
    for (const [id, out] of byId) {
      if (!citesInterviewEvidence(id)) expect(out).not.toContain('synthetic interview');
    }

    // The PDF lists them under "Evidence used" (the standard fonts print the dash as '-').
    const pdf = await app.deps.reports.pdf(reportId);
    const text = (await pdfText(pdf!.data)).replace(/\s+/g, ' ');
    expect(text).toContain(EVIDENCE_USED_TITLE);
    expect(text).toContain('Synthetic interview - an AI persona, not a real customer');
    expect(text).toContain('Maria Lopez, Owner of a two-chair hair salon');
    expect(text).toContain('Q: Would you pay $29 a month to fill those gaps?');
    expect(text).toContain('"About $60 a chair, and it happens three times a week, so I lose money every week."');
  });

  it('without interviews the report is as before: no evidence stored, in the answer, the sections or the PDF', async () => {
    const b = testBrowser(app.url);
    const { sid, reportId } = await orderFeasibility(app, b, 'plain@example.com');
    expect((await app.deps.repos.payments.getBySession(sid))?.evidence).toBeNull();
    expect((await app.deps.reports.get(reportId))?.evidence).toBeNull();
    const status = await waitForReport(app.deps.reports, reportId);
    const polled = await json(await app.fetch('/api/reports/status', { method: 'POST', json: { execution_id: reportId } }));
    expect('evidence' in polled).toBe(false);
    expect(status.flow_execution_steps.some((s) => /synthetic interview/i.test(s.raw_output))).toBe(false);
    const text = await pdfText((await app.deps.reports.pdf(reportId))!.data);
    expect(text).not.toContain(EVIDENCE_USED_TITLE);
    // The section a citing agent writes without evidence is exactly the offline analyst's section of today.
    const product = getProduct('new-product-feasibility-study')!;
    const agent = product.agents.find((a) => a.id === 'target-customers')!;
    const inputs = { targetMarket: INPUTS.target_market, productIdea: INPUTS.product_idea };
    const research = status.flow_execution_steps.find((s) => s.id === 'target-customers')!.raw_output;
    const job = (await app.deps.reports.repo.steps(reportId)).find((s) => s.stepId === 'research-plan')!;
    expect(research).toBe(
      offlineReportAnswer({
        product,
        agent,
        inputs,
        upstream: [{ id: 'research-plan', title: 'Research Plan', agent: 'Research Planner', output: job.rawOutput! }],
      }).trim(),
    );
  });

  it('a start call brings the interviews when the checkout carried none (the hero’s sign-in path); the checkout’s own win', async () => {
    const b = testBrowser(app.url);
    const email = 'late@example.com';
    const other: InterviewEvidence = [{ name: 'Other Persona', role: 'Nobody', exchanges: [{ question: 'Q?', reply: 'Not this one.' }] }];
    await signInWithEmbeddedProvider(b, email);
    const checkout = await b.postForm('/api/checkout/session', { email });
    const sid = sessionOf(checkout.headers.get('location'));
    await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    const started = await json(await b.postJson('/api/feasibility/start', { ...INPUTS, email, session_id: sid, evidence: EVIDENCE }));
    expect((await app.deps.reports.get(started.flow_execution_id))?.evidence).toEqual(EVIDENCE);

    const withOwn = await orderFeasibility(app, testBrowser(app.url), 'own@example.com', EVIDENCE);
    const again = await json(await b.postJson('/api/feasibility/start', { ...INPUTS, email: 'own@example.com', session_id: withOwn.sid, evidence: other }));
    expect(again.flow_execution_id).toBe(withOwn.reportId);
    expect((await app.deps.reports.get(withOwn.reportId))?.evidence).toEqual(EVIDENCE);
  });

  it('a catalogue product carries them too: Voice of Customer Insights quotes them in its persona and insight sections', async () => {
    const b = testBrowser(app.url);
    const voc = CATALOGUE.find((p) => p.id === 'voice-of-customer-insights')!;
    const inputs = Object.fromEntries(voc.fields.map((f) => [f.name, `Hair salons ${f.name}`]));
    await signInWithEmbeddedProvider(b, 'voc@example.com');
    const checkout = await b.postForm('/api/checkout/session', {
      email: 'voc@example.com',
      product: voc.id,
      inputs: JSON.stringify(inputs),
      evidence: JSON.stringify(EVIDENCE),
    });
    const sid = sessionOf(checkout.headers.get('location'));
    await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    const started = await json(await b.postJson('/api/feasibility/start', { target_market: '', product_idea: '', email: 'voc@example.com', session_id: sid }));
    const status = await waitForReport(app.deps.reports, started.flow_execution_id);
    const byId = new Map(status.flow_execution_steps.map((s) => [s.id, s.raw_output]));
    expect(byId.get('customer-personas')).toContain('Tom Becker, Barber shop manager (synthetic interview)');
    expect(byId.get('customer-insights')).toContain(SYNTHETIC_INTERVIEW_LABEL);
    expect(byId.get('customer-interviews')).not.toContain('synthetic interview');
  });

  it('refuses bad shapes and oversized evidence with a 400 and a clear message, storing nothing', async () => {
    const b = testBrowser(app.url);
    const ok = EVIDENCE[0];
    const L = INTERVIEW_EVIDENCE_LIMITS;
    const cases: Array<[unknown, RegExp]> = [
      ['not json', /evidence must be JSON/],
      [{ name: 'x' }, /evidence must be a list/],
      [[ok, ok, ok, ok], /at most 3 personas/],
      [[{ ...ok, exchanges: Array(L.exchangesPerPersona + 1).fill(ok.exchanges[0]) }], /at most 10 exchanges/],
      [[{ ...ok, exchanges: [{ question: 'Q?', reply: 'r'.repeat(L.reply + 1) }] }], /evidence reply must be at most 500 characters/],
      [[{ ...ok, exchanges: [{ question: '   ', reply: 'R' }] }], /evidence question is required/],
      [[{ ...ok, exchanges: [{ question: 'Q', reply: 42 }] }], /evidence reply must be text/],
      [[{ ...ok, name: '' }], /evidence persona name is required/],
      [[{ ...ok, exchanges: [] }], /at least one exchange/],
    ];
    const before = await app.deps.db.knex('payments').count({ n: '*' });
    for (const [evidence, message] of cases) {
      const r = await app.fetch('/api/checkout/session', { method: 'POST', json: { email: 'bad@example.com', evidence }, headers: { origin: app.url } });
      expect(r.status).toBe(400);
      expect((await json(r)).error.message).toMatch(message);
      const start = await b.postJson('/api/feasibility/start', { ...INPUTS, email: 'bad@example.com', evidence });
      expect(start.status).toBe(400);
      expect((await json(start)).error).toMatchObject({ code: 'bad_request' });
    }
    // As a form field: text over the limit, and not JSON.
    const long = await b.postForm('/api/checkout/session', { email: 'bad@example.com', evidence: 'x'.repeat(L.jsonChars + 1) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('evidence must be at most 24000 characters of JSON');
    expect(await app.deps.db.knex('payments').count({ n: '*' })).toEqual(before);
  });
});

describe('interview evidence through Stripe Checkout and its webhook', () => {
  const SECRET = 'whsec_evidence_test';
  let stripe: FakeStripe;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url } });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('survives the round trip: checkout → Stripe → signed webhook → start → the report job', async () => {
    const b = testBrowser(app.url);
    await signInWithEmbeddedProvider(b, 'stripe-ev@example.com');
    const r = await b.postForm('/api/checkout/session', {
      email: 'stripe-ev@example.com',
      product: 'new-product-feasibility-study',
      inputs: JSON.stringify({ targetMarket: INPUTS.target_market, productIdea: INPUTS.product_idea }),
      evidence: JSON.stringify(EVIDENCE),
    });
    expect(r.status).toBe(303);
    const sid = sessionOf(r.headers.get('location'));
    const session = stripe.pay(sid);
    const payload = JSON.stringify({
      id: 'evt_evidence_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const hook = await app.fetch('/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
    });
    expect(hook.status).toBe(200);
    expect(await app.deps.repos.payments.getBySession(sid)).toMatchObject({ status: 'paid', evidence: EVIDENCE });
    const started = await json(await b.postJson('/api/feasibility/start', { ...INPUTS, email: 'stripe-ev@example.com', session_id: sid }));
    expect((await app.deps.reports.get(started.flow_execution_id))?.evidence).toEqual(EVIDENCE);
  });
});
