import type { GenerateSimulationResponse } from '@val/contracts';
import { carelessReply } from '../../../test/carelessModel';
import { startChatServer, type ChatServer } from '../../../test/chatServer';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { checkMonthTexts } from '../../analysis/simulationSheet';

const HIGH_LIMITS = { SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000', SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000' };
const validationData = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost money every week',
  feedback: '## Validation Score: 7/10\nPromising niche.',
};
const persona = { id: 'early-abc', name: 'Maya Chen', role: 'Salon owner', avatar: 'MC', background: 'Runs two salons.' };
const body = { validationData, customerInsights: [{ persona, responses: ['I would pay for this, sign me up.'], completed: true }], landingPageContent: null };

/** Every number a month card's words mention that is not that month's own. */
const strayNumbers = (r: GenerateSimulationResponse) =>
  checkMonthTexts(
    r.simulation,
    r.factSheet!,
    [validationData.idea, validationData.targetCustomer, validationData.problemSolved, ...body.customerInsights[0].responses].join(' '),
  );

describe('step 3’s months mention only their own numbers', () => {
  it('offline: the sheet holds the six months the cards show, with new and lost users and growth', async () => {
    const app = await startTestApp({ env: HIGH_LIMITS });
    try {
      const r = (await json(await app.fetch('/api/generate-simulation', { method: 'POST', json: body }))) as GenerateSimulationResponse;
      expect(r.factSheet?.kind).toBe('simulation');
      expect(r.factSheet!.months.map((m) => m.users)).toEqual(r.simulation.map((m) => m.users));
      r.simulation.forEach((m, k) => {
        expect(m).toMatchObject({
          newUsers: r.factSheet!.months[k].newUsers,
          churnedUsers: r.factSheet!.months[k].churnedUsers,
          previousUsers: k ? r.simulation[k - 1].users : 0,
        });
      });
      expect(r.factSheet!.months[0].growthPercent).toBeNull();
      expect(r.factSheet!.months[1].growthPercent).toBe(Math.round(((r.simulation[1].users - r.simulation[0].users) / r.simulation[0].users) * 100));
      expect(strayNumbers(r)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  describe('with a careless model', () => {
    let srv: ChatServer;
    let app: TestApp;
    beforeAll(async () => {
      srv = await startChatServer();
      app = await startTestApp({
        env: { ...HIGH_LIMITS, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: srv.baseURL, AI_MAX_RETRIES: '0' },
      });
    });
    afterAll(async () => {
      await app.close();
      await srv.close();
    });

    it('regenerates once, then gives the months still wrong the offline narration ("First 50 users" never shows)', async () => {
      srv.requests.length = 0;
      srv.reply((req) => carelessReply(req, { repair: 'half' }));
      const r = (await json(await app.fetch('/api/generate-simulation', { method: 'POST', json: body }))) as GenerateSimulationResponse;
      expect(srv.requests).toHaveLength(2);
      expect(srv.requests[1].body.messages.at(-1)?.content).toMatch(/Month 1 \(title\): "First 50 users" mentions 50\./);
      expect(r.simulation[0].title).not.toContain('50');
      expect(r.simulation[5].wins.join(' ')).not.toContain('300');
      expect(strayNumbers(r)).toEqual([]);
      // The months the model fixed in the second round are kept (its words, the model's numbers).
      expect(r.simulation[1].wins[0]).toBe(`Reached ${r.simulation[1].users} users`);
    });

    it("Val's chat: a reply with the model's own user counts is regenerated once, then answered from the month's numbers", async () => {
      srv.reply((req) => carelessReply(req));
      const month = {
        month: 2,
        title: 'Month 2',
        users: 90,
        wins: ['w'],
        challenges: ['c'],
        newUsers: 20,
        churnedUsers: 8,
        previousUsers: 78,
        nextMonthUsers: 101,
      };
      const chat = { month: 2, question: 'How many users did I lose, what growth rate?', conversationHistory: [], simulationData: month, validationData };
      srv.requests.length = 0;
      const r = await json(await app.fetch('/api/val-chat', { method: 'POST', json: chat }));
      expect(srv.requests).toHaveLength(2);
      expect(r.response).not.toMatch(/50 users|300%/);
      const streamed = await app.fetch('/api/val-chat/stream', { method: 'POST', json: chat });
      const text = await streamed.text();
      const done = JSON.parse(/event: done\ndata: (.*)/.exec(text)![1]) as { response: string };
      expect(done.response).not.toMatch(/50 users|300%/);
    });

    it('a model that ignores the regeneration gets the offline narration for every wrong month', async () => {
      srv.requests.length = 0;
      srv.reply((req) => carelessReply(req, { repair: 'ignore' }));
      const r = (await json(await app.fetch('/api/generate-simulation', { method: 'POST', json: body }))) as GenerateSimulationResponse;
      expect(srv.requests).toHaveLength(2);
      expect(strayNumbers(r)).toEqual([]);
      expect(r.simulation.map((m) => m.users)).toEqual(r.factSheet!.months.map((m) => m.users));
    });
  });
});
