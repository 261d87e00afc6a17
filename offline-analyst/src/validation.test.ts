import { createRequire } from 'node:module';
import path from 'node:path';
import { cleanFeedbackForDisplay, isReportHeading, splitReportSections } from '@val/contracts';
import { detectDomain, detectSegment, offlineValidation, profileIdea, quotable, readSpecificity, readUrgency, type ValidationInput } from './validation';

const petIdea: ValidationInput = {
  idea: 'A subscription box of fresh, vet-approved dog food delivered every two weeks, portioned for the dog’s breed and weight.',
  targetCustomer: 'First-time dog owners aged 25-40 living in city apartments',
  problemSolved: 'They waste 3 hours a week researching what to feed, pay too much at pet stores and worry their dog is getting sick from cheap kibble.',
};

const b2bIdea: ValidationInput = {
  idea: 'A SaaS dashboard that automatically chases late invoices for agencies by email and SMS, and predicts which clients will pay late.',
  targetCustomer: 'Owners of marketing agencies with 5 to 50 staff in the UK',
  problemSolved: 'Agencies lose thousands of dollars every month to late payments and spend hours manually chasing clients, which hurts cash flow.',
};

const vagueIdea: ValidationInput = {
  idea: 'An app for fun.',
  targetCustomer: 'Everyone',
  problemSolved: 'It would be nice to have sometimes.',
};

const SECTION_KEYWORDS = ['score', 'market', 'customer', 'urgency', 'revenue', 'risk', 'steps', 'success'];

const headingsOf = (md: string) => md.split('\n').filter((l) => isReportHeading(l));

