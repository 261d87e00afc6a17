import { type ReportStatusResponse } from '@val/contracts';
import { getProduct } from '@val/content';
import { carelessReply } from '../../test/carelessModel';
import { startChatServer, type ChatServer } from '../../test/chatServer';
import { startFakeSearch, type FakeSearchServer } from '../../test/fakeSearch';
import { startTestApp, type TestApp } from '../../test/app';
import { waitForReport } from '../../test/reports';
import { checkSection } from '../analysis/check';

jest.setTimeout(120_000);

const GYMS = { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' };
const SNACKS = { market: 'Plant-based snacks in Germany' };
const CAFES = { targetMarket: 'Cafés in Zürich', productIdea: 'An app that lets cafés sell surplus pastries at closing time' };

async function run(app: TestApp, product: string, inputs: Record<string, string>): Promise<ReportStatusResponse> {
  const id = await app.deps.reports.start({ product, inputs });
  const w = app.deps.reports.createWorker();
  w.start();
  try {
    return (await waitForReport(app.deps.reports, id, 90_000)) as ReportStatusResponse;
  } finally {
    await w.stop();
  }
}

/** Every section checked again against the stored sheet: what a founder reads contradicts nothing. */
function contradictions(r: ReportStatusResponse, inputs: Record<string, string>) {
  const sheet = r.fact_sheet!;
  return r.flow_execution_steps.flatMap((s) =>
    checkSection(s.raw_output, { sheet, inputs: Object.values(inputs).join(' '), sources: s.sources ?? [], sectionId: s.id }).violations.map(
      (v) => `${s.id}: ${v.kind} "${v.text}"`,
    ),
  );
}

const section = (r: ReportStatusResponse, id: string) => r.flow_execution_steps.find((s) => s.id === id)?.raw_output ?? '';

describe('reports rest on their fact sheet (offline analyst)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REPORT_WORKER: 'off', REPORT_POLL_MS: '20' } });
  });
  afterAll(() => app.close());

  it('the UK gym study: the verdict follows the forecast, in pounds, and says no live sources were consulted', async () => {
    const r = await run(app, 'new-product-feasibility-study', GYMS);
    const sheet = r.fact_sheet!;
    expect(sheet.currency.code).toBe('GBP');
    expect(sheet.sources).toMatchObject({ live: false, note: expect.stringContaining('No live sources were consulted') });
    if (sheet.breakEvenMonth === null) expect(sheet.verdict.word).toBe('No-go');
    else if (sheet.breakEvenMonth > 36) expect(sheet.verdict.word).not.toBe('Go');
    expect(section(r, 'final-recommendations')).toMatch(new RegExp(`^\\*\\*Verdict: ${sheet.verdict.word}\\.\\*\\*`));
    expect(section(r, 'final-recommendations')).not.toMatch(/the numbers can work/i);
    const be = sheet.breakEvenMonth ? `break-even in month ${sheet.breakEvenMonth}` : 'no break-even within five years';
    expect(section(r, 'profitability-forecast')).toContain(be);
    expect(section(r, 'final-recommendations').toLowerCase()).toContain(be);
    expect(r.flow_execution_steps.map((s) => s.raw_output).join('\n')).not.toMatch(/\$\d/);
    expect(contradictions(r, GYMS)).toEqual([]);
  });

  it('Porter’s five forces for plant-based snacks: one word per score, and the market is never the buyer', async () => {
    const r = await run(app, 'porter-5-forces-analysis', SNACKS);
    for (const s of r.fact_sheet!.scores) {
      const text = section(r, s.id);
      if (text) expect(text).toContain(`**${s.level}** (${s.score}/10)`);
    }
    const all = r.flow_execution_steps.map((s) => s.raw_output).join('\n');
    expect(all).not.toMatch(/Plant-based snacks in Germany can leave/i);
    expect(r.fact_sheet!.competitors.length).toBeGreaterThanOrEqual(2);
    expect(all).not.toMatch(/DoorDash|Uber Eats|HelloFresh|Toast/);
    for (const s of r.flow_execution_steps) {
      const rivalry = r.fact_sheet!.scores.find((x) => x.id === 'competitive-rivalry')!;
      if (s.id === 'competitive-rivalry' && rivalry.level === 'Low') expect(s.raw_output).not.toMatch(/price wars are common/);
    }
    expect(contradictions(r, SNACKS)).toEqual([]);
  });

  it('cafés in Zürich: counts rounded (no six-digit precision), francs, and no template fragments', async () => {
    const r = await run(app, 'new-product-feasibility-study', CAFES);
    const all = r.flow_execution_steps.map((s) => s.raw_output).join('\n');
    expect(r.fact_sheet!.market.place).toBe('Switzerland');
    expect(all).toContain('CHF ');
    for (const n of all.match(/\b\d{1,3}(?:,\d{3})+\b/g) ?? []) expect(n.replace(/,/g, '').replace(/0+$/, '').length).toBeLessThanOrEqual(3);
    expect(all).not.toMatch(/your market startups|found that \./);
    expect(contradictions(r, CAFES)).toEqual([]);
  });
});

