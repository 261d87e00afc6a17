import type { CustomerInsight, InterviewMessage, SimulationMonth } from '@val/contracts';
import { runSimulationModel } from '../../services/simulationModel';
import {
  PERSONA_WORKAROUNDS,
  offlineChallengeFeedback,
  offlineInterviewReply,
  offlinePersonas,
  offlineSimulation,
  offlineValChat,
  singularSegment,
  stanceOf,
} from '@val/offline-analyst';

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

describe('personas stay in character and consistent with their own costs', () => {
  const consumerIdeas = [
    students,
    {
      idea: 'A fridge camera app that plans meals from what is about to go off',
      targetCustomer: 'Families with two working parents',
      problemSolved: 'They lose £40 of food every month',
      feedback: '',
    },
    {
      idea: 'A GPS collar for dogs that alerts you when your dog leaves a safe zone',
      targetCustomer: 'First-time dog owners in city apartments',
      problemSolved: 'Dogs slip out and get lost',
      feedback: '',
    },
    {
      idea: 'A daily phone check-in that alerts family if something is wrong',
      targetCustomer: 'Retirees who live alone',
      problemSolved: 'A fall can go unnoticed for hours',
      feedback: '',
    },
    {
      idea: 'A shared checklist and budget tracker for weddings',
      targetCustomer: 'Couples planning their wedding',
      problemSolved: 'Costs spiral and tasks get forgotten',
      feedback: '',
    },
    {
      idea: 'A budgeting app that splits shared bills',
      targetCustomer: 'Young people sharing a flat in Berlin',
      problemSolved: 'Arguments about who paid what',
      feedback: '',
    },
  ];
  const businessIdeas = [
    salons,
    {
      idea: 'Sensors that warn when a cold room warms up',
      targetCustomer: 'Restaurants in the UK',
      problemSolved: 'They lose £400 of stock when a fridge fails',
      feedback: '',
    },
    {
      idea: 'An onboarding checklist tool for remote teams',
      targetCustomer: 'HR managers at companies with 50 to 500 staff',
      problemSolved: 'New hires wait days for laptops and logins',
      feedback: '',
    },
    {
      idea: 'Route planning for delivery vans',
      targetCustomer: 'Courier firms with 5 to 50 drivers',
      problemSolved: 'Drivers waste hours in traffic every day',
      feedback: '',
    },
  ];
  const QUESTIONS = [
    '',
    'How much would you pay for it?',
    'When could you start using it?',
    'What is the biggest problem for you?',
    'What do you use today instead?',
    'Which features are a must-have?',
    'Who decides whether you buy it?',
    'Would you use this?',
    'How often does it happen?',
    'Do you prefer mornings or evenings?',
  ];
  /** Everything one persona says: role, background, the opening and an answer to every topic. */
  const said = (v: typeof salons, k: number) => {
    const p = offlinePersonas(v)[k];
    const answers = QUESTIONS.map((q) => offlineInterviewReply({ customerPersona: p, userQuestion: q, conversationHistory: [], validationData: v }));
    return { p, all: [p.role, p.background, ...answers].join('\n') };
  };
  const BUSINESS_TALK =
    /business case|approve (a|the) budget|per-seat|\b(the|my|our) team\b|budget (review|meeting)|internally|my manager|to finance|procure|roll it out|for a pilot|pilot with|show upward|reporting|part of the job|a team of/i;
  const HOUSEHOLD_TALK = /household|family|my partner|at home|kitchen table/i;
  const FREE_CLAIM = /almost no cost|clunky but free|next to nothing|costs me nothing/i;
  const all = [
    ...new Map(
      Object.values(PERSONA_WORKAROUNDS)
        .flat()
        .map((w) => [w.text, w]),
    ).values(),
  ];

  it.each(consumerIdeas.map((v) => [v.targetCustomer, v] as const))('household personas of "%s" speak as consumers, not as company buyers', (_c, v) => {
    for (const k of [0, 1, 2]) {
      const { p, all: text } = said(v, k);
      expect({ name: p.name, business: BUSINESS_TALK.exec(text)?.[0] ?? null }).toEqual({ name: p.name, business: null });
    }
  });

  it.each(businessIdeas.map((v) => [v.targetCustomer, v] as const))('business personas of "%s" speak as buyers in a company, not as a household', (_c, v) => {
    for (const k of [0, 1, 2]) {
      const { p, all: text } = said(v, k);
      expect({ name: p.name, household: HOUSEHOLD_TALK.exec(text)?.[0] ?? null }).toEqual({ name: p.name, household: null });
    }
  });

  it.each([...consumerIdeas, ...businessIdeas].map((v) => [v.targetCustomer, v] as const))(
    'each persona of "%s" has one workaround, and calls it free only when it is',
    (_c, v) => {
      const consumer = consumerIdeas.includes(v);
      for (const k of [0, 1, 2]) {
        const { p, all: text } = said(v, k);
        const named = all.filter((w) => text.includes(w.text));
        expect({ name: p.name, workarounds: named.length }).toEqual({ name: p.name, workarounds: 1 });
        const w = named[0];
        expect(PERSONA_WORKAROUNDS[consumer ? 'consumer' : 'business'].map((x) => x.text)).toContain(w.text);
        if (w.monthly > 0) expect({ name: p.name, w: w.text, free: FREE_CLAIM.exec(text)?.[0] ?? null }).toEqual({ name: p.name, w: w.text, free: null });
        if (FREE_CLAIM.test(text)) expect({ name: p.name, w: w.text, monthly: w.monthly }).toEqual({ name: p.name, w: w.text, monthly: 0 });
        if (k === 1)
          expect({ name: p.name, background: p.background, monthly: w.monthly }).toEqual({
            name: p.name,
            background: expect.stringContaining('at almost no cost'),
            monthly: 0,
          });
      }
    },
  );

  it('quotes a persona’s paid workaround with its cost, and prices above what it replaces', () => {
    const paid: string[] = [];
    for (const v of [...consumerIdeas, ...businessIdeas]) {
      for (const k of [0, 1, 2]) {
        const { p, all: text } = said(v, k);
        const w = all.find((x) => text.includes(x.text))!;
        if (!w.monthly) continue;
        paid.push(p.name);
        expect(text).toMatch(/about [$£€]\d[\d,]* a month/);
      }
    }
    expect(paid.length).toBeGreaterThan(0);
  });
});

