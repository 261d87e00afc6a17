import { countSignals, feedbackScore, isConsumerMarket, runSimulationModel, validationScore, type SimulationModelInput } from './simulationModel';

const validation = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations with nearby customers',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost salons hundreds each week',
  feedback: '',
};
const insight = (completed: boolean, responses: string[]) => ({ completed, responses });
const keen = ["Yes, I would pay $49 a month for that, it's exactly what I need.", "I'd start this month, sign me up."];
const doubtful = ["Too expensive for me, I'm not sure.", 'I already use a free tool and I am skeptical.'];

const base: SimulationModelInput = { validation, insights: [insight(true, keen), insight(false, []), insight(false, [])] };

describe('runSimulationModel', () => {
  it('gives six months of whole, positive users, month 1 = starting users', () => {
    const r = runSimulationModel(base);
    expect(r.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const m of r.months) {
      expect(Number.isInteger(m.users)).toBe(true);
      expect(m.users).toBeGreaterThanOrEqual(1);
    }
    expect(r.months[0].users).toBe(r.assumptions.startingUsers);
  });

  it('is deterministic: the same inputs give the same numbers', () => {
    expect(runSimulationModel(base)).toEqual(runSimulationModel(JSON.parse(JSON.stringify(base))));
  });

  it('never jumps absurdly: each month stays within -20% and ×2 of the one before', () => {
    const cases: SimulationModelInput[] = [
      base,
      { validation: { ...validation, feedback: 'Overall score: 10/10' }, insights: [1, 2, 3].map(() => insight(true, [...keen, ...keen, ...keen])) },
      { validation: { idea: 'x', targetCustomer: 'y', problemSolved: 'z', feedback: 'Score 0/10' }, insights: [1, 2, 3].map(() => insight(false, doubtful)) },
    ];
    for (const c of cases) {
      const { months } = runSimulationModel(c);
      for (let i = 1; i < months.length; i++) {
        expect(months[i].users).toBeGreaterThanOrEqual(Math.floor(months[i - 1].users * 0.8));
        expect(months[i].users).toBeLessThanOrEqual(months[i - 1].users * 2);
      }
      expect(months[0].users).toBeLessThanOrEqual(150);
    }
  });

  it('grows more with more completed, positive interviews and a better validation', () => {
    const weak = runSimulationModel({
      validation: { ...validation, feedback: 'Score: 3/10' },
      insights: [insight(true, doubtful), insight(false, []), insight(false, [])],
    });
    const strong = runSimulationModel({ validation: { ...validation, feedback: 'Score: 9/10' }, insights: [1, 2, 3].map(() => insight(true, keen)) });
    expect(strong.assumptions.interviewScore).toBeGreaterThan(weak.assumptions.interviewScore);
    expect(strong.assumptions.validationScore).toBeGreaterThan(weak.assumptions.validationScore);
    expect(strong.months[0].users).toBeGreaterThan(weak.months[0].users);
    expect(strong.months[5].users).toBeGreaterThan(weak.months[5].users);
    expect(strong.assumptions.churnRate).toBeLessThan(weak.assumptions.churnRate);
    expect(strong.assumptions.completedInterviews).toBe(3);
    expect(weak.assumptions.negativeSignals).toBeGreaterThan(weak.assumptions.positiveSignals);
  });

  it('keeps the bookkeeping consistent: users = previous + new - churned (inside the guard rails)', () => {
    const { months } = runSimulationModel(base);
    for (let i = 1; i < months.length; i++) {
      expect(months[i].users).toBe(months[i - 1].users + months[i].newUsers - months[i].churnedUsers);
    }
  });

  it('counts at most 3 completed interviews and survives no replies at all', () => {
    const r = runSimulationModel({ validation, insights: [1, 2, 3, 4].map(() => insight(true, [])) });
    expect(r.assumptions.completedInterviews).toBe(3);
    expect(r.assumptions.positiveSignals).toBe(0);
  });
});

describe('model inputs', () => {
  it('reads a score from the validation feedback in several notations', () => {
    expect(feedbackScore('Overall: 7/10 — promising')).toBe(0.7);
    expect(feedbackScore('Viability 72 out of 100')).toBe(0.72);
    expect(feedbackScore('## Score: 8')).toBe(0.8);
    expect(feedbackScore('No numbers here')).toBeNull();
    expect(validationScore({ ...validation, feedback: 'Score 6/10' })).toBe(0.6);
    expect(validationScore({ idea: 'x', targetCustomer: 'y', problemSolved: 'z', feedback: '' })).toBeLessThan(validationScore(validation));
  });
  it('counts buying signals and hesitation', () => {
    expect(countSignals(keen).positive).toBeGreaterThanOrEqual(3);
    expect(countSignals(doubtful).negative).toBeGreaterThanOrEqual(3);
    expect(countSignals(['The weather is nice'])).toEqual({ positive: 0, negative: 0 });
  });
  it('tells consumer markets from business ones', () => {
    expect(isConsumerMarket('Busy parents of toddlers')).toBe(true);
    expect(isConsumerMarket('Dog owners in big cities')).toBe(true);
    expect(isConsumerMarket('Independent hair salon owners')).toBe(false);
    expect(isConsumerMarket('HR managers at mid-size companies')).toBe(false);
  });
});

describe('the next-month number', () => {
  it('is the model run one month further, by the same rules', () => {
    const input: SimulationModelInput = {
      validation: { idea: 'A meal planning app', targetCustomer: 'Working parents', problemSolved: 'No time to plan', feedback: 'Score: 7/10' },
      insights: [{ responses: ['I would pay for this'], completed: true }],
    };
    const r = runSimulationModel(input);
    expect(r.months).toHaveLength(6);
    expect(r.projection.month).toBe(7);
    expect(r.projection.users).toBeGreaterThan(0);
    expect(r.projection.users).toBeLessThanOrEqual(r.months[5].users * 2);
  });
});
