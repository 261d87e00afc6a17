import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type ProductInputs } from '@val/contracts';
import { getProduct } from '@val/content';
import { findRepoRoot } from '../../config/env';
import { runOfflineReport } from '../../../test/reports';
import {
  detectDomain,
  GENERAL,
  MARKETS,
  CLASSIFIER_OVERRULES,
  MIN_CLASSIFIER_SHARE,
  offlineValidation,
  profile,
  readIdeaMarket,
  readIdeaWords,
  readPlace,
  reportProfile,
  rulesFor,
  stemMatches,
  wordsIn,
  type Classification,
  type ValidationInput,
} from '@val/offline-analyst';

interface Labelled extends ValidationInput {
  expected: string[];
}
/** The labelled sets of the offline analyst's market read (offline-analyst/data/ideas/, read by its plain-Node loader). */
const ideaSets = createRequire(__filename)(path.join(findRepoRoot(), 'offline-analyst', 'scripts', 'idea-sets.js')) as {
  loadSet: (name: string) => Labelled[];
};
/** The test set: tuning0 (the unit tests pin it). */
const ideas = ideaSets.loadSet('tuning0');

/** Right: a label the set accepts. Wrong: a market the set does not accept ('general' is only a miss). */
function tally(labels: string[]) {
  let right = 0;
  const wrong: string[] = [];
  labels.forEach((l, i) => {
    if (ideas[i].expected.includes(l)) right++;
    else if (l !== 'general') wrong.push(`${l} <- ${ideas[i].idea}`);
  });
  return { right: right / ideas.length, wrong };
}

describe('the market the offline analyst names (test set: offline-analyst/data/ideas/tuning0.jsonl)', () => {
  it('has at least 40 varied ideas', () => {
    expect(ideas.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ideas.flatMap((i) => i.expected)).size).toBeGreaterThanOrEqual(18);
  });

  // A market the classifier does not confirm stays general (confirmMarket): fewer right labels
  // (84% and 83% here, where the words alone have 97%) for far fewer wrong ones on sets never seen.
  it('validation: never a wrong market, and the right one for at least 80% of the ideas', () => {
    const t = tally(ideas.map((i) => detectDomain(i).domain.id));
    expect(t.wrong).toEqual([]);
    expect(t.right).toBeGreaterThanOrEqual(0.8);
  });

  it('reports: the same market table and reading, with the idea as subject and the customer as audience', () => {
    const t = tally(ideas.map((i) => profile({ subject: i.idea, audience: i.targetCustomer }).sector.id));
    expect(t.wrong).toEqual([]);
    expect(t.right).toBeGreaterThanOrEqual(0.8);
  });
});

describe('words that start like a market word but are not one', () => {
  it.each([
    ['gps', 'gp'],
    ['retired', 'retire'],
    ['retirees', 'retire'],
    ['cookies', 'cook'],
    ['doctoral', 'doctor'],
    ['investigative', 'invest'],
    ['nursery', 'nurse'],
    ['triple', 'trip'],
    ['hospitality', 'hospital'],
  ])('"%s" is not "%s"', (token, stem) => expect(stemMatches(token, stem)).toBe(false));

  it.each([
    ['gps', 'gps'],
    ['retirement', 'retire'],
    ['cooking', 'cook'],
    ['doctors', 'doctor'],
    ['investors', 'invest'],
    ['nurses', 'nurse'],
    ['trips', 'trip'],
  ])('"%s" still is "%s"', (token, stem) => expect(stemMatches(token, stem)).toBe(true));

  it('reads a pension idea as finance and a support-ticket idea as no event', () => {
    expect(
      readIdeaMarket({
        idea: 'A retirement-savings app that rounds up card payments',
        targetCustomer: 'People in their 30s',
        problemSolved: 'They have no pension',
      }).market?.id,
    ).toBe('finance');
    expect(
      readIdeaMarket({
        idea: 'A tool that tags support tickets by urgency',
        targetCustomer: 'Support teams at software companies',
        problemSolved: 'Urgent tickets wait in the queue',
      }).market?.id,
    ).not.toBe('events');
  });
});

const market = (idea: string, targetCustomer: string, problemSolved = '') => readIdeaMarket({ idea, targetCustomer, problemSolved }).market?.id ?? 'general';
/** What the table's words alone name, before the classifier is asked (`confirmMarket`). */
const wordsMarket = (idea: string, targetCustomer: string, problemSolved = '') =>
  readIdeaWords({ idea, targetCustomer, problemSolved }).market?.id ?? 'general';