describe('reports with a careless model', () => {
  let app: TestApp;
  let model: ChatServer;
  beforeAll(async () => {
    model = await startChatServer();
    model.reply((req) => carelessReply(req, { repair: 'half' }));
    app = await startTestApp({
      env: {
        REPORT_WORKER: 'off',
        REPORT_POLL_MS: '20',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: model.baseURL,
        AI_MAX_RETRIES: '0',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });

  it('asks for a repair listing the violations; a section left hollow gets one more round, then the offline analyst’s text, marked', async () => {
    const r = await run(app, 'porter-5-forces-analysis', SNACKS);
    expect(r.processing_status).toBe('finished');
    const product = getProduct('porter-5-forces-analysis')!;
    // A first answer, a repair round, and (the careless model keeps its claims) one more round per section.
    expect(model.requests).toHaveLength(product.agents.length * 3);
    const repairs = model.requests.filter((q) => q.body.messages.some((m) => m.role === 'assistant'));
    expect(repairs).toHaveLength(product.agents.length * 2);
    expect(repairs[0].body.messages.at(-1)?.content).toContain('You wrote "342,213" (number)');
    expect(repairs[0].body.messages.at(-1)?.content).toMatch(/You wrote "(Zillow|DoorDash|Salesforce)" \(competitor\)/);
    expect(repairs[0].body.messages.at(-1)?.content).toMatch(/You wrote "guaranteed" \(certainty\): the sheet lists \d+ risks?/);
    expect(repairs[0].body.messages.at(-1)?.content).toMatch(/You wrote "No competitors" \(competition\): the sheet names competitors: /);
    const hollowRounds = repairs.filter((q) =>
      /^Removing what contradicts the fact sheet would take \d+ of the section's \d+/.test(q.body.messages.at(-1)?.content ?? ''),
    );
    expect(hollowRounds).toHaveLength(product.agents.length);
    // The same inputs through the offline analyst: each section keeps at least 60 % of its length.
    const offline = await startTestApp({ env: { REPORT_WORKER: 'off', REPORT_POLL_MS: '20' } });
    let own: ReportStatusResponse;
    try {
      own = await run(offline, 'porter-5-forces-analysis', SNACKS);
    } finally {
      await offline.close();
    }
    for (const s of r.flow_execution_steps) {
      expect({ id: s.id, written_by: s.written_by, check: s.check }).toMatchObject({ id: s.id, written_by: 'offline-after-model', check: { repaired: true } });
      expect(s.raw_output).not.toMatch(
        /Zillow|Rightmove|DoorDash|Salesforce|Low \(8\/10\)|\[7\]|month 2 \||10\/10|guaranteed|No competitors|wide open|Everyone|IPO|raise millions/,
      );
      const mine = own.flow_execution_steps.find((x) => x.id === s.id)!.raw_output;
      expect(s.raw_output.length).toBeGreaterThanOrEqual(0.6 * mine.length);
    }
    expect(contradictions(r, SNACKS)).toEqual([]);
  });

  it('the UK gym study: a model that says "Verdict: Go" is corrected to the sheet’s verdict', async () => {
    const r = await run(app, 'new-product-feasibility-study', GYMS);
    const word = r.fact_sheet!.verdict.word;
    expect(word).not.toBe('Go');
    const repairOfFinal = model.requests.find(
      (q) => q.body.messages.some((m) => m.role === 'assistant') && q.body.messages.some((m) => m.content.includes('"section_title": "Final Recommendations"')),
    );
    expect(repairOfFinal?.body.messages.at(-1)?.content).toContain(`You wrote "Go" (verdict): the verdict is "${word}"`);
    expect(section(r, 'final-recommendations')).toContain(`**Verdict: ${word}.**`);
    expect(section(r, 'final-recommendations')).not.toMatch(/Verdict: Go\.|numbers can work/);
    expect(contradictions(r, GYMS)).toEqual([]);
  });
});

describe('reports with a search provider', () => {
  let app: TestApp;
  let search: FakeSearchServer;
  beforeAll(async () => {
    search = await startFakeSearch('searxng');
    app = await startTestApp({ env: { REPORT_WORKER: 'off', REPORT_POLL_MS: '20', ...search.env } });
  });
  afterAll(async () => {
    await app.close();
    await search.close();
  });

  it('searches once per job, cites [n] per section with a Sources list, and says live sources were consulted', async () => {
    const r = await run(app, 'new-product-feasibility-study', GYMS);
    expect(search.requests).toHaveLength(4);
    expect(r.fact_sheet!.sources).toMatchObject({
      live: true,
      provider: 'searxng',
      note: expect.stringMatching(/^Live sources consulted: \d+ search results? from searxng/),
    });
    const withSources = r.flow_execution_steps.filter((s) => s.sources?.length);
    expect(withSources.length / r.flow_execution_steps.length).toBeGreaterThanOrEqual(0.9);
    for (const s of withSources) for (const src of s.sources!) expect(s.raw_output).toContain(`[${src.n}]`);
    expect(contradictions(r, GYMS)).toEqual([]);
    // A resumed or re-read job never searches again.
    await app.deps.reports.status(r.fact_sheet ? (await app.deps.db.knex('report_jobs').first('id')).id : '');
    expect(search.requests).toHaveLength(4);
  });
});
