import fs from 'node:fs';
import path from 'node:path';
import { getProduct, type ProductInputs } from '@val/contracts';
import { runOfflineReport } from '../../../test/reports';
import { profile } from './reportKit';
import { GENERAL, MARKETS, readIdeaMarket, readPlace, rulesFor, stemMatches } from './markets';
import { detectDomain, offlineValidation, type ValidationInput } from './validation';

interface Labelled extends ValidationInput {
  expected: string[];
}
const data = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'marketIdeas.json'), 'utf8')) as { ideas: Labelled[] };
const ideas = data.ideas;

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

describe('the market the offline analyst names (test set of bff/test/fixtures/marketIdeas.json)', () => {
  it('has at least 40 varied ideas', () => {
    expect(ideas.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ideas.flatMap((i) => i.expected)).size).toBeGreaterThanOrEqual(18);
  });

  it('validation: never a wrong market, and the right one for at least 85% of the ideas', () => {
    const t = tally(ideas.map((i) => detectDomain(i).domain.id));
    expect(t.wrong).toEqual([]);
    expect(t.right).toBeGreaterThanOrEqual(0.85);
  });

  it('reports: the same market table and reading, with the idea as subject and the customer as audience', () => {
    const t = tally(ideas.map((i) => profile({ subject: i.idea, audience: i.targetCustomer }).sector.id));
    expect(t.wrong).toEqual([]);
    expect(t.right).toBeGreaterThanOrEqual(0.85);
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
    expect(readIdeaMarket({ idea: 'A retirement-savings app that rounds up card payments', targetCustomer: 'People in their 30s', problemSolved: 'They have no pension' }).market?.id).toBe('finance');
    expect(readIdeaMarket({ idea: 'A tool that tags support tickets by urgency', targetCustomer: 'Support teams at software companies', problemSolved: 'Urgent tickets wait in the queue' }).market?.id).not.toBe('events');
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
    const anyName = new RegExp(Object.values(JURISDICTION_NAMES).map((r) => r.source).join('|'));
    for (const m of [...MARKETS, GENERAL.consumer]) {
      for (const r of m.rules) expect({ market: m.id, topic: r.topic, what: r.what, named: anyName.exec(`${r.topic} ${r.what}`)?.[0] ?? null }).toEqual({ market: m.id, topic: r.topic, what: r.what, named: null });
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