const reportMarket = (product: string, inputs: ProductInputs) => reportProfile(getProduct(product)!, inputs).sector.id;

describe('what the idea sells decides the market; where, for whom and with what are context', () => {
  it('reads a place, an opponent or a feature after what is sold as context', () => {
    // "on school roofs" says where the panels go, not that schools buy an education product.
    expect(
      market(
        'A crowdfunding site for community solar panels on school roofs',
        'Parents and neighbours of primary schools in the Netherlands',
        'Schools cannot afford panels',
      ),
    ).not.toBe('education');
    // The airlines and landlords are whom the claims are filed against.
    expect(
      market('An online service that files small claims against airlines and landlords for a 20% success fee', 'Consumers in Germany owed under €2,000'),
    ).toBe('legal');
    // Shipping labels are a feature of a resale marketplace for children's clothes.
    expect(market("A resale marketplace for second-hand children's clothes with prepaid shipping labels", 'Parents in Poland')).not.toBe('logistics');
  });

  it('reads only the first sentence of a longer text as what is sold: "It is for…" names the customer', () => {
    const idea = 'A dashboard that chases late invoices by email and SMS, £39 a month. It is for owners of marketing agencies with 5 to 50 staff in the UK.';
    expect(reportMarket('idea-desirability-assessment', { idea })).toBe('finance');
  });

  it('lets a customer’s industry add evidence, never turn a product of another market into a toss-up', () => {
    expect(wordsMarket('A bookkeeping app for hair salons', 'Salon owners in Belgium')).toBe('finance');
    // The classifier is unsure (the salons pull it towards beauty), but no other market overrules what is sold: finance.
    expect(market('A bookkeeping app for hair salons', 'Salon owners in Belgium')).toBe('finance');
    // Finance for the words; finance when the classifier is sure enough, else general: never home services.
    expect(['finance', 'general']).toContain(
      profile({ subject: 'A retirement-planning app for self-employed tradespeople', audience: 'Self-employed plumbers and electricians in Germany' }).sector
        .id,
    );
  });

  it('does not take a "for …" phrase that only repeats the customer for what is sold, nor a phrase of when or where', () => {
    // The restaurants are who buys; the bank, the till and the payroll say what the product does.
    const cashFlow = 'Cash-flow forecasting for restaurants — connects to the till and the bank and warns you three weeks before you are short on payroll';
    // (The table's words: the phrase they take for what is sold. The classifier must still agree, or the read is general.)
    expect(
      wordsMarket(cashFlow, 'Owners of independent restaurants and bistros in France', 'Restaurants close because they run out of cash in a slow month'),
    ).toBe('finance');
    // "for hourly warehouse staff" is who is scheduled; shift scheduling is hiring and workforce.
    expect(wordsMarket('Shift scheduling for hourly warehouse staff with same-day pay', 'Warehouse operators in Ohio with 50 to 300 hourly workers')).toBe(
      'hr',
    );
    const nurses = ['Structured video reference checks for agency nurses', 'Care-home groups in the UK hiring agency and permanent nurses'] as const;
    expect(wordsMarket(...nurses)).toBe('hr');
    expect(['hr', 'general']).toContain(market(...nurses));
    // A customer read out of the idea itself is no reason to skip its phrase.
    expect(market("A resale marketplace for second-hand children's clothes with prepaid shipping labels", "second-hand children's clothes")).not.toBe(
      'logistics',
    );
  });

  it('does not let the customer’s industry outvote a different market that the idea sells', () => {
    const sms = 'An SMS that goes out an hour after each meal asking happy diners for a Google review, and routes unhappy ones to the manager instead.';
    expect(market(sms, 'Restaurant and café owners in Sydney', 'Only angry customers bother to leave reviews')).not.toBe('food');
    expect(market('Student rooms in Lyon with verified landlords and video tours', 'International students starting university in France')).toBe('realestate');
    expect(market('Buy and sell used school uniforms online, £5-£15 per item', 'Parents of children at UK state schools')).not.toBe('education');
    // "rotation" is no staff rota.
    expect(market('An app for savings clubs with automatic payouts in rotation', 'Savings groups of 10 to 30 members in Kenya')).not.toBe('hr');
  });

  it('reads a course as education, whoever takes it, and "of course" as no course', () => {
    expect(
      market(
        'Online German course built for nurses moving from India to jobs in German hospitals',
        'Indian nurses with German job offers',
        'They need a B2 German certificate before the visa',
      ),
    ).toBe('education');
    expect(market('A meal-prep service, of course with vegan options', 'Busy parents in Leeds')).not.toBe('education');
  });

  it('stays general when what is sold points two ways with close evidence', () => {
    // Reusables and delivery, sold in one phrase: 3.5 against 4 is a toss-up, not logistics.
    expect(reportMarket('idea-desirability-assessment', { idea: 'Reusable delivery boxes for takeaway restaurants, collected by couriers' })).toBe('general');
    expect(reportMarket('revenue-opportunity-validation', { industry: 'Family services (Canada)', area: 'School carpooling' })).toBe('general');
    expect(reportMarket('market-pain-points-analysis', { market: 'Young job seekers in Kenya', topic: 'Job-ready coding skills' })).toBe('general');
  });

  it('never names a market from the problem or the founder’s team alone', () => {
    const idea = 'A platform that matches retired engineers with hardware startups that need part-time mentors.';
    expect(reportMarket('business-idea-evaluation', { idea, company: 'Former manufacturing engineer and a developer in Pittsburgh' })).toBe('general');
  });

  it('reads a phrase of the table as one word: its words are not read again for another market', () => {
    expect(reportMarket('porter-5-forces-analysis', { market: 'Carbon accounting software for manufacturers in Europe' })).toBe('sustainability');
    expect(reportMarket('porter-5-forces-analysis', { market: 'Fresh dog food subscriptions in Germany' })).toBe('pets');
    expect(reportMarket('porter-5-forces-analysis', { market: 'Coding bootcamps in Kenya' })).toBe('education');
    expect(wordsIn('Estate agents in Portugal', ['estate agent'])).toEqual(['estate agent']);
  });

  it('does not take a trip for travel, nor hospitality for a hospital', () => {
    expect(reportMarket('market-pain-points-analysis', { market: 'Road freight in Brazil', topic: 'Empty return trips' })).not.toBe('travel');
    expect(reportMarket('revenue-opportunity-validation', { industry: 'Hospitality (Japan)', area: 'Direct booking for small inns' })).toBe('travel');
  });

  it('weighs an industry field as much as a business customer', () => {
    expect(reportMarket('revenue-opportunity-validation', { industry: 'Barbershops (South Africa)', area: 'Walk-in queue and booking' })).toBe('beauty');
    // A loyalty scheme is marketing's job, whoever runs it: the barbershops no longer make it beauty.
    expect(reportMarket('revenue-opportunity-validation', { industry: 'Barbershops (South Africa)', area: 'Loyalty and booking' })).not.toBe('beauty');
  });
});

