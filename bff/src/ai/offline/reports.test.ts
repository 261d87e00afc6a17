import fs from 'node:fs';
import path from 'node:path';
import { type ProductInputs } from '@val/contracts';
import { CATALOGUE, getProduct } from '@val/content';
import { runOfflineReport } from '../../../test/reports';
import { reportAgentData, reportAgentTask } from '../tasks/reports';
import { jobOf, OFFLINE_REPORT_AGENTS, profile } from '@val/offline-analyst';
import { offlineReportAnswer } from './reports';
import { buildReportSheet } from '../../analysis/reportSheet';
import { checkSection } from '../../analysis/check';

/** Runs a whole product offline, in DAG order, each agent reading its upstream outputs. */
const runOffline = runOfflineReport;

const feas = getProduct('new-product-feasibility-study')!;
const gyms = { targetMarket: 'Independent gyms in the UK', productIdea: 'An app that lets members book and pay for classes in two taps' };
const dentists = { targetMarket: 'Dental clinics in Germany', productIdea: 'AI receptionist that answers calls and books patients' };

describe('the offline report analyst', () => {
  it('has a dedicated writer and a prompt file for every agent of the eight products', () => {
    for (const p of CATALOGUE) {
      for (const a of p.agents) {
        expect(OFFLINE_REPORT_AGENTS).toContain(a.id);
        expect(fs.existsSync(path.join(__dirname, '..', '..', '..', 'prompts', reportAgentTask(a).prompt))).toBe(true);
      }
    }
  });

  it('writes about the buyer’s own market and idea, in their words', () => {
    const out = runOffline(feas, gyms);
    expect(out.get('target-customers')).toContain('independent gyms in the UK');
    expect(out.get('regulatory-impact')).toContain('the United Kingdom');
    expect(out.get('technical-feasibility')).toContain('lets members book and pay for classes');
    expect(out.get('final-recommendations')).toMatch(/^\*\*Verdict: (Go|Go with changes|No-go)\.\*\*/);
  });

  it('gives clearly different answers for different inputs', () => {
    const a = runOffline(feas, gyms);
    const b = runOffline(feas, dentists);
    for (const id of ['target-customers', 'regulatory-impact', 'profitability-forecast', 'final-recommendations']) expect(a.get(id)).not.toEqual(b.get(id));
    expect(b.get('regulatory-impact')).toMatch(/GDPR/);
    expect(b.get('regulatory-impact')).not.toEqual(expect.stringContaining('subscription rules'));
    expect(a.get('ai-marketplace-mindmap')).toContain('Mindbody');
    expect(b.get('ai-marketplace-mindmap')).toContain('Doctolib');
  });

  it('is deterministic for the same inputs', () => {
    expect(runOffline(feas, gyms)).toEqual(runOffline(feas, gyms));
  });

  it('builds on the outputs of upstream steps', () => {
    const out = runOffline(feas, dentists);
    const firstLine = (id: string) => out.get(id)!.slice(0, 90);
    expect(out.get('strategic-implications')).toContain(firstLine('target-customers'));
    expect(out.get('final-recommendations')).toContain(firstLine('risk-analysis'));
    const risk = feas.agents.find((a) => a.id === 'risk-analysis')!;
    const changed = offlineReportAnswer({
      product: feas,
      agent: risk,
      inputs: dentists,
      upstream: [
        {
          id: 'regulatory-impact',
          title: 'Regulatory Impact',
          agent: 'Regulatory Analyst',
          output: 'Telemedicine licensing in Bavaria is the gating issue for this product.',
        },
      ],
    });
    expect(changed).toContain('Telemedicine licensing in Bavaria is the gating issue');
  });

  it('uses numbers the buyer wrote', () => {
    const out = runOffline(getProduct('idea-desirability-assessment')!, { idea: 'Weekly meal kits for busy parents at $49 a month' });
    expect(out.get('desirability-assessment')).toContain('at $49 a month;');
  });

  it('answers every research question of a voice-of-customer report, with the upstream personas', () => {
    const product = getProduct('voice-of-customer-insights')!;
    const out = runOffline(product, {
      questions: 'How do you plan routes today?\nWhat would you pay for a tool that cuts fuel costs?',
      persona: 'Operations managers at 50-200 person logistics firms',
      productOrDomain: 'Route planning software',
    });
    const names = [...out.get('customer-personas')!.matchAll(/^### (.+?) - /gm)].map((m) => m[1]);
    expect(names).toHaveLength(3);
    expect(out.get('customer-interviews')).toContain('### Q1. How do you plan routes today?');
    expect(out.get('customer-interviews')).toContain('### Q2. What would you pay for a tool that cuts fuel costs?');
    for (const n of names) expect(out.get('customer-interviews')).toContain(`**${n}**`);
    expect(out.get('customer-insights')).toContain(`**${names[0]}**`);
  });

  it('writes every product without placeholders and in plain ASCII punctuation', () => {
    const samples: Record<string, ProductInputs> = {
      'new-product-feasibility-study': gyms,
      'idea-desirability-assessment': { idea: 'A marketplace for renting camping gear from neighbours in Portland' },
      'tam-assessment-for-ideas': { idea: 'Tutoring app for high-school maths students in India' },
      'business-idea-evaluation': { company: 'Two-person studio in Lisbon', idea: 'A Notion template shop for freelancers' },
      'porter-5-forces-analysis': { market: 'Plant-based protein snacks in Germany' },
      'voice-of-customer-insights': { questions: 'Why do you switch vets?', persona: 'Dog owners in Austin', productOrDomain: 'Pet telehealth' },
      'market-pain-points-analysis': { market: 'Small dental practices in the US', topic: 'Patient scheduling and no-shows' },
      'revenue-opportunity-validation': { industry: 'Veterinary clinics', area: 'Client retention and reminders' },
    };
    for (const p of CATALOGUE) {
      const out = runOffline(p, samples[p.id]);
      for (const [id, text] of out) {
        expect({ id, ok: text.length > 200 }).toEqual({ id, ok: true });
        expect(text).not.toMatch(/\bundefined\b|\bNaN\b|\[object|lorem ipsum/);
        expect(text).not.toMatch(/[\u2018\u2019\u201C\u201D\u2013\u2014]/);
      }
    }
  });
});

describe("the offline report analyst names only the given country's rules", () => {
  const US_ONLY = /\b(FTC|FDA|HIPAA|COPPA|FERPA|FMCSA|CPSC|CCPA|EEOC|IRA|SHRM)\b/;
  const EU_ONLY = /\bEU\b|(?<!UK )GDPR|PSD2|AI Act|MDR\b|178\/2002|tachograph/;
  const UK_ONLY = /\b(ASA|CMA|FCA|ICO|MHRA|Ofsted|CQC|DBS|PECR)\b|UK GDPR/;

  it('a UK market gets UK rules, never the FTC or EU law', () => {
    const out = runOffline(feas, gyms);
    for (const [id, text] of out) {
      expect({ id, us: US_ONLY.exec(text)?.[0] ?? null, eu: EU_ONLY.exec(text)?.[0] ?? null }).toEqual({ id, us: null, eu: null });
    }
    expect(out.get('regulatory-impact')).toContain('the United Kingdom');
  });

  it('a market with no country named gets no regulator at all', () => {
    const out = runOffline(feas, { targetMarket: 'Independent gyms', productIdea: gyms.productIdea });
    for (const [id, text] of out) {
      const named = US_ONLY.exec(text)?.[0] ?? EU_ONLY.exec(text)?.[0] ?? UK_ONLY.exec(text)?.[0] ?? null;
      expect({ id, named }).toEqual({ id, named: null });
    }
  });
});

describe('report agent data', () => {
  it('passes the inputs by their report names and marks derived ones', () => {
    const data = reportAgentData({ product: feas, agent: feas.agents[1], inputs: gyms, upstream: [] }) as { inputs: Record<string, string> };
    expect(data.inputs.IDEA).toBe(gyms.productIdea);
    expect(data.inputs.MARKET_CONTEXT).toBe(gyms.targetMarket);
    expect(data.inputs.COMPANY).toMatch(/not given/);
  });
});

describe('reading an idea', () => {
  it('finds the job the idea does and the sector and place', () => {
    expect(jobOf('An app that lets members book classes')).toBe('lets members book classes');
    expect(jobOf('A tool to track expenses')).toBe('helps track expenses');
    const p = profile({ subject: 'AI receptionist that answers calls and books patients', audience: 'Dental clinics in Germany' });
    expect(p.sector.id).toBe('health');
    expect(p.geo).toBe('Germany');
    expect(p.b2b).toBe(true);
    // Meal kits for parents: food for the table's words; the classifier must agree, else general (never family).
    expect(['food', 'general']).toContain(profile({ subject: 'Meal kits for busy parents in Toronto' }).sector.id);
    expect(profile({ subject: 'A weekly meal kit with recipes and fresh ingredients in Toronto' }).sector.id).toBe('food');
  });
});

describe('the audience of an idea', () => {
  it('stops before a price ("for busy parents at $49 a month" is about busy parents)', () => {
    expect(profile({ subject: 'Weekly meal kits for busy parents at $49 a month' }).audience).toBe('busy parents');
    expect(profile({ subject: 'Dog walking for seniors for £12 a walk' }).audience).toBe('seniors');
  });
});

describe('the offline analyst passes its own consistency check', () => {
  it('every section of every product, for the 66 ideas of bench/report-quality, contradicts nothing in its sheet', () => {
    const file = path.join(__dirname, '..', '..', '..', '..', 'bench', 'report-quality', 'ideas.json');
    const { ideas } = JSON.parse(fs.readFileSync(file, 'utf8')) as { ideas: Array<{ id: string; inputs: Record<string, ProductInputs> }> };
    const found: string[] = [];
    for (const idea of ideas) {
      for (const product of CATALOGUE) {
        const inputs = idea.inputs[product.id];
        const sheet = buildReportSheet({ product, inputs });
        for (const [id, text] of runOffline(product, inputs, sheet)) {
          for (const v of checkSection(text, { sheet, inputs: Object.values(inputs).join(' '), sectionId: id }).violations)
            found.push(`${idea.id} ${product.id} ${id}: ${v.kind} "${v.text}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
