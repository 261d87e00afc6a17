import fs from 'node:fs';
import path from 'node:path';
import { carelessReply } from '../../test/carelessModel';
import { startChatServer, type ChatServer } from '../../test/chatServer';
import { startTestApp, type TestApp } from '../../test/app';
import type { BenchIdea } from '../../../bench/report-quality/probes';
import { describe as describeFinding, runSuite, type SuitePass } from '../../../bench/report-quality/suite';

/**
 * The fast subset of bench/report-quality: four of its ideas (pounds and a B2C food idea, francs
 * and a B2B studio, yen and a family service, a charity tool that fits no market) through the
 * validation, step 3 and all eight reports over HTTP, on the offline analyst and on a careless
 * model, read by the bench's own probes: nothing shipped contradicts its fact sheet, names a
 * company of another market or states a number the sheet, the founder or a cited source does
 * not give (unless marked as an assumption).
 */
jest.setTimeout(120_000);

const SUBSET = ['meal-plan-london', 'yoga-studio-zurich', 'elder-checkin-japan', 'grant-writing-charities'];
const ALL: BenchIdea[] = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../bench/report-quality/ideas.json'), 'utf8')).ideas;
const IDEAS = SUBSET.map((id) => ALL.find((i) => i.id === id)!);
/** The issue-36 case of ideas-facts.json: a GPS dog collar in Germany (a device, a place, a sub-segment of pet care). */
const COLLAR: BenchIdea = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../bench/report-quality/ideas-facts.json'), 'utf8')).ideas.find(
  (i: BenchIdea) => i.id === 'gps-collar-germany',
);
/** The idea's own facts (issue 36): the founder's problem, laws of the founder's place, a device plan, competitors of the segment. */
const FACT_KINDS = ['problem-replaced', 'foreign-law', 'hardware-feasibility', 'off-segment'];
const facts = (pass: SuitePass) => Object.fromEntries(FACT_KINDS.map((k) => [k, of(pass, k)]));
const noFacts = Object.fromEntries(FACT_KINDS.map((k) => [k, []]));

const ENV = {
  VALIDATE_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '100000',
  AI_TOKEN_BUDGET_PER_IP: '1000000000',
  REPORT_WORKER_CONCURRENCY: '4',
  REPORT_POLL_MS: '20',
};

/** The findings of one kind, one readable line each (the assertion's diff shows what shipped). */
const of = (pass: SuitePass, kind: string) => pass.findings.filter((f) => f.kind === kind).map(describeFinding);

/** No finding of any kind; `read` names the statements the probes must have seen (so they were not blind). */
function expectClean(pass: SuitePass, read: Array<keyof SuitePass['seen']>) {
  expect(of(pass, 'failed')).toEqual([]);
  expect(pass.reportMs).toHaveLength(IDEAS.length * 8);
  expect(pass.claims).toBeGreaterThan(50);
  for (const k of read) expect({ [k]: pass.seen[k] }).toEqual({ [k]: expect.any(Number) });
  for (const k of read) expect(pass.seen[k]).toBeGreaterThan(0);
  const kinds = ['contradiction', 'wrong-name', 'untraceable', 'citation', 'link', 'sheet'];
  expect(Object.fromEntries(kinds.map((k) => [k, of(pass, k)]))).toEqual(Object.fromEntries(kinds.map((k) => [k, []])));
}

describe('what ships rests on its fact sheet (bench/report-quality probes, 4 ideas × validation, step 3 and 8 reports)', () => {
  it('the offline analyst', async () => {
    const app = await startTestApp({ env: { ...ENV, AI_PROVIDER: 'offline' } });
    try {
      const pass = await runSuite(app.url, IDEAS, { concurrency: 4 });
      expect(pass.reads.filter((r) => r.read === 'wrong').map((r) => `${r.idea} ${r.surface} → ${r.id}`)).toEqual([]);
      expectClean(pass, ['verdicts', 'breakEven', 'labels', 'ownScores']);
      expect(facts(pass)).toEqual(noFacts);
    } finally {
      await app.close();
    }
  });

  it('the offline analyst keeps the idea’s own facts: a GPS dog collar in Germany, 8 reports', async () => {
    const app = await startTestApp({ env: { ...ENV, AI_PROVIDER: 'offline' } });
    try {
      const pass = await runSuite(app.url, [COLLAR], { concurrency: 4, reportsOnly: true });
      expect(of(pass, 'failed')).toEqual([]);
      expect(pass.reportMs).toHaveLength(8);
      // One left, from the table's data (not this part's to edit): Rover's "walk" tag fits the pain-points
      // topic "Dogs that run off on walks"; its tags should be "walker" and "dog walking".
      expect(facts(pass)).toEqual({
        ...noFacts,
        'off-segment': [expect.stringMatching(/^\[gps-collar-germany · market-pain-points-analysis · pain-discovery\] Rover sells/)],
      });
    } finally {
      await app.close();
    }
  });

  describe('a careless model', () => {
    let model: ChatServer;
    let app: TestApp;
    beforeAll(async () => {
      model = await startChatServer();
      model.reply((req) => carelessReply(req, { repair: 'half' }));
      app = await startTestApp({ env: { ...ENV, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.baseURL, AI_MAX_RETRIES: '0' } });
    });
    afterAll(async () => {
      await app.close();
      await model.close();
    });

    it('is repaired or cut before anything ships', async () => {
      const pass = await runSuite(app.url, IDEAS, { concurrency: 4 });
      // The model was really asked, and its errors really reached the checker.
      expect(model.requests.length).toBeGreaterThan(IDEAS.length * 8);
      // Its drafts stayed hollow after the repair round: one more round each, then the offline analyst's text (issue 37).
      expect(model.requests.filter((q) => /would take \d+ of|would be hollow/.test(q.body.messages.at(-1)?.content ?? '')).length).toBeGreaterThan(0);
      // What survives the cut still states the verdict (the labels and break-even claims were all wrong and removed).
      expectClean(pass, ['verdicts']);
    });
  });
});