interface BenchIdea {
  id: string;
  expected: string[];
  validation: ValidationInput;
  inputs: Record<string, ProductInputs>;
}
const bench = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'bench', 'report-quality', 'ideas.json'), 'utf8')) as { ideas: BenchIdea[] }
).ideas;

describe('a market named only when the words settle it', () => {
  it('names a market on one decisive word ("dog", "solar", "GDPR"): one sense only', () => {
    expect(market('A GPS collar for dogs that alerts you when your dog leaves a safe zone', 'Dog owners near busy roads')).toBe('pets');
    expect(market('Rooftop solar for small shops paid as a monthly subscription', 'Shop owners in Nairobi')).toBe('sustainability');
    expect(market('A GDPR checklist and cookie consent tool for small web shops', 'Owners of small online stores in Germany')).toBe('legal');
  });

  it('stays general on one word with other senses ("ticket", "visa", "mortgage") unless a second word of the market backs it', () => {
    // A support ticket is no event; a Visa card is no visa application.
    expect(market('A tool that opens a ticket for the owner of every failing build', 'Engineering managers in Berlin')).not.toBe('events');
    expect(market('An app that blocks your Visa card when a subscription renews', 'Young professionals in Madrid')).not.toBe('legal');
    // Two words of the market, from different parts, settle it (for the words; the classifier must still agree).
    expect(wordsMarket('Tickets for small comedy nights, sold through a link in bio', 'Comedy promoters in Glasgow')).toBe('events');
  });

  it('counts the customer’s own words once: "students" say who buys, not what is sold', () => {
    const idea = 'Summer storage pickup: we collect students’ boxes in June and bring them back in September';
    expect(market(idea, 'University students in Leeds', 'Students pay £40 a week for a storage unit over the summer')).not.toBe('education');
    // A product word of the market besides the customer does settle it.
    expect(market('Exam revision flashcards made from lecture slides', 'University students in Leeds', 'Students cram the night before')).toBe('education');
  });

  it('refuses a table whose decisive words are not strong words', () => {
    const food = MARKETS.find((m) => m.id === 'food')!;
    for (const m of MARKETS) expect(m.words.decisive?.filter((w) => !m.words.strong.includes(w)) ?? []).toEqual([]);
    expect(food.words.decisive).toContain('recipe');
    expect(food.words.decisive).not.toContain('cook');
  });
});