describe('offline simulation narrative', () => {
  it('writes six months around the model numbers and the interviews', () => {
    const personas = offlinePersonas(salons);
    const insights: CustomerInsight[] = personas.map((p, i) => ({
      persona: p,
      completed: i === 0,
      responses:
        i === 0
          ? [
              offlineInterviewReply({ customerPersona: p, userQuestion: '', conversationHistory: [], validationData: salons }).slice(0, 100),
              'Good question! You asked “Budget?” I would pay around $49 a month without thinking twice.',
            ]
          : [],
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
  const months: SimulationMonth[] = [1, 2, 3, 4, 5, 6].map((n) => ({
    month: n,
    title: `T${n}`,
    users: n * 40,
    wins: [`Win of month ${n}`],
    challenges: [`Problem of month ${n}`],
  }));

  it('feedback quotes the founder answer and names the month and its users', () => {
    const f = offlineChallengeFeedback({
      month: 2,
      challenge: 'How will you keep users?',
      response: 'I will call 10 churned salons this week and test a reminder SMS',
      validationData: salons,
      simulationData: months,
    });
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
    const later = offlineValChat({
      month: 5,
      question: 'How do I grow faster?',
      conversationHistory: [{ isUser: true, text: 'hi' }],
      simulationData: months[4],
      validationData: salons,
    });
    expect(later).toContain('200 users');
    expect(later).toContain('Building on what we discussed');
  });
});

describe("Val's offline chat answers the question asked from the month's numbers", () => {
  const m3: SimulationMonth = {
    month: 3,
    title: 'T3',
    users: 90,
    newUsers: 28,
    churnedUsers: 8,
    previousUsers: 70,
    nextMonthUsers: 112,
    wins: ['Tested referrals'],
    challenges: ['Paid ads were too expensive'],
  };
  const m1: SimulationMonth = {
    month: 1,
    title: 'T1',
    users: 50,
    newUsers: 50,
    churnedUsers: 0,
    previousUsers: 0,
    nextMonthUsers: 70,
    wins: ['Launched'],
    challenges: ['Onboarding is slow'],
  };
  const m5: SimulationMonth = {
    month: 5,
    title: 'T5',
    users: 90,
    newUsers: 2,
    churnedUsers: 12,
    previousUsers: 100,
    nextMonthUsers: 85,
    wins: ['Onboarding works'],
    challenges: ['Support takes time'],
  };
  const chat = (m: SimulationMonth, question: string) =>
    offlineValChat({ month: m.month, question, conversationHistory: [], simulationData: m, validationData: salons });

  it.each([
    ['How many users did I lose, what growth rate?', ['8 users left', '29% growth']],
    ['What about users who stopped after week one?', ['8 users left in Month 3', 'first week']],
    ['How many people churned this month?', ['8 users left']],
    ['Why did people cancel?', ['8 users left']],
    ['How many users do I have?', ['90 users']],
    ['Where do I stand right now?', ['90 users']],
    ['How many new users signed up?', ['28 new users joined']],
    ['How many sign-ups did I get this month?', ['28 new users joined']],
    ["What's my growth rate?", ['29% growth', '70 to 90 users']],
    ['How fast am I growing month over month?', ['29% growth']],
    ['Growth % vs last month?', ['29% growth']],
    ['How many users will I have next month?', ['112 users next month']],
    ['What should I expect for next month?', ['112 users next month']],
    ['New users and lost users this month?', ['28 new users joined', '8 users left']],
    ['How can I grow faster next month?', ['In Month 3 you are at 90 users', 'the 112 users the simulation expects next month']],
  ])('"%s"', (question, expected) => {
    const a = chat(m3, question);
    for (const e of expected) expect(a).toContain(e);
    expect(a).toContain(question.replace(/[?!.]+$/, ''));
  });

  it('gives different answers to different number questions', () => {
    const qs = ['How many users did I lose?', 'How many new users signed up?', "What's my growth rate?", 'How many users will I have next month?'];
    expect(new Set(qs.map((q) => chat(m3, q))).size).toBe(qs.length);
  });

  it('calls Month 1 the launch: no growth rate, and nobody lost', () => {
    const a = chat(m1, 'What growth rate did I get?');
    expect(a).toContain('launch');
    expect(a).not.toMatch(/\d+% growth/);
    expect(chat(m1, 'How many users did I lose?')).toMatch(/No users left|nobody left/i);
  });

  it('says when users fell', () => {
    const a = chat(m5, 'What is my growth rate?');
    expect(a).toContain('10% drop');
    expect(a).toContain('100 to 90 users');
    expect(chat(m5, 'How many users did I lose?')).toContain('12 users left');
  });

  it('answers a question it cannot map honestly, with the month’s numbers', () => {
    for (const q of ['What is the capital of France?', 'Tell me a joke']) {
      const a = chat(m3, q);
      expect(a).toMatch(/can't answer that from|cannot answer that from/);
      for (const e of ['90 users', '28 new', '8 who left', '29% growth', '112']) expect(a).toContain(e);
    }
  });

  it('still gives the topic’s advice, with the month’s numbers', () => {
    const a = chat(m3, 'How should I price it?');
    expect(a).toContain('90 users');
    expect(a).toMatch(/paid plan/);
  });

  it('stays honest when the month has no model numbers (an older stored run)', () => {
    const old: SimulationMonth = { month: 3, title: 'T3', users: 90, wins: [], challenges: [] };
    const a = chat(old, 'How many users did I lose, what growth rate?');
    expect(a).toContain('90 users');
    expect(a).not.toMatch(/\d+ users left|\d+% growth/);
    expect(a).toMatch(/don't have/);
  });
});

describe('segment grammar', () => {
  it('singularises the noun before a participle', () => {
    expect(singularSegment('nurses working night shifts')).toBe('nurse working night shifts');
    expect(singularSegment('event planning agencies')).toBe('event planning agency');
    expect(singularSegment('students preparing for exams')).toBe('student preparing for exams');
  });
});
