import fs from 'node:fs';
import path from 'node:path';
import type { CustomerInsight, ValidationData } from '@val/contracts';
import {
  currencyFor,
  offlineChallengeFeedback,
  offlineInterviewReply,
  offlinePersonas,
  offlineSimulation,
  offlineValChat,
  readPlace,
} from '@val/offline-analyst';
import { runSimulationModel } from '../services/simulationModel';
import { checkStepThreeText, personaProblem, sentenceProblem, type StepThreeContext } from './stepThreeCheck';

const dogs = {
  idea: 'A GPS tracker app for dogs that run off on walks',
  targetCustomer: 'Dog owners in Germany',
  problemSolved: 'Dogs run off and owners cannot find them',
};
const eur = { symbol: '€', code: 'EUR', perUsd: 0.92 };
const persona = (founderText = `${dogs.idea} ${dogs.targetCustomer} ${dogs.problemSolved}`): StepThreeContext => ({
  speaker: 'persona',
  founderText,
  currency: eur,
});
const val: StepThreeContext = { speaker: 'val', founderText: `${dogs.idea} ${dogs.targetCustomer} ${dogs.problemSolved}`, currency: eur };

describe('personas are invented people of the target customer', () => {
  it.each([
    [{ name: 'Jeff Bezos', role: 'CEO of Amazon', background: 'Runs Amazon.' }, /Jeff Bezos is a public figure/],
    [{ name: 'Sundar Pichai', role: 'CEO of Google', background: 'Runs Google.' }, /Sundar Pichai is a public figure/],
    [{ name: 'Mara Klein', role: 'Founder of Tractive', background: 'Started a pet tracker company.' }, /executive of a real company \(Tractive\)/],
    [{ name: 'Tom Weber', role: 'Dog owner', background: 'He is Amazon’s CEO in Germany.' }, /executive of a real company \(Amazon\)/],
    [{ name: 'Ana Ruiz', role: 'Early adopter', background: 'Tries every new tool.' }, /“Early adopter” is not a kind of the target customer/],
  ])('%j fails', (p, why) => {
    expect(personaProblem(p, dogs.targetCustomer)).toMatch(why);
  });

  it('a dog owner with a made-up name passes', () => {
    expect(
      personaProblem({ name: 'Lena Vogt', role: 'Dog owner who walks twice a day', background: 'Has a beagle that runs off.' }, dogs.targetCustomer),
    ).toBeNull();
    expect(personaProblem({ name: 'Jonas Beck', role: 'Owner of two rescue dogs', background: 'Lives in Berlin.' }, dogs.targetCustomer)).toBeNull();
  });
});

describe('a sentence of step 3 that claims what no step-3 fact gives is removed', () => {
  it.each([
    ['You will make $50M revenue in year 1.', persona(), /market-size or revenue/],
    ['The market is worth $12 billion.', persona(), /market-size or revenue/],
    ['87% of dog owners would pay for it [3].', persona(), /invented citation/],
    ['87% of dog owners would pay for it.', persona(), /count or share/],
    ['Google and Amazon are your main competitors.', persona(), /company the founder did not name: (Google|Amazon)/],
    ['This is guaranteed to work.', persona(), /certainty/],
    ['There are no competitors in this space.', persona(), /no competition/],
    ['Everyone with a dog needs this.', persona(), /everyone/],
    ['Plan your IPO for next year.', val, /stage-skipping/],
    ['You reach break-even in month 2.', val, /break-even/],
    ['Demand: 9/10 (Low).', val, /score out of 10/],
    ['I would pay €5,000 a month for it.', persona(), /beyond a person’s own budget/],
    ['I would pay $30 a month for it.', persona(), /another currency/],
  ])('%s', (sentence, ctx, why) => {
    expect(sentenceProblem(sentence, ctx)).toMatch(why);
  });

  it.each([
    ['I am 34 and have had dogs for 12 years.', persona()],
    ['I would pay €8 a month if it works.', persona()],
    ['My dog ran off twice last month.', persona()],
    ['Tractive is on my list because you named it.', persona(`${dogs.idea} like Tractive`)],
    ['Call the 8 users who left and ask why.', val],
  ])('keeps %s', (sentence, ctx) => {
    expect(sentenceProblem(sentence, ctx)).toBeNull();
  });

  it('removes the failing sentences of a markdown reply and keeps its shape', () => {
    const { text, removed } = checkStepThreeText(
      'Month 2 looks steady.\n\n**You will make $50M revenue in year 1 and reach break-even in month 2.** Keep going.\n\n- Demand: 9/10 (Low)\n- Call the users who left.',
      val,
    );
    expect(text).toBe('Month 2 looks steady.\n\nKeep going.\n\n- Call the users who left.');
    expect(removed.map((r) => r.sentence)).toEqual(['You will make $50M revenue in year 1 and reach break-even in month 2.', 'Demand: 9/10 (Low)']);
  });
});