describe('the market of every product’s inputs (ideas of bench/report-quality)', () => {
  // The classifier no longer learns from these ideas (nor from a product's inputs): they are read
  // as a founder's would be. One reading is wrong: the classifier is sure (0.99) that reminders and
  // booking for veterinary clinics are health, and overrules the words' pets.
  it('validation and every report: at most 1 in 100 a wrong market, the right one for at least 80%', () => {
    const readings = bench.flatMap((b) => [
      { what: `${b.id} (validation)`, expected: b.expected, label: detectDomain(b.validation).domain.id },
      ...Object.entries(b.inputs).map(([product, inputs]) => ({ what: `${b.id} (${product})`, expected: b.expected, label: reportMarket(product, inputs) })),
    ]);
    const wrong = readings.filter((r) => r.label !== 'general' && !r.expected.includes(r.label)).map((r) => `${r.label} <- ${r.what}`);
    expect(wrong).toEqual(['health <- vet-clinic-reminders-brazil (validation)']);
    expect(wrong.length / readings.length).toBeLessThanOrEqual(0.01);
    expect(readings.filter((r) => r.expected.includes(r.label)).length / readings.length).toBeGreaterThanOrEqual(0.8);
  });
});

/** Names of rules and regulators that belong to one jurisdiction (kept here, apart from the table). */
const JURISDICTION_NAMES: Record<string, RegExp> = {
  US: /\b(FTC|FDA|HIPAA|COPPA|FERPA|FMCSA|CPSC|CCPA|EEOC|CAN-SPAM|ASCAP|MoCRA|FALCPA|IRA)\b|Fair Housing Act|Bank Secrecy|money-transmitter|NYC Local Law|Section 508|automatic-renewal/,
  EU: /\bEU\b|(?<!UK )GDPR|PSD2|AI Act|\bMDR\b|178\/2002|tachograph|1223\/2009|Package Travel Directive|Common Agricultural Policy/,
  UK: /\b(ASA|CAP Code|CMA|FCA|ICO|MHRA|Ofsted|CQC|DBS|PECR|ATOL|MCS)\b|UK GDPR|Gas Safe|Tenant Fees|Equality Act|Legal Services Act|Consumer Rights Act|Consumer Contracts Regulations|Natasha|Veterinary Surgeons Act|DMCC|Money Laundering Regulations|GB drivers|PPL PRS/,
  IN: /DPDP/,
  other: /PIPEDA|Privacy Act 1988|LGPD|\bAPPI\b|\bPDPA\b|NDPA|Data Protection Act 2019/,
};
const PLACES: Array<[string, string | null]> = [
  ['', null],
  [' in the UK', 'UK'],
  [' in Germany', 'EU'],
  [' in the United States', 'US'],
  [' in India', 'IN'],
];
const HAS_PLACE = /\b(UK|US|USA|EU|Europe|Germany|Canada|Kenya|Australia|London|Portland|India|Madrid|Amsterdam|Spain|Berlin)\b/;
const feas = getProduct('new-product-feasibility-study')!;

const feasibility = (inputs: ProductInputs): string => [...runOfflineReport(feas, inputs).values()].join('\n\n');

