import {
  CATALOGUE_PRODUCT_IDS,
  FEASIBILITY_STUDY_PRICE,
  FEASIBILITY_STUDY_RUNTIME_SECONDS,
  FEASIBILITY_STEP_IDS,
  PURCHASE_TEXTS,
  type AnyProduct,
  type CatalogueProduct,
  type EnterpriseProduct,
  type ProductField,
  type ProductInputs,
  type ReportAgent,
} from '@val/contracts';

/**
 * The product data of the report catalogue: the eight research reports sold on /products (plus the
 * two enterprise reports of /enterprise), their prices, purchase-form fields and the AI agents that
 * write each one. Their types, ids and the rules over them are `@val/contracts` (catalogue.ts).
 * Plain data: only the screens that show products (and the BFF, the CLI) load it.
 */

const field = (name: string, label: string, placeholder: string, maxLength: number): ProductField => ({
  name,
  label,
  placeholder,
  maxLength,
});

const agent = (id: string, name: string, title: string, description: string, dependsOn: ReadonlyArray<string> = [], internal?: boolean): ReportAgent =>
  internal ? { id, name, title, description, dependsOn, internal } : { id, name, title, description, dependsOn };

/** What the lead analyst weighs: every other step of the study. */
const FEASIBILITY_MIDDLE = FEASIBILITY_STEP_IDS.filter((id) => id !== 'final-recommendations');