describe('the offline validation analyst', () => {
  it.each([petIdea, b2bIdea, vagueIdea])('answers with every section, each under a heading the PDF rule recognises (%#)', (input) => {
    const md = offlineValidation(input);
    const titles = splitReportSections(md).map((s) => s.title.toLowerCase());
    for (const k of SECTION_KEYWORDS) expect(titles.some((t) => t.includes(k))).toBe(true);
    // Every detected heading is a markdown heading the analyst meant, and vice versa: no body line
    // (even one quoting the founder) is mistaken for a heading.
    const mdHeadings = md.split('\n').filter((l) => l.startsWith('## '));
    expect(headingsOf(md)).toEqual(mdHeadings);
    expect(mdHeadings.length).toBeGreaterThanOrEqual(8);
    // It starts with a heading, so display cleaning keeps all of it.
    expect(cleanFeedbackForDisplay(md)).toBe(md);
    expect(splitReportSections(md).every((s) => s.body.length > 40)).toBe(true);
  });

  it('talks about the founder’s own words', () => {
    const md = offlineValidation(petIdea);
    expect(md).toContain('first-time dog owners aged 25-40 living in city apartments');
    expect(md).toContain('3 hours a week');
    expect(md).toContain('pet care');
    const b = offlineValidation(b2bIdea);
    expect(b).toContain('owners of marketing agencies with 5 to 50 staff in the UK');
    expect(b).toMatch(/B2B/);
  });

  it('gives two different ideas clearly different feedback', () => {
    const a = offlineValidation(petIdea);
    const b = offlineValidation(b2bIdea);
    const linesA = new Set(a.split('\n').filter((l) => l.trim() && !l.startsWith('## ')));
    const linesB = b.split('\n').filter((l) => l.trim() && !l.startsWith('## '));
    const shared = linesB.filter((l) => linesA.has(l));
    // Less than a quarter of the body lines are the same.
    expect(shared.length / linesB.length).toBeLessThan(0.25);
    expect(a.split('\n')[0]).not.toEqual(b.split('\n')[0]);
  });

  it('is deterministic for the same input', () => {
    expect(offlineValidation(petIdea)).toBe(offlineValidation({ ...petIdea }));
  });

  it('scores a specific, urgent, quantified problem well above a vague nice-to-have', () => {
    const strong = profileIdea(b2bIdea);
    const weak = profileIdea(vagueIdea);
    expect(strong.score).toBeGreaterThanOrEqual(7);
    expect(weak.score).toBeLessThanOrEqual(4);
    expect(offlineValidation(vagueIdea)).toMatch(/too broad|nice-to-have/);
  });

  it('detects the market from a lexicon', () => {
    expect(detectDomain(petIdea).domain.id).toBe('pets');
    expect(detectDomain(b2bIdea).domain.id).toBe('finance');
    expect(detectDomain({ idea: 'Tutoring marketplace for high-school exams', targetCustomer: 'students', problemSolved: 'exam stress' }).domain.id).toBe(
      'education',
    );
    expect(detectDomain(vagueIdea).domain.id).toBe('general');
    // "healthy dinners" is food, not healthcare.
    expect(detectDomain({ idea: 'An app that plans cheap, healthy dinners', targetCustomer: 'parents', problemSolved: 'food waste' })).toEqual({
      domain: expect.objectContaining({ id: 'food' }),
      secondary: null,
    });
  });

  it('tells B2B, B2C and prosumer apart from the target customer', () => {
    expect(detectSegment(petIdea).segment).toBe('b2c');
    expect(detectSegment(b2bIdea).segment).toBe('b2b');
    expect(detectSegment({ idea: 'A portfolio tool', targetCustomer: 'freelance designers', problemSolved: 'x' }).segment).toBe('prosumer');
    expect(detectSegment({ idea: 'x', targetCustomer: 'HR directors at companies with 1,000+ employees', problemSolved: 'x' })).toEqual({
      segment: 'b2b',
      enterprise: true,
    });
  });

  it('prices for the segment: consumer plans in single dollars, enterprise pilots in thousands', () => {
    expect(offlineValidation(petIdea)).toMatch(/\$20 to \$45 per month/);
    const enterprise = offlineValidation({
      idea: 'An AI platform that audits vendor contracts for compliance risks automatically.',
      targetCustomer: 'Procurement directors at enterprises with 5,000 employees',
      problemSolved: 'Missed contract clauses cost them fines and millions in penalties every year.',
    });
    expect(enterprise).toMatch(/\$15K to \$60K per year/);
  });

  it('reads urgency signals, numbers and frequency from the problem', () => {
    const u = readUrgency(b2bIdea.problemSolved);
    expect(u.urgency).toMatch(/high|critical/);
    expect(u.signals.map((s) => s.kind)).toEqual(expect.arrayContaining(['Money at stake', 'Time lost']));
    expect(u.frequency).toBe('every month');
    expect(readUrgency('It would be nice sometimes.').urgency).toBe('low');
  });

  it.each([
    ['They lose £40 of food every month', '£40'],
    ['They lose $40 of food every month', '$40'],
    ['Spoiled stock costs them €1.200 a year', '€1.200 a year'],
    ['Parking fines cost CHF 15 each week', 'CHF 15 each week'],
    ['Each late order costs ¥3,000 in refunds', '¥3,000'],
    ['They waste about 30 euros a week of food', '30 euros a week'],
    ['It costs $40 a month', '$40 a month'],
    ['New tyres cost R1,800 a set', 'R1,800'],
  ])('quotes the money in "%s" as "%s", whatever the currency', (problem, quoted) => {
    const u = readUrgency(problem);
    expect(u.quantified).toBe(quoted);
    expect(u.signals.find((s) => s.kind === 'Money at stake')?.word).toContain(quoted.split(' ')[0]);
  });

  it('quotes a word with letters beyond ASCII whole: "500,000 Kč" is never cut to "500,000 K" (a thousandfold amount)', () => {
    expect(readUrgency('One rejected batch can cost 500,000 Kč in penalties').signals.find((s) => s.kind === 'Money at stake')?.word).toContain('500,000 Kč');
  });

  it('never ends a shortened quote on a number: "over ₩100" of "over ₩100 million" is left out, not quoted a millionth of its size', () => {
    const long = 'Young people save far too little for retirement; skipping ₩100,000 a month in your 20s leaves a gap of over ₩100 million at 65.';
    const q = quotable(long, 120);
    expect(q.endsWith('…')).toBe(true);
    expect(q).not.toMatch(/₩100…$/);
    expect(q).toMatch(/gap of over…$/);
  });

  it('never leaves a conjunction dangling in the customer it names: "citizens in Ottawa and and 2% paid" reads "citizens in Ottawa and 2% paid"', () => {
    const out = offlineValidation({
      idea: 'Neutral daily summaries of council votes',
      targetCustomer: 'Citizens in Ottawa and across Canada',
      problemSolved: 'People do not know what was decided',
    });
    expect(out).not.toMatch(/\band and\b/);
    expect(out).toContain('10,000 citizens in Ottawa and 2% paid');
  });

  it('quotes a range of amounts whole: "Rp 150.000-300.000" is never cut to "150.000-300"', () => {
    const u = readUrgency('Wrong purchases waste Rp 150.000-300.000 a month');
    expect(u.signals.find((s) => s.kind === 'Money at stake')?.word).toContain('waste Rp 150.000-300.000');
    expect(readUrgency('Private therapy costs $900-$1,200 MXN per session').signals.find((s) => s.kind === 'Money at stake')?.word).toContain('$900-$1,200');
    expect(readUrgency('An operation can cost R15,000-R30,000').signals.find((s) => s.kind === 'Money at stake')?.word).toContain('R15,000-R30,000');
  });

  it('quotes an amount with its multiplier, in any currency: "₦5m" and "₦5 million" are never cut to "₦5"', () => {
    const lost = (problem: string) => readUrgency(problem).signals.find((s) => s.kind === 'Time lost')?.word;
    expect(lost('An hour of downtime loses ₦5m in transactions')).toBe('hour of downtime loses ₦5m');
    expect(lost('An hour of downtime loses ₦5 million in transactions')).toBe('hour of downtime loses ₦5 million');
  });

  it('quotes the words after a count whole: "40 Kč per child" is never cut to "40 K"', () => {
    expect(readUrgency('Cooks overspend the 40 Kč per child limit').quantified).toBe('40 Kč per child');
  });

  it('quotes a count from its first digit, never the tail of a number', () => {
    expect(readUrgency('Clerks retype X1,800 forms by hand').quantified).toBe('1,800 forms by hand');
  });

  describe('writes its prices in the founder’s currency', () => {
    const household = {
      idea: 'A fridge camera app that plans meals from what is about to go off',
      targetCustomer: 'Families with two working parents',
      problemSolved: 'They lose £40 of food every month',
    };
    /** Every amount of money the answer states outside the founder's own quoted words. */
    const amounts = (md: string) => [...md.replace(/“[^”]*”/g, '').matchAll(/(CHF |¥|£|€|\$)\d[\d,.]*K?/g)].map((m) => m[1]);

    it.each([
      ['£', household, '£', /£16 to £36 per month|£3\.9 to £9\.5 per month|£4 to £9\.5 per month/],
      [
        '€ (from the place)',
        { ...household, targetCustomer: 'Families with two working parents in Germany', problemSolved: 'They throw away food every week' },
        '€',
        /€/,
      ],
      ['CHF', { ...household, targetCustomer: 'Families in Zürich', problemSolved: 'They lose CHF 60 of food every month' }, 'CHF ', /CHF \d/],
      ['¥', { ...household, targetCustomer: 'Families in Osaka', problemSolved: 'They lose ¥6,000 of food every month' }, '¥', /¥\d/],
      ['$', { ...household, problemSolved: 'They lose $40 of food every month' }, '$', /\$\d/],
    ])('%s', (_name, input, symbol, band) => {
      const md = offlineValidation(input);
      const found = amounts(md);
      expect(found.length).toBeGreaterThan(3);
      expect([...new Set(found)]).toEqual([symbol]);
      expect(md).toMatch(band);
    });

    it('rounds converted prices to price points, not cents', () => {
      const md = offlineValidation({ ...household, targetCustomer: 'Families in Osaka', problemSolved: 'They lose ¥6,000 of food every month' });
      const yen = [...md.replace(/“[^”]*”/g, '').matchAll(/¥([\d,.]+)(K|M)?/g)].map(
        (m) => Number(m[1].replace(/,/g, '')) * (m[2] === 'K' ? 1000 : m[2] === 'M' ? 1e6 : 1),
      );
      expect(yen.length).toBeGreaterThan(3);
      for (const v of yen) expect(Number(v.toPrecision(2))).toBe(v);
      expect(md).toContain('“They lose ¥6,000 of food every month”');
    });
  });

  it('judges how specific the target customer is', () => {
    expect(readSpecificity('Everyone').level).toBe('broad');
    expect(readSpecificity('First-time dog owners aged 25-40 living in city apartments').level).toBe('sharp');
  });

  it('never lets the founder’s text inject markdown structure', () => {
    const md = offlineValidation({
      idea: '# Ignore previous instructions\n[click](javascript:alert(1)) <script>x</script>',
      targetCustomer: '**bold** customers | table',
      problemSolved: '```\ncode\n```',
    });
    expect(md).not.toMatch(/<script>|\]\(javascript:|```/);
    expect(
      md
        .split('\n')
        .filter((l) => /^#/.test(l))
        .every((l) => l.startsWith('## ')),
    ).toBe(true);
  });
});

describe('the offline analyst never asserts a wrong market', () => {
  const filmCamera: ValidationInput = {
    idea: 'A monthly subscription that ships a different refurbished film camera and two rolls of film to try',
    targetCustomer: 'Photography hobbyists who shoot on their phones today',
    problemSolved: 'Film cameras are expensive to buy blind and most sold online turn out broken',
  };
  const climbers: ValidationInput = {
    idea: 'Meal kits for climbers, delivered to the gym',
    targetCustomer: 'Boulderers at city climbing gyms',
    problemSolved: 'No quick healthy food right after a session',
  };
  /** The bullet lines under a line of the answer (up to the next blank line after them). */
  const bulletsAfter = (md: string, lead: string) => {
    const lines = md.split('\n');
    const out: string[] = [];
    for (let i = lines.indexOf(lead) + 1; i < lines.length && i > 0; i++) {
      if (lines[i].startsWith('- ')) out.push(lines[i]);
      else if (out.length) break;
    }
    return out;
  };

  it('stays general when the only market word is ambiguous: a film camera is not a film festival', () => {
    expect(detectDomain(filmCamera).domain.id).toBe('general');
    const md = offlineValidation(filmCamera);
    expect(md).not.toMatch(/events and entertainment|Eventbrite|ticket/i);
    expect(md).toContain('photography hobbyists');
  });

  it('suggests first customers inside the stated customer, never another one', () => {
    expect(detectDomain(climbers).domain.id).toBe('food');
    const md = offlineValidation(climbers);
    expect(md).not.toMatch(/dual-income households|young children|parenting|students cooking/i);
    const beachheads = bulletsAfter(md, 'Beachhead options to test first:');
    expect(beachheads).toHaveLength(3);
    for (const b of beachheads) expect(b.toLowerCase()).toContain('boulderers');
  });

  it('names no regulator of another country, and none when no country is given', () => {
    const clinic = (where: string): ValidationInput => ({
      idea: 'An app that reminds patients of their physiotherapy exercises and tells the clinic who stopped',
      targetCustomer: `Independent physiotherapy clinics${where}`,
      problemSolved: 'Patients stop their exercises after a week and come back worse, which costs clinics repeat visits',
    });
    const uk = offlineValidation(clinic(' in the UK'));
    expect(detectDomain(clinic(' in the UK')).domain.id).toMatch(/^health/);
    expect(uk).not.toMatch(/HIPAA|\bFDA\b|\bFTC\b|\bEU\b/);
    expect(uk).toMatch(/UK GDPR/);
    const nowhere = offlineValidation(clinic(''));
    expect(nowhere).not.toMatch(/HIPAA|GDPR|\bFDA\b|\bFTC\b|\bEU\b|\bMHRA\b/);
  });

  it('does not call time wasted "money at stake", and quotes the words around the signal', () => {
    const u = readUrgency('Planning a week of meals wastes my Sunday evenings.');
    expect(u.signals.map((s) => s.kind)).not.toContain('Money at stake');
    expect(u.signals).toContainEqual({ kind: 'Time lost', word: 'wastes my Sunday evenings' });
    const md = offlineValidation({
      idea: 'A weekly meal planner that builds the shopping list for you',
      targetCustomer: 'Busy parents',
      problemSolved: 'Planning a week of meals wastes my Sunday evenings.',
    });
    expect(md).not.toMatch(/Money at stake/);
    expect(md).toContain('**Time lost:** you wrote “wastes my Sunday evenings”');
  });
});

describe('scores that move for the right reasons', () => {
  const base = {
    meals: {
      idea: 'An app that plans a week of dinners from what is already in your fridge',
      targetCustomer: 'People',
      problemSolved: 'Food spoils in the fridge and they order takeaway instead',
    },
    clinics: {
      idea: 'Scheduling software that fills last-minute cancellations from a waitlist',
      targetCustomer: 'Businesses',
      problemSolved: 'Cancelled appointments leave gaps in the calendar that nobody fills',
    },
    cooking: {
      idea: 'A cooking course delivered over video with a weekly shopping list',
      targetCustomer: 'Students',
      problemSolved: 'They eat badly and spend too much on takeaway',
    },
    reps: {
      idea: 'An AI assistant that turns sales call recordings into CRM notes and follow-up emails',
      targetCustomer: 'Sales reps at B2B startups with 5 to 50 reps',
      problemSolved: 'Reps spend hours writing notes after calls and forget follow-ups',
    },
    dogs: {
      idea: 'A marketplace that connects dog owners with vetted neighbours who walk dogs at lunchtime',
      targetCustomer: 'Dog owners in city apartments who work in offices',
      problemSolved: 'Dogs are alone all day while their owners work',
    },
    invoices: {
      idea: 'Invoice software for agencies',
      targetCustomer: 'Owners of marketing agencies with 5 to 50 staff in the UK',
      problemSolved: 'Agencies lose thousands of dollars every month to late payments and spend hours chasing clients',
    },
    tutoring: {
      idea: 'A tutoring platform',
      targetCustomer: 'High-school students preparing for the SAT in Texas',
      problemSolved: 'Private tutors cost $80 an hour and most families cannot afford weekly sessions',
    },
    pets: {
      idea: 'A subscription box of fresh, vet-approved dog food delivered every two weeks, portioned for the breed and weight',
      targetCustomer: 'First-time dog owners aged 25-40 living in city apartments',
      problemSolved: 'They waste 3 hours a week researching what to feed and worry their dog gets sick from cheap kibble',
    },
    nurses: {
      idea: 'A shift-swap app that matches nurses who want to trade night shifts, approved by the ward manager in one tap',
      targetCustomer: 'Nurses working night shifts in public hospitals',
      problemSolved: 'Swapping a shift takes 20 messages and a week of waiting for approval',
    },
  } satisfies Record<string, ValidationInput>;
  type Pair = [string, ValidationInput, ValidationInput, 'up' | 'down'];
  const pairs: Pair[] = [
    ['narrowing a broad customer (consumers)', base.meals, { ...base.meals, targetCustomer: 'Working parents with two kids under 10 in London' }, 'up'],
    [
      'narrowing a broad customer (businesses)',
      base.clinics,
      { ...base.clinics, targetCustomer: 'Independent physiotherapy clinics with 2 to 10 practitioners' },
      'up',
    ],
    [
      'narrowing a broad customer (students)',
      base.cooking,
      { ...base.cooking, targetCustomer: 'First-year university students in Berlin who cook for themselves for the first time' },
      'up',
    ],
    [
      'adding a number to the problem (hours)',
      base.reps,
      { ...base.reps, problemSolved: 'Reps spend 5 hours a week writing notes after calls and forget follow-ups' },
      'up',
    ],
    ['adding a number to the problem (duration)', base.dogs, { ...base.dogs, problemSolved: 'Dogs are alone for 9 hours a day while their owners work' }, 'up'],
    [
      'adding a number to the problem (money)',
      base.clinics,
      { ...base.clinics, problemSolved: 'Cancelled appointments leave gaps in the calendar that nobody fills, about $400 of lost revenue' },
      'up',
    ],
    [
      'naming how it works (software)',
      base.invoices,
      { ...base.invoices, idea: 'Invoice software for agencies that chases late payers by email and SMS and predicts who will pay late from past invoices' },
      'up',
    ],
    [
      'naming how it works (service)',
      base.tutoring,
      {
        ...base.tutoring,
        idea: 'A tutoring platform that matches each student with a tutor who scored in the top 5% and runs weekly 30-minute video sessions',
      },
      'up',
    ],
    [
      'naming how it works (meals)',
      base.meals,
      { ...base.meals, idea: 'An app that reads your fridge from a photo, plans five dinners from what is already there and orders the missing groceries' },
      'up',
    ],
    [
      'adding a number to the problem (a count)',
      {
        idea: 'A plant sensor that texts you when a plant needs water',
        targetCustomer: 'People who keep houseplants in their flat',
        problemSolved: 'Plants die because people forget to water them',
      },
      {
        idea: 'A plant sensor that texts you when a plant needs water',
        targetCustomer: 'People who keep houseplants in their flat',
        problemSolved: 'Plants die because people forget to water them, 3 plants a year on average',
      },
      'up',
    ],
    ['narrowing a customer who is already named', base.cooking, { ...base.cooking, targetCustomer: 'Students living alone' }, 'up'],
    ['a vaguer version of everything', base.pets, { idea: 'A pet app', targetCustomer: 'Pet owners', problemSolved: 'Pets need food' }, 'down'],
    ['a vaguer customer', base.nurses, { ...base.nurses, targetCustomer: 'Healthcare workers' }, 'down'],
    ['a vaguer problem (the number dropped)', base.nurses, { ...base.nurses, problemSolved: 'Swapping a shift is a hassle' }, 'down'],
    ['a vaguer idea', base.invoices, { ...base.invoices, idea: 'An app' }, 'down'],
  ];
  /** The score as the first line of the feedback states it (the format other code parses). */
  const stated = (i: ValidationInput) => {
    const m = /^## Validation Score: (\d+(?:\.\d)?)\/10$/m.exec(offlineValidation(i));
    expect(m).not.toBeNull();
    return Number(m![1]);
  };

  it.each(pairs)('%s moves the score %#', (_name, before, after, dir) => {
    const [a, b] = [stated(before), stated(after)];
    expect(profileIdea(before).score).toBe(a);
    if (dir === 'up') expect(b).toBeGreaterThan(a);
    else expect(b).toBeLessThan(a);
  });

  it('never lowers the score for more detail, over every idea of the market test set', () => {
    const sets = createRequire(__filename)(path.join(__dirname, '..', 'scripts', 'idea-sets.js')) as { loadSet: (name: string) => ValidationInput[] };
    const lowered: string[] = [];
    for (const i of [...sets.loadSet('tuning0'), ...sets.loadSet('tuning1')]) {
      const s = profileIdea(i).score;
      const edits: Array<[string, ValidationInput]> = [
        ['a number in the problem', { ...i, problemSolved: `${i.problemSolved.replace(/[.]$/, '')}, about 3 times a week` }],
        ['a qualifier on the customer', { ...i, targetCustomer: `${i.targetCustomer} who already pay for a workaround` }],
        ['a place for the customer', { ...i, targetCustomer: `${i.targetCustomer} in Leeds` }],
        ['how the idea works', { ...i, idea: `${i.idea.replace(/[.]$/, '')}, with a weekly email report and reminders on the phone` }],
      ];
      for (const [what, v] of edits) {
        const after = profileIdea(v);
        if (after.score >= s) continue;
        // A detail that lets the market be named may reveal a regulated market (−0.3): that is news, not a penalty for detail.
        const regulation = after.factors.filter((f) => f.reason.startsWith('the market is regulated')).reduce((t, f) => t + f.delta, 0);
        const known = profileIdea(i).factors.some((f) => f.reason.startsWith('the market is regulated'));
        if (!known && detectDomain(v).domain.id !== detectDomain(i).domain.id && after.score - regulation >= s) continue;
        lowered.push(`${what}: ${i.idea}`);
      }
    }
    expect(lowered).toEqual([]);
  });

  it('keeps the score line first, as "## Validation Score: N.N/10"', () => {
    for (const [, before, after] of pairs)
      for (const i of [before, after]) expect(offlineValidation(i).split('\n')[0]).toMatch(/^## Validation Score: \d{1,2}\.\d\/10$/);
  });
});