describe('the offline analyst’s step-3 texts pass the check (66 bench ideas)', () => {
  const ideas: Array<{ id: string; validation: Omit<ValidationData, 'feedback'> }> = JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../bench/report-quality/ideas.json'), 'utf8'),
  ).ideas;
  const QUESTIONS = ['', 'What would you pay for this?', 'How do you deal with it today?', 'When would you start?', 'Who else do you know with this problem?'];

  it('personas, backgrounds, interview replies, months, challenge feedback and chat', () => {
    const failures: string[] = [];
    for (const idea of ideas) {
      const v: ValidationData = { ...idea.validation, feedback: '' };
      const all = `${v.targetCustomer} ${v.idea} ${v.problemSolved}`;
      const currency = currencyFor(all, readPlace(all));
      const ctx = (speaker: 'persona' | 'val', extra = ''): StepThreeContext => ({ speaker, founderText: `${all} ${extra}`, currency });
      const see = (what: string, text: string, c: StepThreeContext) =>
        checkStepThreeText(text, c).removed.forEach((r) => failures.push(`${idea.id} ${what}: ${r.sentence} — ${r.reason}`));
      const personas = offlinePersonas(v);
      const insights: CustomerInsight[] = [];
      for (const p of personas) {
        const why = personaProblem(p, v.targetCustomer);
        if (why) failures.push(`${idea.id} persona: ${why}`);
        see('background', p.background, ctx('persona'));
        const responses: string[] = [];
        for (const q of QUESTIONS) {
          const reply = offlineInterviewReply({ customerPersona: p, userQuestion: q, conversationHistory: [], validationData: v });
          see(`interview "${q}"`, reply, ctx('persona', q));
          responses.push(reply);
        }
        insights.push({ persona: p, completed: true, responses } as CustomerInsight);
      }
      const model = runSimulationModel({ validation: v, insights });
      const months = offlineSimulation({ validationData: v, customerInsights: insights, numbers: model.months });
      for (const m of months) for (const t of [m.title, ...m.wins, ...m.challenges, m.challenge ?? '']) see(`month ${m.month}`, t, ctx('val'));
      const data = months.map((m, k) => ({
        ...m,
        users: model.months[k].users,
        newUsers: model.months[k].newUsers,
        churnedUsers: model.months[k].churnedUsers,
      }));
      for (const q of ['How do I grow faster?', 'Why are people leaving?', 'Should I raise prices?'])
        see(`chat "${q}"`, offlineValChat({ month: 2, question: q, conversationHistory: [], simulationData: data[1], validationData: v }), ctx('val', q));
      const answer = 'I will call 10 churned users this week';
      see(
        'feedback',
        offlineChallengeFeedback({ month: 3, challenge: 'How will you keep users?', response: answer, validationData: v, simulationData: data }),
        ctx('val', answer),
      );
    }
    expect(failures).toEqual([]);
  });
});
