import type { CustomerInsight, InterviewMessage, SimulationMonth } from '@val/contracts';
import { runSimulationModel } from '../../services/simulationModel';
import {
  offlineChallengeFeedback,
  offlineInterviewReply,
  offlinePersonas,
  offlineSimulation,
  offlineValChat,
  singularSegment,
  stanceOf,
} from './simulation';

const salons = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost money every week',
  feedback: 'Score: 7/10',
};
const students = {
  idea: 'Flashcards that turn lecture recordings into spaced-repetition quizzes',
  targetCustomer: 'University students preparing for exams',
  problemSolved: 'Students forget most of a lecture within a week',
  feedback: '',
};

describe('offline personas', () => {
  it('makes exactly 3 distinct personas from the idea, deterministically', () => {
    const a = offlinePersonas(salons);
    expect(a).toHaveLength(3);
    expect(offlinePersonas(salons)).toEqual(a);
    expect(new Set(a.map((p) => p.id)).size).toBe(3);
    expect(new Set(a.map((p) => p.name)).size).toBe(3);
    for (const p of a) {
      expect(p.role.toLowerCase()).toContain('hair salon owner');
      expect(p.background).toContain('last-minute cancellations');
      expect(p.avatar).toMatch(/^\p{Lu}{2}$/u);
    }
    expect(a.map((p) => stanceOf(p))).toEqual(['early', 'skeptic', 'buyer']);
  });

  it('gives another idea other names, roles and backgrounds', () => {
    const a = offlinePersonas(salons);
    const b = offlinePersonas(students);
    expect(b.map((p) => p.name)).not.toEqual(a.map((p) => p.name));
    for (const p of b) {
      expect(p.role.toLowerCase()).toContain('university student');
      expect(p.background).toContain('forget most of a lecture');
    }
    expect(b[2].role).toMatch(/household|family/);
  });

  it('singularises the customer segment sensibly', () => {
    expect(singularSegment('independent hair salon owners in mid-sized cities')).toBe('independent hair salon owner in mid-sized cities');
    expect(singularSegment('small businesses')).toBe('small business');
    expect(singularSegment('busy families')).toBe('busy family');
    expect(singularSegment('people with allergies')).toBe('person with allergies');
  });
});

describe('offline interview replies', () => {
  const personas = offlinePersonas(salons);
  const ask = (i: number, q: string, history: InterviewMessage[] = []) =>
    offlineInterviewReply({ customerPersona: personas[i], userQuestion: q, conversationHistory: history, validationData: salons });

  it('opens in character with name, role and the pain, and differs per persona', () => {
    const openings = personas.map((_, i) => ask(i, ''));
    openings.forEach((o, i) => {
      expect(o).toContain(personas[i].name);
      expect(o).toContain('last-minute cancellations');
    });
    expect(new Set(openings).size).toBe(3);
  });

  it('answers budget and timeline questions with numbers, differently per persona', () => {
    const q = 'How much would you pay per month, and when could you start?';
    const replies = personas.map((_, i) => ask(i, q));
    for (const r of replies) {
      expect(r).toMatch(/\$\d+/);
      expect(r).toMatch(/week|month|quarter/);
      expect(r).toContain('How much would you pay per month');
    }
    expect(new Set(replies).size).toBe(3);
    const price = (r: string) => Number(r.match(/\$(\d+)/)![1]);
    expect(price(replies[2])).toBeGreaterThan(price(replies[1]));
  });

  it('talks about pain points when asked, and reacts to the actual question', () => {
    const pain = ask(0, "What's the most frustrating part of your week?");
    expect(pain).toContain('last-minute cancellations');
    const other = ask(0, 'Do you prefer working mornings or evenings?');
    expect(other).toContain('Do you prefer working mornings or evenings');
    expect(other).not.toEqual(pain);
  });

  it('remembers that a topic came up before', () => {
    const history: InterviewMessage[] = [{ id: '1', customerId: personas[1].id, isUser: true, text: 'What is your budget?', timestamp: '' }];
    expect(ask(1, 'And what would you pay for it?', history)).toContain('Like I said before');
  });
});

describe('offline simulation narrative', () => {
  it('writes six months around the model numbers and the interviews', () => {
    const personas = offlinePersonas(salons);
    const insights: CustomerInsight[] = personas.map((p, i) => ({
      persona: p,
      completed: i === 0,
      responses: i === 0 ? [offlineInterviewReply({ customerPersona: p, userQuestion: '', conversationHistory: [], validationData: salons }).slice(0, 100), 'Good question! You asked “Budget?” I would pay around $49 a month without thinking twice.'] : [],
    }));
    const model = runSimulationModel({ validation: salons, insights });
    const months = offlineSimulation({ validationData: salons, customerInsights: insights, numbers: model.months });
    expect(months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(months.map((m) => m.users)).toEqual(model.months.map((m) => m.users));
    for (const m of months) {
      expect(m.title.length).toBeGreaterThan(3);
      expect(m.wins.length).toBeGreaterThanOrEqual(2);
      expect(m.challenges.length).toBeGreaterThanOrEqual(2);
    }
    expect(months.filter((m) => m.challenge).length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(months);
    expect(text).toContain(personas[0].name.split(' ')[0]);
    expect(text).toContain('hair salon owners');
    expect(months[1].challenge).toContain(`${model.months[1].churnedUsers}`);
  });
});

describe("Val's offline feedback and chat", () => {
  const months: SimulationMonth[] = [1, 2, 3, 4, 5, 6].map((n) => ({ month: n, title: `T${n}`, users: n * 40, wins: [`Win of month ${n}`], challenges: [`Problem of month ${n}`] }));

  it('feedback quotes the founder answer and names the month and its users', () => {
    const f = offlineChallengeFeedback({ month: 2, challenge: 'How will you keep users?', response: 'I will call 10 churned salons this week and test a reminder SMS', validationData: salons, simulationData: months });
    expect(f).toContain('Month 2');
    expect(f).toContain('I will call 10 churned salons');
    expect(f).toContain('80 users');
    const vague = offlineChallengeFeedback({ month: 4, challenge: 'Pricing?', response: 'Make it better', validationData: salons, simulationData: months });
    expect(vague).toContain('Month 4');
    expect(vague).toContain('Make it better');
    expect(vague).not.toEqual(f);
    expect(vague).toMatch(/add a number/i);
  });

  it("chat replies use the month's numbers and the question's topic", () => {
    const growth = offlineValChat({ month: 2, question: 'How do I grow faster?', conversationHistory: [], simulationData: months[1], validationData: salons });
    expect(growth).toContain('Month 2');
    expect(growth).toContain('80 users');
    expect(growth).toContain('How do I grow faster');
    const churn = offlineValChat({ month: 2, question: 'Why are people leaving?', conversationHistory: [], simulationData: months[1], validationData: salons });
    expect(churn).toMatch(/left|leave/);
    expect(churn).not.toEqual(growth);
    const later = offlineValChat({ month: 5, question: 'How do I grow faster?', conversationHistory: [{ isUser: true, text: 'hi' }], simulationData: months[4], validationData: salons });
    expect(later).toContain('200 users');
    expect(later).toContain('Building on what we discussed');
  });
});

describe('segment grammar', () => {
  it('singularises the noun before a participle', () => {
    expect(singularSegment('nurses working night shifts')).toBe('nurse working night shifts');
    expect(singularSegment('event planning agencies')).toBe('event planning agency');
    expect(singularSegment('students preparing for exams')).toBe('student preparing for exams');
  });
});