/** The eight reports of /products, in display order. */
export const CATALOGUE: ReadonlyArray<CatalogueProduct> = [
  {
    tier: 'standard',
    id: 'new-product-feasibility-study',
    title: 'New Product Feasibility Study',
    category: 'Feasibility',
    description:
      'Ten AI agents study your product idea in your target market: who buys, what the market is doing, the rules you must follow, whether it can be built, what it earns, what can go wrong, and a clear go or no-go.',
    price: FEASIBILITY_STUDY_PRICE,
    originalPrice: 1500,
    runtimeSeconds: FEASIBILITY_STUDY_RUNTIME_SECONDS,
    sources: [
      'Industry reports',
      'Government statistics',
      'Regulatory texts',
      'Public company filings',
      'Funding databases',
      'Customer reviews',
      'Forums and communities',
      'Technical documentation',
    ],
    fields: [
      field('targetMarket', 'Target market', 'e.g. Independent gyms in the UK', 100),
      field('productIdea', 'Product idea', 'e.g. An app that lets members book and pay for classes in two taps', 200),
    ],
    inputs: [
      { name: 'COMPANY', description: 'The kind of company that would build it (derived from your idea)' },
      { name: 'IDEA', description: 'Your product idea', field: 'productIdea' },
      { name: 'MARKET_CONTEXT', description: 'The target market you name', field: 'targetMarket' },
    ],
    deliverables: [
      'Target customer segments with their jobs, pains and buying triggers',
      'Market trends, regulation and a map of the AI marketplace around you',
      'Technical feasibility, a 3-year profitability forecast and a risk register',
      'A final go / no-go recommendation with your next five steps',
    ],
    agents: [
      agent('research-plan', 'Research Planner', 'Research Plan', 'Breaks your idea into research questions and briefs every other agent.', [], true),
      agent('target-customers', 'Customer Segmentation Analyst', 'Target Customers', 'Finds the segments most likely to buy first and what they need.', [
        'research-plan',
      ]),
      agent('market-trends', 'Market Trends Researcher', 'Market Trends', 'Reads the direction of your market: growth drivers, shifts and timing.', [
        'research-plan',
      ]),
      agent('regulatory-impact', 'Regulatory Analyst', 'Regulatory Impact', 'Lists the laws, licences and standards that apply and what they cost you.', [
        'research-plan',
      ]),
      agent(
        'strategic-implications',
        'Strategy Advisor',
        'Strategic Implications',
        'Turns customers, trends and rules into positioning and a go-to-market path.',
        ['target-customers', 'market-trends', 'regulatory-impact'],
      ),
      agent(
        'ai-marketplace-mindmap',
        'Marketplace Mapper',
        'AI Marketplace Mind Map',
        'Maps the competitors, substitutes, partners and AI tools around your idea.',
        ['research-plan'],
      ),
      agent(
        'profitability-forecast',
        'Financial Modeller',
        'Profitability Forecast',
        'Builds unit economics and a 3-year revenue, cost and break-even forecast.',
        ['target-customers', 'market-trends', 'technical-feasibility'],
      ),
      agent('technical-feasibility', 'Technical Architect', 'Technical Feasibility', 'Sketches the build: components, effort, team and the hard parts.', [
        'research-plan',
      ]),
      agent('risk-analysis', 'Risk Analyst', 'Risk Analysis', 'Rates market, execution, regulatory and financial risks with mitigations.', [
        'regulatory-impact',
        'technical-feasibility',
        'market-trends',
      ]),
      agent(
        'final-recommendations',
        'Lead Analyst',
        'Final Recommendations',
        'Weighs every finding into a verdict, a score and your next steps.',
        FEASIBILITY_MIDDLE,
      ),
    ],
  },
  {
    tier: 'standard',
    id: 'idea-desirability-assessment',
    title: 'Idea Desirability Assessment',
    category: 'Validation',
    description:
      'Will people actually want it? A focused read on the urgency of the problem, who feels it most, what they use today, and the signals that would prove real demand.',
    price: 9,
    originalPrice: 600,
    runtimeSeconds: 60,
    sources: ['Customer reviews', 'Forums and communities', 'Search interest data', 'Social media discussions'],
    fields: [field('idea', 'Your idea', 'Describe the idea, who it is for and the problem it solves', 1000)],
    inputs: [{ name: 'IDEA', description: 'Your idea, in your own words', field: 'idea' }],
    deliverables: [
      'A desirability score out of 10 with the reasons behind it',
      'The people who feel the problem most and what they use today',
      'Three cheap experiments that would prove demand',
    ],
    agents: [agent('desirability-assessment', 'Desirability Analyst', 'Desirability Assessment', 'Scores how badly people want this and how to prove it.')],
  },
  {
    tier: 'standard',
    id: 'tam-assessment-for-ideas',
    title: 'TAM Assessment for Ideas',
    category: 'Market Sizing',
    description:
      'How big can this get? Total, serviceable and obtainable market sized two ways, top-down and bottom-up, with every assumption written out so you can defend it to investors.',
    price: 19,
    originalPrice: 2500,
    runtimeSeconds: 180,
    sources: ['Industry reports', 'Government statistics', 'Public company filings', 'Census and trade data', 'Pricing pages'],
    fields: [field('idea', 'Your idea', 'Describe the idea and who would pay for it', 1000)],
    inputs: [
      { name: 'IDEA', description: 'Your idea', field: 'idea' },
      { name: 'TARGET_MARKET', description: 'The buyers your idea serves (derived from your idea)' },
      { name: 'GEOGRAPHIC_SCOPE', description: 'Where you would sell first (derived from your idea)' },
    ],
    deliverables: [
      'A precise market definition: buyer, geography and price point',
      'TAM sized top-down and bottom-up, reconciled',
      'SAM and a 3-year SOM with the assumptions behind each number',
    ],
    agents: [
      agent('market-definition', 'Market Definer', 'Market Definition', 'Pins down who pays, where, and for what.'),
      agent('top-down-sizing', 'Top-Down Sizer', 'Top-Down Market Size', 'Sizes the market from industry totals down to your slice.', ['market-definition']),
      agent('bottom-up-sizing', 'Bottom-Up Sizer', 'Bottom-Up Market Size', 'Counts buyers and multiplies by what they would pay.', ['market-definition']),
      agent('serviceable-market', 'SAM and SOM Estimator', 'Serviceable and Obtainable Market', 'Narrows the total to what you can reach and win in 3 years.', [
        'top-down-sizing',
        'bottom-up-sizing',
      ]),
      agent('tam-summary', 'Market Sizing Lead', 'TAM Summary', 'Reconciles the estimates into one defensible story.', [
        'market-definition',
        'top-down-sizing',
        'bottom-up-sizing',
        'serviceable-market',
      ]),
    ],
  },
  {
    tier: 'standard',
    id: 'business-idea-evaluation',
    title: 'Business Idea Evaluation',
    category: 'Evaluation',
    description:
      'An investor-style evaluation of your idea for your company: problem-solution fit, the competition you will meet, the business model, and a scorecard with a clear verdict.',
    price: 19,
    originalPrice: 2000,
    runtimeSeconds: 120,
    sources: ['Public company filings', 'Funding databases', 'Product directories', 'Customer reviews', 'Industry reports'],
    fields: [
      field('company', 'Company', 'Your company or team, e.g. Two-person studio in Lisbon', 200),
      field('idea', 'Idea', 'Describe the idea you want evaluated', 1000),
    ],
    inputs: [
      { name: 'COMPANY', description: 'Who you are and what you bring', field: 'company' },
      { name: 'IDEA', description: 'The idea to evaluate', field: 'idea' },
    ],
    deliverables: [
      'Problem-solution fit with the evidence for and against',
      'The competitive landscape and your opening',
      'A business model review and a 10-point investor scorecard',
    ],
    agents: [
      agent('problem-solution-fit', 'Problem-Solution Analyst', 'Problem-Solution Fit', 'Tests whether the idea solves a real, frequent, costly problem.'),
      agent('competitive-landscape', 'Competition Scout', 'Competitive Landscape', 'Finds direct rivals, substitutes and the gap you can own.'),
      agent('business-model', 'Business Model Reviewer', 'Business Model', 'Checks how you make money, at what margin, and how you reach buyers.'),
      agent('evaluation-scorecard', 'Evaluation Lead', 'Evaluation Scorecard', 'Scores the idea like an investor and gives a verdict.', [
        'problem-solution-fit',
        'competitive-landscape',
        'business-model',
      ]),
    ],
  },
  {
    tier: 'standard',
    id: 'porter-5-forces-analysis',
    title: "Porter's 5 Forces Analysis",
    category: 'Strategy',
    description:
      'The classic strategy lens applied to your market: rivalry, new entrants, supplier and buyer power, and substitutes, each rated, explained and turned into moves you can make.',
    price: 15,
    originalPrice: 1800,
    runtimeSeconds: 120,
    sources: ['Industry reports', 'Public company filings', 'Trade publications', 'Pricing pages', 'Government statistics'],
    fields: [field('market', 'Market', 'e.g. Plant-based protein snacks in Germany', 200)],
    inputs: [{ name: 'MARKET', description: 'The market to analyse', field: 'market' }],
    deliverables: [
      'Each of the five forces rated low, medium or high with the reasons',
      'An overall attractiveness score for the market',
      'Strategic moves that shift the forces in your favour',
    ],
    agents: [
      agent('competitive-rivalry', 'Rivalry Analyst', 'Competitive Rivalry', 'Rates how hard incumbents fight on price and features.'),
      agent('threat-of-new-entrants', 'Entry Barrier Analyst', 'Threat of New Entrants', 'Weighs capital, brand, regulation and network barriers.'),
      agent('supplier-power', 'Supply Chain Analyst', 'Supplier Power', 'Finds the inputs you depend on and who controls them.'),
      agent('buyer-power', 'Buyer Analyst', 'Buyer Power', 'Measures how easily customers switch and bargain.'),
      agent('threat-of-substitutes', 'Substitutes Analyst', 'Threat of Substitutes', 'Lists the other ways customers get the job done.'),
      agent('five-forces-summary', 'Strategy Synthesizer', 'Five Forces Summary', 'Combines the five ratings into an attractiveness score and moves.', [
        'competitive-rivalry',
        'threat-of-new-entrants',
        'supplier-power',
        'buyer-power',
        'threat-of-substitutes',
      ]),
    ],
  },
  {
    tier: 'standard',
    id: 'voice-of-customer-insights',
    title: 'Voice of Customer Insights',
    category: 'Customer Research',
    description:
      'Hear your customers before you build: AI personas built from your target customer answer your research questions in simulated interviews, and the answers are distilled into insights.',
    price: 19,
    originalPrice: 3000,
    runtimeSeconds: 180,
    sources: ['Customer reviews', 'Forums and communities', 'Support and Q&A sites', 'Social media discussions', 'Survey research'],
    fields: [
      field('questions', 'Research questions', 'One per line, e.g. How do you choose a supplier today?', 1500),
      field('persona', 'Target customer persona', 'e.g. Operations managers at 50-200 person logistics firms', 300),
      field('productOrDomain', 'Product or domain', 'e.g. Route planning software', 300),
    ],
    inputs: [
      { name: 'PRODUCT_CONCEPT', description: 'The product or domain you research', field: 'productOrDomain' },
      { name: 'TARGET_CUSTOMERS', description: 'The customer persona to interview', field: 'persona' },
      { name: 'RESEARCH_FOCUS', description: 'Your research questions', field: 'questions' },
    ],
    deliverables: [
      'Three detailed customer personas',
      'A simulated interview answering each of your questions',
      'Key insights, quotes and the decisions they point to',
    ],
    agents: [
      agent('customer-personas', 'Persona Builder', 'Customer Personas', 'Creates three realistic personas from your target customer.'),
      agent('customer-interviews', 'Interview Simulator', 'Simulated Interviews', 'Interviews each persona with your research questions.', [
        'customer-personas',
      ]),
      agent('customer-insights', 'Insight Synthesizer', 'Key Insights', 'Distils the interviews into patterns, quotes and decisions.', [
        'customer-personas',
        'customer-interviews',
      ]),
    ],
  },
  {
    tier: 'standard',
    id: 'market-pain-points-analysis',
    title: 'Market Pain Points Analysis',
    category: 'Market Research',
    description:
      'What hurts in your market, how much, and for whom. Pain points found, ranked by severity and frequency, and mapped to the product opportunities they open.',
    price: 15,
    originalPrice: 2000,
    runtimeSeconds: 120,
    sources: ['Customer reviews', 'Forums and communities', 'Job postings', 'Support and Q&A sites', 'Industry reports'],
    fields: [field('market', 'Market', 'e.g. Small dental practices in the US', 200), field('topic', 'Topic', 'e.g. Patient scheduling and no-shows', 300)],
    inputs: [
      { name: 'COMPANY', description: 'The kind of company that would solve them (derived from your inputs)' },
      { name: 'INDUSTRY', description: 'The topic to dig into', field: 'topic' },
      { name: 'TARGET_MARKET', description: 'The market you name', field: 'market' },
    ],
    deliverables: ['Pain points found, with who feels them and how often', 'A severity-by-frequency ranking', 'Product opportunities mapped to the top pains'],
    agents: [
      agent('pain-discovery', 'Pain Point Miner', 'Pain Points Discovered', 'Collects the complaints, workarounds and costs in your market.'),
      agent('pain-prioritization', 'Severity Ranker', 'Pain Point Priorities', 'Ranks each pain by severity, frequency and willingness to pay.', [
        'pain-discovery',
      ]),
      agent('opportunity-map', 'Opportunity Mapper', 'Opportunities', 'Turns the top pains into product opportunities.', [
        'pain-discovery',
        'pain-prioritization',
      ]),
    ],
  },
  {
    tier: 'standard',
    id: 'revenue-opportunity-validation',
    title: 'Revenue Opportunity Validation',
    category: 'Revenue',
    description:
      'Where the money is: the revenue streams open to you in an industry and area, what buyers pay today, the demand behind it, and a 3-year revenue range you can plan around.',
    price: 19,
    originalPrice: 2500,
    runtimeSeconds: 120,
    sources: ['Pricing pages', 'Public company filings', 'Industry reports', 'Job postings', 'Funding databases'],
    fields: [field('industry', 'Industry', 'e.g. Veterinary clinics', 200), field('area', 'Area', 'e.g. Client retention and reminders', 300)],
    inputs: [
      { name: 'BUSINESS_MODEL', description: 'The area you would build in', field: 'area' },
      { name: 'REVENUE_STREAMS', description: 'The ways to charge (found by the agents)' },
      { name: 'TARGET_MARKET', description: 'The industry you sell to', field: 'industry' },
    ],
    deliverables: ['Revenue streams ranked by fit and size', 'Pricing benchmarks from what buyers pay today', 'Demand signals and a 3-year revenue range'],
    agents: [
      agent('revenue-streams', 'Revenue Stream Mapper', 'Revenue Streams', 'Lists every way to charge in this industry and area.'),
      agent('pricing-benchmarks', 'Pricing Analyst', 'Pricing Benchmarks', 'Collects what buyers pay today and for what.'),
      agent('demand-signals', 'Demand Analyst', 'Demand Signals', 'Reads the signals that buyers are ready to spend.'),
      agent('revenue-forecast', 'Revenue Forecaster', 'Revenue Opportunity Forecast', 'Combines streams, prices and demand into a 3-year range.', [
        'revenue-streams',
        'pricing-benchmarks',
        'demand-signals',
      ]),
    ],
  },
];