describe('rules and regulators the offline analyst names', () => {
  const plain = ideas.filter((i) => !HAS_PLACE.test(`${i.idea} ${i.targetCustomer} ${i.problemSolved}`));

  it.each(PLACES)('only those of the place given ("%s"), none without a place', (suffix, jurisdiction) => {
    const found: string[] = [];
    for (const i of plain) {
      const customer = `${i.targetCustomer}${suffix}`;
      const texts = [offlineValidation({ ...i, targetCustomer: customer }), feasibility({ targetMarket: customer, productIdea: i.idea })];
      for (const [j, re] of Object.entries(JURISDICTION_NAMES)) {
        if (j === jurisdiction) continue;
        for (const t of texts) {
          const m = re.exec(t);
          if (m) found.push(`${m[0]} (${j}) for "${i.idea}"${suffix}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the market table (one table, as data)', () => {
  it('has one entry per market, each complete for validation, simulation and the reports', () => {
    expect(new Set(MARKETS.map((m) => m.id)).size).toBe(MARKETS.length);
    for (const m of [...MARKETS, GENERAL.consumer, GENERAL.business]) {
      const weak = new Set(m.words.weak ?? []);
      const shape = {
        id: m.id,
        strongAlsoWeak: m.words.strong.filter((w) => weak.has(w)),
        revenue: m.revenue.length,
        enough: [m.alternatives, m.trends, m.incumbents, m.suppliers, m.tech, m.pains, m.rules].every((l) => l.length >= 3),
        niches: m.niches.consumer.length >= 3 && m.niches.business.length >= 3,
        beachheads: m.beachheads.consumer.length >= 3 && m.beachheads.business.length >= 3,
        channels: m.channels.consumer.length >= 3 && m.channels.business.length >= 3,
      };
      expect(shape).toEqual({ id: m.id, strongAlsoWeak: [], revenue: 2, enough: true, niches: true, beachheads: true, channels: true });
      if (m.id !== 'general') expect(m.words.strong.length).toBeGreaterThan(3);
    }
  });

  it('describes every rule without a country, naming one only per jurisdiction', () => {
    const anyName = new RegExp(
      Object.values(JURISDICTION_NAMES)
        .map((r) => r.source)
        .join('|'),
    );
    for (const m of [...MARKETS, GENERAL.consumer]) {
      for (const r of m.rules)
        expect({ market: m.id, topic: r.topic, what: r.what, named: anyName.exec(`${r.topic} ${r.what}`)?.[0] ?? null }).toEqual({
          market: m.id,
          topic: r.topic,
          what: r.what,
          named: null,
        });
    }
    const health = MARKETS.find((m) => m.id === 'health')!;
    expect(rulesFor(health, null)[0][0]).toBe('health-data privacy rules');
    expect(rulesFor(health, readPlace('dental clinics in Leeds'))[0][0]).toBe('health-data privacy rules (UK GDPR special-category data)');
    expect(rulesFor(health, readPlace('clinics in Nigeria'))[1][0]).toBe('medical-device rules for software');
    expect(readPlace('help us grow')).toBeNull();
    expect(readPlace('Clinics in the US')?.name).toBe('the United States');
  });
});

describe('the offline analyst’s layering', () => {
  /** Import specifiers of the analyst's own (non-test) source files. */
  const imports = (dir: string): Array<[string, string]> =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) return imports(file);
      if (!/\.ts$/.test(e.name) || /\.test\.ts$/.test(e.name)) return [];
      return [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => [path.relative(__dirname, file), m[1]] as [string, string]);
    });

  it('imports nothing from services/ or the AI tasks (no import circle with ai/tasks)', () => {
    const bad = imports(__dirname).filter(([, spec]) => /services\/|\/tasks\//.test(spec));
    expect(bad).toEqual([]);
  });
});

describe('two readers, combined: the classifier may overrule the words, or name a market they miss', () => {
  const v = (idea: string, targetCustomer: string, problemSolved = '') => ({ idea, targetCustomer, problemSolved });
  /** A classifier that gives these shares (the rest of 1 to 'general'). */
  const gives = (shares: Record<string, number>) => (): Classification => {
    const scores = { general: 1 - Object.values(shares).reduce((a, b) => a + b, 0), ...shares };
    const [label, p] = Object.entries(scores).sort((a, b) => b[1] - a[1])[0];
    return { label, p, scores };
  };
  // A restaurant's SMS campaign tool: the table's words read food (the customer's industry).
  const sms = v(
    'SMS campaign tool for independent restaurants that brings back lapsed diners with personalised offers based on what they ordered last time.',
    'Owners of independent restaurants in Singapore',
    'Half of first-time diners never return, and delivery-app ads cost S$2,000 a month',
  );

  it('keeps a decisive word in what is sold unless the classifier would name another market by itself', () => {
    expect(readIdeaWords(sms).market?.id).toBe('food');
    expect(readIdeaWords(sms).settledBy).toBe('sold');
    // Unsure, or sure only of a weaker rival: the words stand.
    expect(readIdeaMarket(sms, gives({ food: 0.02, marketing: 0.6 })).market?.id).toBe('food');
    expect(readIdeaMarket(sms, gives({ food: 0.3 })).market?.id).toBe('food');
    // Another market at MIN_CLASSIFIER_SHARE: the classifier's market is named, and the words' is kept as unconfirmed.
    const overruled = readIdeaMarket(sms, gives({ food: 0.02, marketing: MIN_CLASSIFIER_SHARE }));
    expect(overruled.market?.id).toBe('marketing');
    expect(overruled.runnerUp).toBeNull();
    expect(overruled.unconfirmed?.id).toBe('food');
    // Sure there is no market, and giving food little: general.
    const none = readIdeaMarket(sms, gives({ food: 0.1 }));
    expect(none.market).toBeNull();
    expect(none.unconfirmed?.id).toBe('food');
    // A market the classifier finds implausible (under CLASSIFIER_OVERRULES.implausible) is dropped.
    expect(readIdeaMarket(sms, gives({ food: CLASSIFIER_OVERRULES.implausible / 2, marketing: 0.3, finance: 0.3 })).market).toBeNull();
    // The shipped classifier reads it as marketing.
    expect(detectDomain(sms).domain.id).toBe('marketing');
    expect(profile({ subject: sms.idea, audience: sms.targetCustomer }).sector.id).toBe('marketing');
  });

  it('overrules weaker evidence (a decisive word elsewhere, or two words) sooner, unless the two readers nearly agree', () => {
    const tenancy = v('An AI assistant that drafts tenancy agreements and checks them against local law', 'Small landlords in Scotland');
    expect(readIdeaWords(tenancy).market?.id).toBe('realestate');
    expect(readIdeaWords(tenancy).settledBy).not.toBe('sold');
    expect(readIdeaMarket(tenancy, gives({ legal: 0.6, realestate: 0.1 })).market).toBeNull();
    expect(readIdeaMarket(tenancy, gives({ legal: 0.5, realestate: 0.45 })).market?.id).toBe('realestate');
  });

  it('lets the classifier alone name a market only at MIN_CLASSIFIER_SHARE or more', () => {
    const van = v('A van that changes your tyres at the office', 'Commuters who drive to work in Munich');
    expect(readIdeaWords(van).market).toBeNull();
    expect(readIdeaMarket(van, gives({ logistics: MIN_CLASSIFIER_SHARE - 0.01 })).market).toBeNull();
    expect(readIdeaMarket(van, gives({ logistics: MIN_CLASSIFIER_SHARE })).market?.id).toBe('logistics');
  });

  it('asks the classifier even about a decisive word: one market’s words can describe another market’s product', () => {
    // "A fitness tracker for supply chains": fitness for the table’s words, logistics for a mentor.
    const metaphor = v(
      'A fitness tracker for supply chains: we measure the stamina and resting heart rate of your supplier network',
      'Procurement heads at electronics assemblers in Shenzhen',
      'A late supplier stops the line',
    );
    expect(wordsMarket(metaphor.idea, metaphor.targetCustomer, metaphor.problemSolved)).toBe('fitness');
    expect(market(metaphor.idea, metaphor.targetCustomer, metaphor.problemSolved)).toBe('logistics');
    const solar = v('Rooftop solar for small shops paid as a monthly subscription', 'Shop owners in Nairobi');
    expect(market(solar.idea, solar.targetCustomer)).toBe('sustainability');
    const collar = v('A GPS collar for dogs that alerts you when your dog leaves a safe zone', 'Dog owners near busy roads');
    expect(market(collar.idea, collar.targetCustomer)).toBe('pets');
  });

  // Plainly worded ideas of issue 36 that the shipped reading (a 0.85 veto) left general.
  it.each([
    ['Software that reads supplier invoices and schedules payments before they are due', 'Small manufacturers in Ohio', ['finance']],
    ['Renting farm equipment by the day from neighbouring farms', 'Small farmers in Kenya', ['agriculture']],
    ['An AI assistant that drafts tenancy agreements and checks them against local law', 'Small landlords in Scotland', ['realestate']],
    ['Mobile hairdressers who come to your home', 'Busy parents in Leeds', ['beauty']],
    ['Mobile hairdressing at home for elderly people', 'Pensioners who cannot get to a salon', ['beauty']],
    ['Travel insurance for backpackers that you can switch on and off by the day', 'Backpackers in South-East Asia', ['travel']],
    ['Dubbing YouTube videos into Spanish and Hindi with AI voices', 'YouTube creators with 10k-500k subscribers', ['marketing']],
    ['A van that changes your tyres at the office', 'Commuters who drive to work in Munich', ['logistics', 'general']],
  ])('reads "%s" (%s) right', (idea, targetCustomer, accepted) => {
    expect(accepted).toContain(market(idea, targetCustomer));
    expect(accepted).toContain(profile({ subject: idea, audience: targetCustomer }).sector.id);
  });
});
