import {
  CATALOGUE_PRODUCT_IDS,
  ENTERPRISE_PRODUCT_IDS,
  FEASIBILITY_AGENT_COUNT,
  FEASIBILITY_STEP_IDS,
  FEASIBILITY_STUDY_ID,
  INTERVIEW_EVIDENCE_AGENT_IDS,
  filledFieldCount,
  formatPrice,
  isMultilineField,
  missingFields,
  savingsAmount,
  savingsPercent,
  visibleAgents,
} from '@val/contracts';
import { CATALOGUE, ENTERPRISE_PRODUCTS, checkProductInputs, getProduct } from './catalogue';

describe('savings math', () => {
  it('is round((original - price) / original x 100)', () => {
    expect(savingsPercent(25, 1500)).toBe(98); // 98.33
    expect(savingsPercent(9, 600)).toBe(99); // 98.5 rounds up
    expect(savingsPercent(50, 200)).toBe(75);
    expect(savingsPercent(1, 3)).toBe(67); // 66.67
    expect(savingsAmount(25, 1500)).toBe(1475);
  });
  it('never shows a negative or undefined saving', () => {
    expect(savingsPercent(100, 100)).toBe(0);
    expect(savingsPercent(120, 100)).toBe(0);
    expect(savingsPercent(5, 0)).toBe(0);
    expect(savingsAmount(120, 100)).toBe(0);
  });
  it('formats prices with thousands separators', () => {
    expect(formatPrice(1500)).toBe('$1,500');
    expect(formatPrice(25)).toBe('$25');
  });
});

describe('the multi-line field rule', () => {
  it('makes fields whose name contains idea or questions multi-line', () => {
    expect(isMultilineField('idea')).toBe(true);
    expect(isMultilineField('productIdea')).toBe(true);
    expect(isMultilineField('questions')).toBe(true);
    expect(isMultilineField('targetMarket')).toBe(false);
    expect(isMultilineField('persona')).toBe(false);
    expect(isMultilineField('productOrDomain')).toBe(false);
    expect(isMultilineField('company')).toBe(false);
  });
});

describe('the catalogue', () => {
  it('has the eight products of the spec with their input fields', () => {
    expect(CATALOGUE.map((p) => p.id)).toEqual([...CATALOGUE_PRODUCT_IDS]);
    const fields = Object.fromEntries(CATALOGUE.map((p) => [p.id, p.fields.map((f) => f.name)]));
    expect(fields).toEqual({
      'new-product-feasibility-study': ['targetMarket', 'productIdea'],
      'idea-desirability-assessment': ['idea'],
      'tam-assessment-for-ideas': ['idea'],
      'business-idea-evaluation': ['company', 'idea'],
      'porter-5-forces-analysis': ['market'],
      'voice-of-customer-insights': ['questions', 'persona', 'productOrDomain'],
      'market-pain-points-analysis': ['market', 'topic'],
      'revenue-opportunity-validation': ['industry', 'area'],
    });
  });

  it('has the agent counts of the spec', () => {
    const agents = Object.fromEntries([...CATALOGUE, ...ENTERPRISE_PRODUCTS].map((p) => [p.id, p.agents.length]));
    expect(agents).toMatchObject({
      'new-product-feasibility-study': 10,
      'idea-desirability-assessment': 1,
      'tam-assessment-for-ideas': 5,
      'voice-of-customer-insights': 3,
      'market-pain-points-analysis': 3,
      'revenue-opportunity-validation': 4,
      'market-intelligence-report': 5,
      'enterprise-idea-assessment': 10,
    });
  });

  it('sells the feasibility study for $25 and shows its nine steps in the spec order', () => {
    const p = getProduct('new-product-feasibility-study');
    expect(p?.price).toBe(25);
    expect(visibleAgents(p!).map((a) => a.id)).toEqual([...FEASIBILITY_STEP_IDS]);
  });

  it('gives every agent a name and description, and only known dependencies', () => {
    for (const p of [...CATALOGUE, ...ENTERPRISE_PRODUCTS]) {
      const ids = new Set(p.agents.map((a) => a.id));
      expect(ids.size).toBe(p.agents.length);
      for (const a of p.agents) {
        expect(a.name.length).toBeGreaterThan(3);
        expect(a.description.length).toBeGreaterThan(10);
        for (const d of a.dependsOn) expect(ids.has(d)).toBe(true);
      }
      for (const i of p.inputs) if (i.field) expect(p.fields.map((f) => f.name)).toContain(i.field);
    }
    for (const p of CATALOGUE) expect(p.originalPrice).toBeGreaterThan(p.price);
  });
});

describe('purchase inputs', () => {
  const feas = getProduct('new-product-feasibility-study')!;
  it('lists blank fields after trimming and counts the filled ones', () => {
    expect(missingFields(feas, { targetMarket: '  ', productIdea: 'x' })).toEqual(['targetMarket']);
    expect(filledFieldCount(feas, { targetMarket: 'UK gyms', productIdea: ' ' })).toBe(1);
  });
  it('checks inputs like the server: required, trimmed, bounded, no unknown fields', () => {
    expect(checkProductInputs('new-product-feasibility-study', { targetMarket: ' UK gyms ', productIdea: 'Class booking app' })).toMatchObject({
      ok: true,
      inputs: { targetMarket: 'UK gyms', productIdea: 'Class booking app' },
    });
    expect(checkProductInputs('new-product-feasibility-study', { targetMarket: 'UK gyms' })).toMatchObject({ ok: false });
    expect(checkProductInputs('new-product-feasibility-study', { targetMarket: 'x'.repeat(101), productIdea: 'y' })).toMatchObject({
      ok: false,
      message: 'inputs.targetMarket must be at most 100 characters',
    });
    expect(checkProductInputs('nope', {})).toMatchObject({ ok: false });
    expect(checkProductInputs('idea-desirability-assessment', { idea: 'x', extra: 'y' })).toMatchObject({ ok: false });
  });
});

describe('the product data and the contracts', () => {
  it("states the feasibility study's agent count without the product data", () => {
    expect(FEASIBILITY_AGENT_COUNT).toBe(getProduct(FEASIBILITY_STUDY_ID)?.agents.length);
  });

  it('has a product for each id of the contracts, and no other (a click names one of those ids)', () => {
    expect(CATALOGUE.map((p) => p.id)).toEqual([...CATALOGUE_PRODUCT_IDS]);
    expect(ENTERPRISE_PRODUCTS.map((p) => p.id)).toEqual([...ENTERPRISE_PRODUCT_IDS]);
  });

  it('leaves the product data out of @val/contracts', async () => {
    const contracts: Record<string, unknown> = await import('@val/contracts');
    for (const name of ['CATALOGUE', 'ENTERPRISE_PRODUCTS', 'getProduct', 'getAnyProduct', 'checkProductInputs'])
      expect({ name, inContracts: name in contracts }).toEqual({ name, inContracts: false });
  });

  it('the interview evidence names customer- and market-facing agents that exist, at least one in every product', () => {
    const all = [...CATALOGUE, ...ENTERPRISE_PRODUCTS];
    const ids = new Set(all.flatMap((p) => p.agents.map((a) => a.id)));
    for (const id of INTERVIEW_EVIDENCE_AGENT_IDS) expect(ids).toContain(id);
    for (const p of all) expect(p.agents.some((a) => INTERVIEW_EVIDENCE_AGENT_IDS.includes(a.id))).toBe(true);
  });
});