/** The two reports of /enterprise. */
export const ENTERPRISE_PRODUCTS: ReadonlyArray<EnterpriseProduct> = [
  {
    tier: 'enterprise',
    id: 'market-intelligence-report',
    title: 'Market Intelligence Report',
    category: 'Enterprise',
    description:
      'A standing view of your industry for strategy and product teams: segment dynamics, competitor moves, pricing shifts and the signals worth acting on, refreshed on your schedule.',
    pricing: 'Custom pricing',
    runtimeSeconds: 360,
    sources: [
      'Industry reports',
      'Public company filings',
      'Earnings calls',
      'Patent databases',
      'Job postings',
      'Pricing pages',
      'Trade publications',
      'Government statistics',
    ],
    fields: [
      field('industry', 'Industry', 'e.g. Industrial IoT', 200),
      field('competitors', 'Competitors', 'e.g. Siemens, Samsara, Particle', 300),
      field('marketSegment', 'Market segment', 'e.g. Mid-size manufacturers in North America', 200),
    ],
    inputs: [
      { name: 'INDUSTRY', description: 'The industry to watch', field: 'industry' },
      { name: 'COMPETITORS', description: 'The competitors to track', field: 'competitors' },
      { name: 'MARKET_SEGMENT', description: 'The segment you sell to', field: 'marketSegment' },
    ],
    deliverables: ['Segment dynamics and size', 'Competitor moves and positioning', 'Pricing shifts and signals to act on'],
    agents: [
      agent('segment-dynamics', 'Segment Analyst', 'Segment Dynamics', 'Sizes the segment and explains what moves it.'),
      agent('competitor-moves', 'Competitor Tracker', 'Competitor Moves', 'Follows launches, hires, funding and partnerships.'),
      agent('pricing-shifts', 'Pricing Watcher', 'Pricing Shifts', 'Tracks list prices, packaging and discounting.'),
      agent('technology-signals', 'Technology Scout', 'Technology Signals', 'Reads patents, standards and platform changes.'),
      agent('intelligence-briefing', 'Intelligence Lead', 'Executive Briefing', 'Turns the signals into a one-page briefing with actions.', [
        'segment-dynamics',
        'competitor-moves',
        'pricing-shifts',
        'technology-signals',
      ]),
    ],
  },
  {
    tier: 'enterprise',
    id: 'enterprise-idea-assessment',
    title: 'Enterprise Idea Assessment',
    category: 'Enterprise',
    description:
      'For innovation teams deciding what to fund: a new venture or product line assessed against your strategy and resources by ten agents, with a board-ready recommendation.',
    pricing: 'Custom pricing',
    runtimeSeconds: 480,
    sources: [
      'Industry reports',
      'Public company filings',
      'Regulatory texts',
      'Patent databases',
      'Funding databases',
      'Customer reviews',
      'Government statistics',
      'Technical documentation',
    ],
    fields: [
      field('company', 'Company', 'Your company and business unit', 200),
      field('idea', 'Idea', 'The venture or product line to assess', 1000),
      field('strategicContext', 'Strategic context', 'The strategy this must serve', 500),
      field('resources', 'Resources', 'Budget, team and assets you can commit', 500),
    ],
    inputs: [
      { name: 'COMPANY', description: 'Your company and business unit', field: 'company' },
      { name: 'IDEA', description: 'The venture to assess', field: 'idea' },
      { name: 'STRATEGIC_CONTEXT', description: 'The strategy it must serve', field: 'strategicContext' },
      { name: 'RESOURCES', description: 'What you can commit', field: 'resources' },
    ],
    deliverables: ['Strategic fit and market attractiveness', 'Build, buy or partner options with costs', 'A board-ready recommendation'],
    agents: [
      agent('assessment-plan', 'Research Planner', 'Assessment Plan', 'Frames the questions the board will ask.', [], true),
      agent('strategic-fit', 'Strategy Analyst', 'Strategic Fit', 'Tests the idea against your stated strategy.', ['assessment-plan']),
      agent('market-attractiveness', 'Market Analyst', 'Market Attractiveness', 'Sizes the market and its growth.', ['assessment-plan']),
      agent('customer-demand', 'Customer Analyst', 'Customer Demand', 'Finds the buyers and their urgency.', ['assessment-plan']),
      agent('competitive-position', 'Competition Analyst', 'Competitive Position', 'Maps rivals and your right to win.', ['assessment-plan']),
      agent('capability-gap', 'Capability Analyst', 'Capability Gap', 'Compares what it takes with what you have.', ['assessment-plan']),
      agent('build-buy-partner', 'Corporate Development Advisor', 'Build, Buy or Partner', 'Costs the three ways to get there.', [
        'capability-gap',
        'competitive-position',
      ]),
      agent('financial-case', 'Financial Analyst', 'Financial Case', 'Builds the investment case and payback.', ['market-attractiveness', 'customer-demand']),
      agent('risk-register', 'Risk Analyst', 'Risk Register', 'Lists the risks with owners and mitigations.', ['strategic-fit', 'capability-gap']),
      agent('board-recommendation', 'Lead Analyst', 'Board Recommendation', 'Writes the board-ready recommendation.', [
        'strategic-fit',
        'market-attractiveness',
        'customer-demand',
        'competitive-position',
        'capability-gap',
        'build-buy-partner',
        'financial-case',
        'risk-register',
      ]),
    ],
  },
];

