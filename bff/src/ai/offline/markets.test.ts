import data from '../../../test/fixtures/marketIdeas.json';
import { getProduct, type ProductInputs } from '@val/contracts';
import { dagLevels } from '../../reports/dag';
import type { UpstreamFinding } from '../tasks/reports';
import { offlineReportAnswer } from './reports';
import { profile } from './reportKit';
import { detectDomain, offlineValidation, type ValidationInput } from './validation';

interface Labelled extends ValidationInput {
  expected: string[];
}
const ideas = (data as { ideas: Labelled[] }).ideas;

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
const HAS_PLACE = /\b(UK|US|USA|EU|Europe|Germany|Canada|Kenya|Australia|London|Portland|India|Madrid|Amsterdam)\b/;
const feas = getProduct('new-product-feasibility-study')!;

function feasibility(inputs: ProductInputs): string {
  const out = new Map<string, string>();
  for (const level of dagLevels(feas.agents)) {
    for (const agent of level) {
      const upstream: UpstreamFinding[] = agent.dependsOn.map((d) => {
        const a = feas.agents.find((x) => x.id === d)!;
        return { id: d, title: a.title, agent: a.name, output: out.get(d)! };
      });
      out.set(agent.id, offlineReportAnswer({ product: feas, agent, inputs, upstream }));
    }
  }
  return [...out.values()].join('\n\n');
}

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