// Built on first use.
let byIdMap: Map<string, AnyProduct> | null = null;
const byId = () => (byIdMap ??= new Map<string, AnyProduct>([...CATALOGUE, ...ENTERPRISE_PRODUCTS].map((p) => [p.id, p])));

/** One of the eight products by id, or undefined. */
export function getProduct(id: string): CatalogueProduct | undefined {
  const p = byId().get(id);
  return p && p.tier === 'standard' ? p : undefined;
}

/** Any product (catalogue or enterprise) by id, or undefined. */
export function getAnyProduct(id: string): AnyProduct | undefined {
  return byId().get(id);
}

/**
 * Checks a product's inputs the way the server does: every field required (non-blank after
 * trimming), at most its maxLength, no unknown fields. Returns the trimmed inputs or a message.
 */
export function checkProductInputs(
  productId: string,
  raw: unknown,
): { ok: true; product: CatalogueProduct; inputs: ProductInputs } | { ok: false; message: string } {
  const product = getProduct(productId);
  if (!product) return { ok: false, message: `product must be one of ${CATALOGUE_PRODUCT_IDS.join(', ')}` };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: 'inputs must be an object' };
  const given = raw as Record<string, unknown>;
  const known = new Set(product.fields.map((f) => f.name));
  const unknown = Object.keys(given).filter((k) => !known.has(k));
  if (unknown.length) return { ok: false, message: `inputs: unknown field ${unknown.join(', ')} (expected ${[...known].join(', ')})` };
  const inputs: ProductInputs = {};
  for (const f of product.fields) {
    const v = given[f.name];
    if (v !== undefined && v !== null && typeof v !== 'string') return { ok: false, message: `inputs.${f.name} must be text` };
    const s = (v ?? '').trim();
    if (!s) return { ok: false, message: `inputs.${f.name}: ${PURCHASE_TEXTS.missingFields}` };
    if (s.length > f.maxLength) return { ok: false, message: `inputs.${f.name} must be at most ${f.maxLength} characters` };
    inputs[f.name] = s;
  }
  return { ok: true, product, inputs };
}
