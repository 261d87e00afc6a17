import { clipText, SYNTHETIC_INTERVIEW_LABEL, type CatalogueProduct, type InterviewEvidence, type ProductInputs, type ReportAgent } from '@val/contracts';
import type { ReportAgentInput } from '../types';
import {
  bullets,
  capitalize,
  count,
  figures,
  keyLine,
  list,
  money,
  pct,
  pick,
  profile,
  breakEvenText,
  reportProfile,
  rng,
  short,
  type Figures,
  type Profile,
} from './reportKit';

/** What every offline report writer reads. */
interface Ctx {
  product: CatalogueProduct;
  inputs: ProductInputs;
  p: Profile;
  f: Figures;
  /** The subject in quotes, shortened. */
  s: string;
  /** Output of an upstream step, if this agent received it. */
  up(id: string): string | undefined;
  /** "the Market Trends Researcher found: ..." for an upstream step, or '' when absent. */
  cite(id: string, lead?: string): string;
}

type Writer = (c: Ctx) => string;

const md = (...blocks: Array<string | false | null | undefined>) => blocks.filter(Boolean).join('\n\n');
const table = (head: string[], rows: Array<Array<string | number>>) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const level = (x: number) => (x >= 0.66 ? 'High' : x >= 0.38 ? 'Medium' : 'Low');

// ---------------------------------------------------------------------------------------------
// New Product Feasibility Study
// ---------------------------------------------------------------------------------------------

const researchPlan: Writer = ({ p, f, s }) =>
  md(
    `Research plan for ${s}, aimed at ${p.audience}${p.where}. The working assumption is a ${p.sector.label} offer priced around ${money(f.price)} per ${p.b2b ? 'account' : 'customer'} per month; every agent below tests one part of that assumption.`,
    '### Hypotheses to test',
    [
      `- **Demand:** ${capitalize(p.audience)} feel "${p.pains[0]}" often enough to pay for a fix.`,
      `- **Reach:** ${capitalize(p.sector.channels[0])} can reach them at a cost below ${money(f.cac * 1.3)} per customer.`,
      `- **Build:** a first version of ${s} can ship in about ${f.buildMonths} months with ${f.teamSize} people.`,
      `- **Rules:** nothing in ${p.sector.regulations[0][0]} blocks the core use case.`,
    ].join('\n'),
    '### Questions for each agent',
    table(
      ['Agent', 'Question'],
      [
        ['Customer Segmentation Analyst', `Which part of ${p.audience} buys first, and why now?`],
        ['Market Trends Researcher', `Is ${p.sector.label} moving towards a product that ${p.job}?`],
        ['Regulatory Analyst', `What must be true legally before the first sale in ${p.geo}?`],
        ['Marketplace Mapper', `Who already serves ${p.audience}, and with which AI tools?`],
        ['Technical Architect', `What is the smallest product that proves the idea?`],
        ['Financial Modeller', 'When does it pay back, and what drives that date?'],
        ['Risk Analyst', 'What could kill it in the first 18 months?'],
      ],
    ),
    `### Key words carried through the study\n${p.keywords.slice(0, 6).map((k) => `\`${k}\``).join(', ') || `\`${p.sector.label}\``}`,
  );

const targetCustomers: Writer = ({ p, f, s, cite }) => {
  const r = rng(p.seed + 11);
  const shares = [0.14 + 0.08 * r(), 0.3 + 0.1 * r(), 0.2 + 0.1 * r()];
  const segs: Array<[string, string, string, string]> = [
    [
      `Early adopters among ${p.audience}`,
      `already pay for ${p.sector.incumbents[0]} or a workaround and feel "${p.pains[0]}" every week`,
      'High',
      `a bad week caused by ${p.pains[0]}`,
    ],
    [
      p.b2b ? `Growing ${p.audience} with 10-50 staff` : `Busy ${p.audience} short on time`,
      `want something that ${p.job}, without learning a new system`,
      'Medium',
      p.b2b ? 'a new hire, a new site or a lost customer' : 'a change of routine such as a move or a new job',
    ],
    [
      p.b2b ? `Cost-focused ${p.audience}` : `Price-sensitive ${p.audience}`,
      `use ${p.substitutes[0]} today and switch only for clear savings`,
      'Low',
      'a price rise from what they use today',
    ],
  ];
  return md(
    `The first buyers of ${s} are the early adopters among ${p.audience}${p.where}: about ${count(f.buyers * shares[0])} ${p.unit} who already spend money on the problem. ${cite('research-plan', 'The research plan asked which part of the market buys first')}`,
    '### Segments',
    table(
      ['Segment', 'Who they are', 'Willingness to pay', 'Est. size', 'Buying trigger'],
      segs.map(([name, who, wtp, trig], i) => [name, who, wtp, count(f.buyers * shares[i]), trig]),
    ),
    '### Jobs, pains and gains of the first segment',
    [
      `- **Job to be done:** a product that ${p.job}, with less effort than today.`,
      `- **Pains:** ${list(p.pains)}.`,
      `- **Gains they would pay for:** time back, fewer mistakes, and proof they chose well.`,
      `- **Where to find them:** ${list(p.sector.channels)}.`,
    ].join('\n'),
    `### What this means\nStart with the first segment only. ${p.b2b ? 'Sell to the person who owns the budget and feels the pain (often the same person in smaller firms).' : 'Win them with a free first result, then ask for payment.'} A price near ${money(f.price)} per month fits their willingness to pay.`,
  );
};

const marketTrends: Writer = ({ p, cite }) => {
  const r = rng(p.seed + 23);
  const cagr = 0.06 + 0.12 * r();
  const t = p.sector.trends;
  const timing = cagr > 0.12 ? 'good: the market is growing fast enough that newcomers win customers who are not yet locked in' : 'workable: growth is steady, so you will mostly win customers from incumbents';
  return md(
    `${capitalize(p.sector.label)} in ${p.geo} is growing at an estimated ${pct(cagr)} a year, and three shifts favour an offer like "${short(p.subject, 60)}": ${t[0]}. ${cite('research-plan', 'The research plan asked whether the market moves towards this idea')}`,
    '### Trends that matter',
    t.map((x, i) => `${i + 1}. **${capitalize(x)}.** ${['This raises the value of a focused product', 'This shortens sales cycles for tools that prove value quickly', 'This creates room for a new entrant with a clear promise'][i]} for ${p.audience}.`).join('\n'),
    '### Signals to watch',
    [
      `- Search and social interest in ${p.keywords.slice(0, 3).map((k) => `"${k}"`).join(', ') || 'the problem'}.`,
      `- Pricing moves by ${list(p.sector.incumbents.slice(0, 2))}.`,
      `- New funding in ${p.sector.label} startups serving ${p.audience}.`,
    ].join('\n'),
    `### Timing\nThe timing is ${timing}.`,
  );
};

const regulatoryImpact: Writer = ({ p, f, s, cite }) => {
  const r = rng(p.seed + 31);
  const cost = Math.round((4000 + 16000 * r()) / 500) * 500;
  return md(
    `Three sets of rules apply to ${s} in ${p.geo}; none blocks it, but ${p.sector.regulations[0][0]} will shape the design from day one. Budget about ${money(cost)} and ${Math.max(2, Math.round(f.buildMonths / 2))} months of lead time for compliance before launch. ${cite('research-plan', 'The research plan asked what must be true legally before the first sale')}`,
    '### Rules that apply',
    table(
      ['Rule', 'What it means for you', 'Impact'],
      p.sector.regulations.map(([name, what], i) => [capitalize(name), what, ['High', 'Medium', 'Low'][i]]),
    ),
    '### What to do first',
    [
      `- Write down what data you collect about ${p.audience} and why; collect nothing else.`,
      `- Get a short legal review on ${p.sector.regulations[0][0]} before you build the feature they affect.`,
      `- Put terms, privacy notice and ${p.b2b ? 'a data-processing agreement' : 'clear cancellation'} in place before the first payment.`,
    ].join('\n'),
  );
};

const strategicImplications: Writer = ({ p, f, s, cite, up }) =>
  md(
    `Position ${s} as the simplest way for ${p.audience} to end "${p.pains[0]}", and enter through ${p.sector.channels[0]}. This follows from the three findings below.`,
    '### What the earlier agents found',
    [
      up('target-customers') && `- **Customers:** ${keyLine(up('target-customers') as string)}`,
      up('market-trends') && `- **Trends:** ${keyLine(up('market-trends') as string)}`,
      up('regulatory-impact') && `- **Regulation:** ${keyLine(up('regulatory-impact') as string)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    '### Positioning statement',
    `> For ${p.audience} who struggle with ${p.pains[0]}, ${short(p.subject, 70)} is the ${p.b2b ? 'tool' : 'service'} they can adopt in a day. Unlike ${p.sector.incumbents[0]}, it is built only for them.`,
    '### Go-to-market in three phases',
    table(
      ['Phase', 'Goal', 'How'],
      [
        ['1. Prove (months 1-3)', `10 paying ${p.b2b ? 'accounts' : 'customers'}`, `hand-picked from the first segment; founder-led ${p.b2b ? 'sales' : 'onboarding'}`],
        ['2. Repeat (months 4-9)', `${count(f.customers[0])} customers`, `${p.sector.channels[0]} plus referrals`],
        ['3. Scale (months 10-24)', `${count(f.customers[1])} customers`, `${p.sector.channels[1]} and partnerships`],
      ],
    ),
    `### Strategic choices\n- **Focus:** one segment, one promise, one channel until it repeats.\n- **Moat:** ${p.b2b ? 'integrations and workflow data that make switching costly' : 'habit and trust: reminders, history and reviews that grow with use'}.\n- **Compliance as a feature:** ${cite('regulatory-impact', 'Regulation') ? 'show buyers you meet the rules above; incumbents often bury this' : 'make your data practices easy to read'}.`,
  );

const marketplaceMindmap: Writer = ({ p, s, cite }) => {
  const ai = p.b2b
    ? ['LLM assistants that draft and summarise work', 'workflow automation with AI agents', 'forecasting and anomaly detection']
    : ['conversational assistants on phones', 'personalised recommendations', 'image and voice recognition'];
  return md(
    `The marketplace around ${s} has four rings: incumbents (${list(p.sector.incumbents.slice(0, 3))}), substitutes, the partners you depend on, and AI tools that both compete and help. ${cite('research-plan', 'The research plan asked who already serves this market')}`,
    '### Mind map',
    [
      `- **${short(p.subject, 60)}**`,
      `  - Competitors`,
      ...p.sector.incumbents.map((x) => `    - ${x}`),
      `  - Substitutes`,
      ...p.substitutes.map((x) => `    - ${capitalize(x)}`),
      `  - Partners and suppliers`,
      ...p.sector.suppliers.map((x) => `    - ${capitalize(x)}`),
      `  - AI in this market`,
      ...ai.map((x) => `    - ${capitalize(x)}`),
      `  - Channels to ${p.audience}`,
      ...p.sector.channels.map((x) => `    - ${capitalize(x)}`),
    ].join('\n'),
    '### Where the gap is',
    `Incumbents serve ${p.sector.label} broadly; few are built for ${p.audience} specifically, and none simply ${p.job}. Use AI where it removes work for the customer (${ai[0]}), not as the headline.`,
  );
};

const technicalFeasibility: Writer = ({ p, f, s, cite }) => {
  const comps = [...p.sector.tech, 'accounts, billing and admin', 'analytics and feedback loop'];
  const hard = p.sector.tech[2] ?? p.sector.tech[0];
  return md(
    `${capitalize(s)} is technically feasible with current tools: a first version takes about ${f.buildMonths} months for ${f.teamSize} people (about ${money(f.buildCost)}), and the hardest part is ${hard}. ${cite('research-plan', 'The research plan asked for the smallest product that proves the idea')}`,
    '### Components',
    table(
      ['Component', 'Build or buy', 'Effort'],
      comps.map((c, i) => [capitalize(c), i === 2 || i === 3 ? 'Buy / integrate' : 'Build', ['3-5 weeks', '4-6 weeks', '2-4 weeks', '1-2 weeks', '1-2 weeks'][i] ?? '2 weeks']),
    ),
    '### Smallest product that proves it',
    [
      `- One flow for ${p.audience}: from "${p.pains[0]}" to a result in under five minutes.`,
      `- One core job done end to end: it ${p.job}; everything else manual behind the scenes.`,
      '- Payments from day one, so demand is measured in money, not sign-ups.',
    ].join('\n'),
    '### Team',
    `${f.teamSize} people: ${['a full-stack engineer', 'a product-minded founder', 'a designer (part-time)', 'a second engineer for integrations', 'a domain expert adviser'].slice(0, f.teamSize).join(', ')}.`,
  );
};

const profitabilityForecast: Writer = ({ p, f, s, cite }) => {
  const ratio = f.ltv / Math.max(1, f.cac);
  const payback = Math.ceil(f.cac / Math.max(1, f.price * f.grossMargin));
  return md(
    `At ${money(f.price)} per month and ${pct(f.grossMargin)} gross margin, ${s} ${f.breakEvenMonth ? 'reaches' : 'shows'} ${breakEvenText(f)}, with ${count(f.customers[2])} paying customers by the end of year 3 (LTV/CAC ${ratio.toFixed(1)}).`,
    [cite('target-customers', 'Customers'), cite('technical-feasibility', 'Build')].filter(Boolean).join(' '),
    '### Unit economics',
    table(
      ['Metric', 'Value'],
      [
        ['Price per month', money(f.price)],
        ['Gross margin', pct(f.grossMargin)],
        ['Customer acquisition cost', money(f.cac)],
        ['Average lifetime', `${f.lifetimeMonths} months`],
        ['Lifetime value', money(f.ltv)],
        ['LTV / CAC', ratio.toFixed(1)],
        ['CAC payback', `${payback} months`],
      ],
    ),
    '### Three-year forecast',
    table(
      ['', 'Year 1', 'Year 2', 'Year 3'],
      [
        ['Paying customers (end of year)', ...f.customers.map(count)],
        ['Revenue', ...f.revenue.map(money)],
        ['Costs', ...f.costs.map(money)],
        ['Profit / loss', ...f.revenue.map((r, i) => money(r - f.costs[i]))],
      ],
    ),
    `### What moves the date\n- ${f.breakEvenMonth ? `A 20% higher price brings break-even forward by roughly ${Math.max(2, Math.round(f.breakEvenMonth * 0.15))} months if churn holds.` : `Break-even needs a higher price or a wider market than ${p.audience}: test ${money(f.price * 1.5)} a month with the first customers.`}\n- CAC is the swing factor: above ${money(f.ltv / 3)} the model stops working.\n- The first build costs about ${money(f.buildCost)}; fund it before month 1.`,
  );
};

const riskAnalysis: Writer = ({ p, f, s, up }) => {
  const risks: Array<[string, number, number, string]> = [
    [`A core feature falls under ${p.sector.regulations[0][0]}`, 0.45, 0.8, 'legal review before building that feature; design to collect less data'],
    [`${capitalize(p.sector.tech[2] ?? p.sector.tech[0])} takes longer than ${f.buildMonths} months`, 0.5, 0.55, 'buy or integrate it first; cut scope to one flow'],
    [`${p.audience} stay with ${p.substitutes[0]}`, 0.55, 0.7, 'charge from day one and measure switching, not interest'],
    [`Acquisition costs above ${money(f.cac * 1.5)}`, 0.4, 0.65, `lean on ${p.sector.channels[2] ?? p.sector.channels[0]} and referrals`],
    [`${p.sector.incumbents[0]} copies the feature`, 0.3, 0.5, 'own the segment: depth for them beats breadth'],
  ];
  const r = rng(p.seed + 47);
  const rated = risks.map(([risk, l, i, m]) => [risk, Math.min(0.95, l + (r() - 0.5) * 0.2), i, m] as const);
  const top = [...rated].sort((a, b) => b[1] * b[2] - a[1] * a[2])[0];
  return md(
    `The biggest risk to ${s} is that ${top[0].charAt(0).toLowerCase()}${top[0].slice(1)}; it and four others are manageable with the mitigations below.`,
    [
      up('regulatory-impact') && `- From the regulatory review: ${keyLine(up('regulatory-impact') as string, 160)}`,
      up('technical-feasibility') && `- From the technical review: ${keyLine(up('technical-feasibility') as string, 160)}`,
      up('market-trends') && `- From the market trends: ${keyLine(up('market-trends') as string, 160)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    '### Risk register',
    table(
      ['Risk', 'Likelihood', 'Impact', 'Mitigation'],
      rated.map(([risk, l, i, m]) => [risk, level(l), level(i), m]),
    ),
    '### Early warning signs',
    `- Fewer than 3 of 10 interviewed ${p.audience} would pay ${money(f.price)} a month.\n- A pilot stalls on questions about ${p.sector.regulations[0][0]}.\n- The build passes month ${f.buildMonths + 2} without paying users.`,
  );
};

const finalRecommendations: Writer = ({ p, f, s, up }) => {
  const verdict = f.score >= 65 ? 'Go' : f.score >= 50 ? 'Go, with conditions' : 'Not yet: narrow the idea first';
  const lines = [
    ['target-customers', 'Customers'],
    ['market-trends', 'Market'],
    ['regulatory-impact', 'Regulation'],
    ['strategic-implications', 'Strategy'],
    ['ai-marketplace-mindmap', 'Marketplace'],
    ['technical-feasibility', 'Technology'],
    ['profitability-forecast', 'Finance'],
    ['risk-analysis', 'Risks'],
  ]
    .filter(([id]) => up(id))
    .map(([id, label]) => `- **${label}:** ${keyLine(up(id) as string, 200)}`);
  return md(
    `**Verdict: ${verdict}.** ${capitalize(s)} scores ${f.score}/100 for ${p.audience}${p.where}. ${f.score >= 50 ? `The demand is real and the numbers can work if acquisition stays near ${money(f.cac)} per customer.` : `The problem is real, but the numbers only work for a narrower segment than ${p.audience}.`}`,
    '### The findings in one place',
    lines.join('\n'),
    '### Next five steps',
    [
      `1. Interview 15 ${p.audience} this month; ask what they pay today for "${p.pains[0]}".`,
      `2. Pre-sell: offer ${money(f.price)} a month (or an annual deal) to the ten most interested.`,
      `3. Build the one-flow version in ${f.buildMonths} months with ${f.teamSize} people; buy ${p.sector.tech[2] ?? 'the hardest component'}.`,
      `4. Settle ${p.sector.regulations[0][0]} with a short legal review before launch.`,
      `5. Measure CAC through ${p.sector.channels[0]}; scale only below ${money(f.ltv / 3)}.`,
    ].join('\n'),
    `### Decision rule\nContinue if at least 10 customers pay within 90 days of launch; otherwise revisit the segment before spending more.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Idea Desirability Assessment
// ---------------------------------------------------------------------------------------------

const desirability: Writer = ({ p, f, s }) => {
  const score = Math.max(3, Math.min(9, Math.round(f.score / 10)));
  return md(
    `Desirability score: **${score}/10**. ${capitalize(s)} answers a felt need for ${p.audience}${score >= 7 ? ', and they already spend money working around it' : ', but the urgency varies: some feel it weekly, many only occasionally'}.`,
    '### Who wants it most',
    `- **${capitalize(p.audience)}** who feel "${p.pains[0]}" at least weekly.\n- Those already paying for ${p.sector.incumbents[0]} or ${p.substitutes[0]}.\n- ${p.b2b ? 'Teams where one person owns the problem and the budget.' : 'People at a moment of change (a move, a new job, a new family member).'}`,
    '### What they use today',
    table(
      ['Alternative', 'Why they use it', 'Why they would switch'],
      [
        [capitalize(p.substitutes[0]), 'free or already paid for', 'it takes too long'],
        [p.sector.incumbents[0], 'known brand', `not built for ${p.audience}`],
        [capitalize(p.substitutes[1] ?? 'doing nothing'), 'no effort', 'the problem keeps coming back'],
      ],
    ),
    '### Evidence for and against',
    `- **For:** ${p.sector.trends[0]}; the words in your idea (${p.keywords.slice(0, 4).join(', ') || 'the problem'}) match what people search for.\n- **Against:** ${p.substitutes[0]} is good enough for occasional users; a price above ${money(f.price * 1.5)} a month would face resistance.`,
    '### Three experiments to prove demand',
    [
      `1. **Landing page + price:** describe ${s} with a ${money(f.price)}/month price; success = 5% of visitors leave an email and 1% click "buy".`,
      `2. **Ten problem interviews** with ${p.audience}: success = 6 of 10 describe the problem unprompted.`,
      `3. **Concierge test:** deliver the result by hand to 5 people for a week; success = 3 ask to keep it.`,
    ].join('\n'),
  );
};

// ---------------------------------------------------------------------------------------------
// TAM Assessment
// ---------------------------------------------------------------------------------------------

const topDownFactor = (p: Profile) => 0.8 + 0.5 * rng(p.seed + 61)();

const marketDefinition: Writer = ({ p, f, s }) =>
  md(
    `The market for ${s} is ${p.audience}${p.where} paying about ${money(f.price)} per month (${money(f.price * 12)} a year) for a ${p.sector.label} solution. That definition is narrow enough to size and wide enough to grow in.`,
    '### Definition',
    table(
      ['Dimension', 'Choice', 'Why'],
      [
        ['Buyer', capitalize(p.audience), `they feel "${p.pains[0]}" directly`],
        ['Geography', capitalize(p.geo), p.geo === 'your first market' ? 'no country named; sized for a 60-million-person market' : 'named in your idea'],
        ['Unit', p.b2b ? 'one organisation (account)' : 'one person (subscriber)', 'how the product would be bought'],
        ['Price point', `${money(f.price)} per month`, `typical for ${p.sector.label}`],
      ],
    ),
    `### Inside and outside the market\n- **Inside:** ${p.audience} who want a product that ${p.job}.\n- **Outside (for now):** adjacent segments and other countries; they are upside, not the base case.`,
  );

const topDownSizing: Writer = ({ p, f, cite }) => {
  const spend = f.tam * topDownFactor(p);
  const sectorSpend = spend / (0.04 + 0.05 * rng(p.seed + 67)());
  return md(
    `Top-down, the market is about **${money(spend)} a year**: ${p.geo}'s ${p.sector.label} spending of roughly ${money(sectorSpend)}, narrowed to the share that goes to ${p.audience} and problems like yours. ${cite('market-definition', 'Definition')}`,
    '### The math',
    table(
      ['Step', 'Value', 'Assumption'],
      [
        [`${capitalize(p.sector.label)} spending in ${p.geo}`, money(sectorSpend), 'industry and government statistics, scaled by population'],
        [`Share spent by ${p.audience}`, pct(spend / sectorSpend, 1), 'segment share of spending'],
        ['Top-down TAM', money(spend), 'product of the above'],
      ],
    ),
    '### Caveat\nTop-down numbers tend to be generous: they count spending that is not really up for grabs. Treat this as the ceiling.',
  );
};

const bottomUpSizing: Writer = ({ p, f, cite }) =>
  md(
    `Bottom-up, the market is about **${money(f.tam)} a year**: ${count(f.buyers)} potential ${p.unit} among ${p.audience}${p.where}, each worth ${money(f.price * 12)} a year. ${cite('market-definition', 'Definition')}`,
    '### The math',
    table(
      ['Step', 'Value', 'Assumption'],
      [
        [`${capitalize(p.audience)} in ${p.geo}`, count(f.buyers), `${count(p.sector.buyersPerMillion)} per million inhabitants, ${count(p.geoMillions)}M inhabitants`],
        ['Annual price', money(f.price * 12), `${money(f.price)} per month`],
        ['Bottom-up TAM', money(f.tam), 'buyers x annual price'],
      ],
    ),
    '### Why this is the number to trust\nIt counts real buyers at a real price. Check the buyer count against one public source (a census, a trade body or a directory) before you show it to investors.',
  );

const serviceableMarket: Writer = ({ p, f, up }) => {
  const td = up('top-down-sizing');
  const bu = up('bottom-up-sizing');
  return md(
    `You can serve about **${money(f.sam)}** of the market (SAM, ${pct(f.samShare)} of TAM) and realistically win **${money(f.som)}** within 3 years (SOM, ${pct(f.somShare, 1)} of SAM).`,
    [td && `- Top-down said: ${keyLine(td, 170)}`, bu && `- Bottom-up said: ${keyLine(bu, 170)}`].filter(Boolean).join('\n'),
    '### From TAM to SOM',
    table(
      ['Layer', 'Value', 'Filter'],
      [
        ['TAM', money(f.tam), `all ${p.audience}${p.where}`],
        ['SAM', money(f.sam), `those reachable through ${p.sector.channels[0]} and able to adopt a new ${p.b2b ? 'tool' : 'service'}`],
        ['SOM (3 years)', money(f.som), `a ${pct(f.somShare, 1)} share, about ${count(f.som / (f.price * 12))} customers`],
      ],
    ),
  );
};

const tamSummary: Writer = ({ p, f, s, up }) => {
  const td = f.tam * topDownFactor(p);
  const gap = Math.abs(td - f.tam) / f.tam;
  return md(
    `For ${s}, the total market is **${money(Math.min(td, f.tam))} to ${money(Math.max(td, f.tam))}** a year, the serviceable part about ${money(f.sam)}, and a realistic 3-year target ${money(f.som)}.`,
    '### The estimates side by side',
    table(
      ['Method', 'TAM', 'Note'],
      [
        ['Top-down', money(td), 'sector spending narrowed to the segment'],
        ['Bottom-up', money(f.tam), `${count(f.buyers)} buyers x ${money(f.price * 12)}`],
      ],
    ),
    `The two methods are ${gap < 0.15 ? 'close (within 15%), which makes the range credible' : `${pct(gap)} apart; lead with the bottom-up figure and explain the gap`}.`,
    up('serviceable-market') ? `### Serviceable market\n${keyLine(up('serviceable-market') as string, 220)}` : null,
    `### How to use this\n- Pitch the bottom-up TAM and the SOM; investors trust counted buyers.\n- Grow the market by adding a second segment after ${p.audience}, or a second country after ${p.geo}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Business Idea Evaluation
// ---------------------------------------------------------------------------------------------

const problemSolutionFit: Writer = ({ p, f, s }) => {
  const fit = Math.max(4, Math.min(9, Math.round(f.score / 10 + (rng(p.seed + 71)() - 0.5))));
  return md(
    `Problem-solution fit: **${fit}/10**. ${capitalize(s)} targets "${p.pains[0]}" for ${p.audience}, a problem that is ${fit >= 7 ? 'frequent and costly' : 'real but not yet urgent for most of them'}.`,
    '### The problem',
    `- **Who:** ${p.audience}.\n- **How often:** ${fit >= 7 ? 'weekly' : 'monthly or at specific moments'}.\n- **Cost today:** time, money and ${p.pains[1]}.`,
    '### Does the solution fit?',
    `- **Yes, where** it ${p.job} with no manual work.\n- **Not yet, where** it asks ${p.audience} to change habits built around ${p.substitutes[0]}.`,
    '### Evidence to collect',
    `- Ten customers describing the problem in their own words.\n- Three who pay before the product exists.`,
  );
};

const competitiveLandscape: Writer = ({ p, s }) => {
  const r = rng(p.seed + 73);
  return md(
    `${capitalize(s)} enters a market led by ${list(p.sector.incumbents.slice(0, 3))}; none of them is built specifically for ${p.audience}, which is your opening.`,
    '### Competitors',
    table(
      ['Competitor', 'Type', 'Strength', 'Weakness for your segment'],
      p.sector.incumbents.map((c, i) => [c, i < 2 ? 'Direct' : 'Adjacent', ['brand and reach', 'broad feature set', 'large user base', 'price'][i], ['generic', 'complex', 'slow to change', 'not focused'][Math.floor(r() * 4)]]),
    ),
    '### Substitutes',
    p.substitutes.map((x) => `- ${capitalize(x)}`).join('\n'),
    `### Your gap\nBe the specialist: deeper for ${p.audience}, simpler than the suites, and explicit about one job: it ${p.job}.`,
  );
};

const businessModel: Writer = ({ p, f, s }) =>
  md(
    `A ${p.b2b ? 'per-account subscription' : 'monthly subscription with an annual discount'} at about ${money(f.price)} a month suits ${s}: it matches how ${p.audience} buy ${p.sector.label} and gives ${pct(f.grossMargin)} gross margin.`,
    '### Model',
    table(
      ['Element', 'Choice'],
      [
        ['Revenue model', p.b2b ? 'subscription per account, tiers by usage' : 'subscription, free first result'],
        ['Price', `${money(f.price)} per month`],
        ['Gross margin', pct(f.grossMargin)],
        ['Acquisition', `${p.sector.channels[0]}; CAC about ${money(f.cac)}`],
        ['Lifetime value', money(f.ltv)],
      ],
    ),
    `### Risks in the model\n- CAC payback of ${Math.ceil(f.cac / Math.max(1, f.price * f.grossMargin))} months needs low churn.\n- Costs from ${p.sector.suppliers[0]} can squeeze margin.`,
  );

const evaluationScorecard: Writer = ({ p, f, s, up, inputs }) => {
  const r = rng(p.seed + 79);
  const company = inputs.company ? short(inputs.company, 60) : 'your team';
  const crit: Array<[string, number, string]> = [
    ['Problem', 5 + Math.round(r() * 4), up('problem-solution-fit') ? keyLine(up('problem-solution-fit') as string, 120) : 'a real problem'],
    ['Market', 5 + Math.round(r() * 4), `${p.audience}${p.where}`],
    ['Competition', 4 + Math.round(r() * 4), up('competitive-landscape') ? keyLine(up('competitive-landscape') as string, 120) : 'crowded but unfocused'],
    ['Business model', 5 + Math.round(r() * 3), up('business-model') ? keyLine(up('business-model') as string, 120) : 'subscription'],
    ['Team fit', 5 + Math.round(r() * 4), `${company} and ${p.sector.label}`],
  ];
  const total = crit.reduce((n, c) => n + c[1], 0) / crit.length;
  const verdict = total >= 7 ? 'Pursue' : total >= 5.5 ? 'Pursue with a narrower first segment' : 'Rework before investing';
  return md(
    `Overall score: **${total.toFixed(1)}/10** for ${s} at ${company}. Verdict: **${verdict}**.`,
    '### Scorecard',
    table(['Criterion', 'Score', 'Why'], crit.map(([c, n, why]) => [c, `${n}/10`, why])),
    `### What would raise the score\n- Paying pilots with ${p.audience}.\n- A clear answer to ${p.sector.incumbents[0]} adding the same feature.\n- Evidence that ${company} can reach the first 100 customers through ${p.sector.channels[0]}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Porter's five forces
// ---------------------------------------------------------------------------------------------

function forceLevel(p: Profile, salt: number): number {
  return rng(p.seed + salt)();
}

const force = (name: string, salt: number, why: (p: Profile) => string[], moves: (p: Profile) => string): Writer => ({ p, s }) => {
  const x = forceLevel(p, salt);
  return md(
    `${name} in ${s} is **${level(x)}** (${Math.max(1, Math.round(x * 10))}/10). ${why(p)[0]}`,
    '### Why',
    why(p)
      .slice(1)
      .map((w) => `- ${w}`)
      .join('\n'),
    `### What to do\n${moves(p)}`,
  );
};

const rivalry = force(
  'Competitive rivalry',
  101,
  (p) => [`${list(p.sector.incumbents.slice(0, 3))} compete for the same ${p.audience}.`, `Incumbents: ${list(p.sector.incumbents)}.`, `Switching is ${p.b2b ? 'slowed by integrations' : 'easy, so price wars are common'}.`, `Growth in ${p.sector.label} softens rivalry: ${p.sector.trends[0]}.`],
  (p) => `Pick a niche the leaders ignore within ${p.audience}, and compete on focus, not price.`,
);
const newEntrants = force(
  'The threat of new entrants',
  103,
  (p) => [`Entry barriers are mostly ${p.sector.regulations[0][0]} and trust.`, `Regulation: ${p.sector.regulations[0][1]}.`, `Software and AI tools make building cheap, which lowers barriers.`, `Reaching ${p.audience} through ${p.sector.channels[0]} costs time and money.`],
  (p) => `Turn compliance with ${p.sector.regulations[0][0]} and customer trust into your barrier.`,
);
const supplierPower = force(
  'Supplier power',
  107,
  (p) => [`Key inputs come from ${list(p.sector.suppliers)}.`, `${capitalize(p.sector.suppliers[0])} can change prices or terms.`, `Alternatives exist for ${p.sector.suppliers[2] ?? p.sector.suppliers[1]}.`],
  (p) => `Keep two options for ${p.sector.suppliers[0]} and avoid exclusive dependencies early.`,
);
const buyerPower = force(
  'Buyer power',
  109,
  (p) => [`${capitalize(p.audience)} ${p.b2b ? 'compare vendors and negotiate' : 'can leave with one click'}.`, `They can fall back on ${p.substitutes[0]}.`, `${p.b2b ? 'Larger buyers demand discounts and security reviews' : 'Reviews and word of mouth shape every choice'}.`],
  (p) => `Raise switching costs with history, integrations and ${p.b2b ? 'team workflows' : 'habits'} that grow with use.`,
);
const substitutes = force(
  'The threat of substitutes',
  113,
  (p) => [`Substitutes are ${list(p.substitutes)}.`, ...p.substitutes.map((x) => `${capitalize(x)}: cheap or free, but slower.`)],
  (p) => `Show the cost of ${p.substitutes[0]} in time and money; make the first result faster than it.`,
);

const fiveForcesSummary: Writer = ({ p, s, up }) => {
  const ids: Array<[string, string, number]> = [
    ['competitive-rivalry', 'Competitive rivalry', 101],
    ['threat-of-new-entrants', 'Threat of new entrants', 103],
    ['supplier-power', 'Supplier power', 107],
    ['buyer-power', 'Buyer power', 109],
    ['threat-of-substitutes', 'Threat of substitutes', 113],
  ];
  const levels = ids.map(([, , salt]) => forceLevel(p, salt));
  const attractiveness = Math.round((1 - levels.reduce((a, b) => a + b, 0) / levels.length) * 10 * 10) / 10;
  const strongest = ids[levels.indexOf(Math.max(...levels))][1];
  return md(
    `Market attractiveness for ${s}: **${attractiveness.toFixed(1)}/10**. The strongest force is ${strongest.toLowerCase()}; plan your strategy around it.`,
    '### The five forces',
    table(
      ['Force', 'Rating', 'Finding'],
      ids.map(([id, name], i) => [name, level(levels[i]), up(id) ? bullets(up(id) as string, 1)[0] ?? keyLine(up(id) as string, 140) : '-']),
    ),
    `### Strategic moves\n- Against ${strongest.toLowerCase()}: ${strongest === 'Buyer power' ? 'build switching costs' : strongest === 'Supplier power' ? 'diversify suppliers' : strongest === 'Threat of substitutes' ? 'beat substitutes on speed' : 'find the niche leaders ignore'}.\n- Enter through ${p.sector.channels[0]} with a focused offer for ${p.audience}.\n- Revisit this analysis when ${p.sector.incumbents[0]} changes pricing.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Voice of Customer
// ---------------------------------------------------------------------------------------------

const FIRST = ['Maria', 'James', 'Aisha', 'Tom', 'Priya', 'Lukas', 'Sofia', 'Daniel', 'Mei', 'Carlos', 'Hannah', 'Omar'];
const LAST = ['Lopez', 'Carter', 'Khan', 'Becker', 'Nair', 'Okafor', 'Rossi', 'Meyer', 'Chen', 'Silva', 'Walsh', 'Haddad'];

function personaNames(p: Profile): string[] {
  const r = rng(p.seed + 131);
  const names = new Set<string>();
  const first = new Set<string>();
  while (first.size < 3) first.add(FIRST[Math.floor(r() * FIRST.length)]);
  return [...first].map((f) => `${f} ${LAST[Math.floor(r() * LAST.length)]}`);
}

function questionsOf(inputs: ProductInputs): string[] {
  const raw = (inputs.questions ?? '')
    .split(/\n|(?<=\?)\s+/)
    .map((q) => q.replace(/^\s*(?:[-*]|\d+[.)])\s*/, '').trim())
    .filter((q) => q.length > 3)
    .map((q) => `${short(q, 160)}${/\?$/.test(q) ? '?' : ''}`);
  return raw.length ? raw.slice(0, 6) : ['What is hardest about this today?'];
}

const customerPersonas: Writer = ({ p, f, s }) => {
  const names = personaNames(p);
  const r = rng(p.seed + 137);
  const variants = [
    ['the early adopter', 'tries new tools first and tells others', `"${capitalize(p.pains[0])}" costs them hours every week`],
    ['the pragmatist', 'buys only what clearly pays back', `${p.pains[1]}`],
    ['the sceptic', `sticks with ${p.substitutes[0]} until proven wrong`, `${p.pains[2] ?? p.pains[0]}`],
  ];
  return md(
    `Three personas drawn from "${short(p.audience, 80)}" for research on ${s}: ${list(names.map((n, i) => `${n} (${variants[i][0]})`))}.`,
    ...names.map((n, i) =>
      md(
        `### ${n} - ${variants[i][0]}`,
        [
          `- **Who:** ${capitalize(short(p.audience, 80))}, ${28 + Math.floor(r() * 25)} years old, ${p.geo === 'your first market' ? 'in a large city' : `in ${p.geo}`}.`,
          `- **Behaviour:** ${variants[i][1]}.`,
          `- **Main frustration:** ${variants[i][2]}.`,
          `- **Budget:** up to ${money(f.price * (0.6 + i * 0.4))} a month for a fix.`,
        ].join('\n'),
      ),
    ),
  );
};

const customerInterviews: Writer = ({ p, f, inputs, up }) => {
  const fromUp = (up('customer-personas') ?? '').match(/^###\s+([^\n-]+?)\s+-/gm)?.map((h) => h.replace(/^###\s+/, '').replace(/\s+-$/, '').trim());
  const names = fromUp && fromUp.length ? fromUp.slice(0, 3) : personaNames(p);
  const qs = questionsOf(inputs);
  const stance = ['enthusiastic', 'measured', 'doubtful'];
  const answer = (q: string, i: number) => {
    const ql = q.toLowerCase();
    const topic = /price|pay|cost|budget/.test(ql)
      ? `I'd pay around ${money(f.price * (1.2 - i * 0.3))} a month if it saves me real time`
      : /how|today|current|now/.test(ql)
        ? `Today we rely on ${p.substitutes[i % p.substitutes.length]}, and it works only half the time`
        : /why|reason|choose|decide/.test(ql)
          ? `I decide on trust: a recommendation from someone like me beats any ad`
          : /problem|hard|frustrat|pain/.test(ql)
            ? `The hardest part is ${p.pains[i % p.pains.length]}`
            : `For ${short(p.subject, 50)}, what matters is that it fits into my week without extra work`;
    return `> **${names[i]}** (${stance[i]}): "${topic}${i === 2 ? ', but I have been burned by tools like this before' : ''}."`;
  };
  return md(
    `Each persona answered your ${qs.length} research question${qs.length === 1 ? '' : 's'} about ${short(p.subject, 60)}; ${names[0]} is keen, ${names[1]} weighs the cost, and ${names[2]} needs proof.`,
    ...qs.map((q, qi) => md(`### Q${qi + 1}. ${q}`, names.map((_, i) => answer(q, i)).join('\n>\n'))),
  );
};

const customerInsights: Writer = ({ p, f, s, up }) => {
  const quotes = (up('customer-interviews') ?? '').split('\n').filter((l) => /^>\s+\*\*/.test(l)).slice(0, 3);
  return md(
    `The interviews point to one clear insight for ${s}: ${p.audience} want ${p.pains[0].replace(/^(long|high|rising)\s/, '')} solved without extra work, and will pay about ${money(f.price)} a month once they trust the result.`,
    up('customer-personas') ? `Personas: ${keyLine(up('customer-personas') as string, 200)}` : null,
    '### Patterns',
    [
      `1. **Time beats features:** every persona measured value in hours saved.`,
      `2. **Trust comes first:** recommendations from peers matter more than ads.`,
      `3. **Price anchor:** ${p.substitutes[0]} sets the comparison; stay near ${money(f.price)}.`,
    ].join('\n'),
    quotes.length ? `### In their words\n${quotes.join('\n>\n')}` : null,
    `### Decisions this supports\n- Lead your message with the time saved on ${p.pains[0]}.\n- Offer a free first result to win the sceptics.\n- Recruit early users through ${p.sector.channels[0]}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Market Pain Points
// ---------------------------------------------------------------------------------------------

function painList(p: Profile): Array<[string, string]> {
  const k = p.keywords;
  return [
    [capitalize(p.pains[0]), `most ${p.audience}`],
    [capitalize(p.pains[1]), `${p.audience} with the least time`],
    [capitalize(p.pains[2] ?? 'costs that keep rising'), 'the most price-sensitive'],
    [`No simple way to handle ${short(p.subject, 50).toLowerCase()}`, 'newcomers to the topic'],
    [`Advice on ${k[0] ?? 'the options'} is scattered and contradictory`, 'buyers comparing options'],
    ['Tools built for bigger players', 'the smallest buyers'],
  ];
}

const painDiscovery: Writer = ({ p, s }) => {
  const pains = painList(p);
  const r = rng(p.seed + 151);
  return md(
    `Six pain points stand out in ${short(p.audience, 70)} around ${s}; the most common is "${pains[0][0].toLowerCase()}".`,
    '### Pain points found',
    pains.map(([pain, who]) => `- **${pain}** - felt by ${who}; reported ${pick(p.seed, pain, ['daily', 'weekly', 'monthly'])}, costing ${money(40 + r() * 400)} a month in time or money.`).join('\n'),
    `### Where they show up\n${p.sector.channels.map((c) => `- ${capitalize(c)}`).join('\n')}\n- Reviews of ${list(p.sector.incumbents.slice(0, 2))}`,
  );
};

const painPrioritization: Writer = ({ p, up }) => {
  const found = bullets(up('pain-discovery') ?? '', 6).map((b) => b.split(' - ')[0]);
  const pains = found.length ? found : painList(p).map(([x]) => x);
  const r = rng(p.seed + 157);
  const scored = pains.map((x, i) => ({ x, sev: 4 + Math.round(r() * 5) + (i < 2 ? 1 : 0), freq: 3 + Math.round(r() * 6) + (i < 3 ? 1 : 0), wtp: 2 + Math.round(r() * 7) + (i < 2 ? 1 : 0) }));
  scored.sort((a, b) => b.sev * b.freq * b.wtp - a.sev * a.freq * a.wtp);
  return md(
    `Ranked by severity, frequency and willingness to pay, the top pain is "${scored[0].x}" (score ${scored[0].sev * scored[0].freq * scored[0].wtp}).`,
    '### Ranking',
    table(
      ['Rank', 'Pain point', 'Severity', 'Frequency', 'Willingness to pay', 'Score'],
      scored.map((s, i) => [i + 1, s.x, `${s.sev}/10`, `${s.freq}/10`, `${s.wtp}/10`, s.sev * s.freq * s.wtp]),
    ),
    `### Reading the ranking\nFocus on the top two; together they cover the situations ${p.audience} mention most.`,
  );
};

const opportunityMap: Writer = ({ p, f, up }) => {
  const ranked = (up('pain-prioritization') ?? '')
    .split('\n')
    .filter((l) => /^\|\s*\d+\s*\|/.test(l))
    .map((l) => l.split('|')[2]?.trim())
    .filter((x): x is string => !!x)
    .slice(0, 3);
  const top = ranked.length ? ranked : painList(p).slice(0, 3).map(([x]) => x);
  const shapes = ['a self-serve tool', 'a done-for-you service', 'an add-on to tools they already use'];
  return md(
    `The best opportunity is ${shapes[0]} that removes "${top[0]}" for ${short(p.audience, 60)}, priced near ${money(f.price)} a month.`,
    '### Opportunities',
    table(
      ['Pain point', 'Opportunity', 'Shape', 'First test'],
      top.map((x, i) => [x, `${capitalize(shapes[i])} that takes it off their plate`, shapes[i], ['a landing page with a price', 'five concierge customers', 'an integration pilot'][i]]),
    ),
    `### Who would build it\nA small ${p.b2b ? 'B2B software company' : 'consumer startup'} in ${p.sector.label}, selling through ${p.sector.channels[0]}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Revenue Opportunity Validation
// ---------------------------------------------------------------------------------------------

const STREAMS: Array<[string, string]> = [
  ['Subscription', 'recurring fee per user or account'],
  ['Usage-based pricing', 'pay per task, booking or transaction'],
  ['Transaction fee', 'a percentage of payments you process'],
  ['Marketplace commission', 'a cut of deals between two sides'],
  ['Services and onboarding', 'setup, training and done-for-you work'],
  ['Data and insights', 'benchmarks sold back to the industry (anonymised)'],
];

const revenueStreams: Writer = ({ p, s }) => {
  const r = rng(p.seed + 171);
  const scored = STREAMS.map(([n, d]) => ({ n, d, fit: 3 + Math.round(r() * 7) })).sort((a, b) => b.fit - a.fit);
  return md(
    `For ${s} in ${short(p.audience, 60)}, the strongest revenue stream is ${scored[0].n.toLowerCase()} (fit ${scored[0].fit}/10), followed by ${scored[1].n.toLowerCase()}.`,
    '### Streams ranked by fit',
    table(['Stream', 'How it works', 'Fit'], scored.map((x) => [x.n, x.d, `${x.fit}/10`])),
    `### Combination to test first\n${scored[0].n} as the core, ${scored[1].n.toLowerCase()} as the expansion path.`,
  );
};

const pricingBenchmarks: Writer = ({ p, f, s }) => {
  const r = rng(p.seed + 173);
  return md(
    `Buyers in ${short(p.audience, 60)} pay between ${money(p.sector.price[0])} and ${money(p.sector.price[1] * 1.5)} a month for tools near ${s}; a launch price of ${money(f.price)} sits in the middle.`,
    '### What buyers pay today',
    table(
      ['Offer', 'Price (est.)', 'Model'],
      [
        ...p.sector.incumbents.map((c) => [c, `${money(p.sector.price[0] * (0.8 + r()))} - ${money(p.sector.price[1] * (0.9 + r() * 0.8))} / month`, pick(p.seed, c, ['tiered subscription', 'per seat', 'usage-based'])]),
        [capitalize(p.substitutes[0]), 'free or already paid', '-'],
      ],
    ),
    `### Recommendation\nLaunch at ${money(f.price)} a month with an annual plan at two months free; add a higher tier once the core promise proves its value.`,
  );
};

const demandSignals: Writer = ({ p, s }) => {
  const r = rng(p.seed + 179);
  const sig = (x: number) => (x > 0.66 ? 'Strong' : x > 0.33 ? 'Moderate' : 'Weak');
  return md(
    `Demand for ${s} among ${short(p.audience, 60)} shows ${pick(p.seed, 'demand', ['moderate-to-strong', 'moderate', 'strong'])} signals: ${p.sector.trends[0]}.`,
    '### Signals',
    table(
      ['Signal', 'Strength', 'What it shows'],
      [
        [`Search interest in ${p.keywords.slice(0, 2).join(' / ') || 'the problem'}`, sig(r()), 'people look for a solution'],
        [`Job postings mentioning ${p.keywords[0] ?? 'the task'}`, sig(r()), 'companies pay people to do it by hand'],
        [`Funding in ${p.sector.label} startups`, sig(r()), 'investors expect growth'],
        [`Complaints about ${p.sector.incumbents[0]}`, sig(r()), 'buyers open to switching'],
      ],
    ),
  );
};

const revenueForecast: Writer = ({ p, f, s, up }) => {
  const low = f.revenue.map((x) => x * 0.6);
  const high = f.revenue.map((x) => x * 1.5);
  return md(
    `${capitalize(s)} can reach **${money(low[2])} to ${money(high[2])}** in year-3 revenue (base case ${money(f.revenue[2])}) selling to ${short(p.audience, 60)}.`,
    [
      up('revenue-streams') && `- Streams: ${keyLine(up('revenue-streams') as string, 170)}`,
      up('pricing-benchmarks') && `- Pricing: ${keyLine(up('pricing-benchmarks') as string, 170)}`,
      up('demand-signals') && `- Demand: ${keyLine(up('demand-signals') as string, 170)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    '### Forecast',
    table(
      ['', 'Year 1', 'Year 2', 'Year 3'],
      [
        ['Low', ...low.map(money)],
        ['Base', ...f.revenue.map(money)],
        ['High', ...high.map(money)],
        ['Customers (base)', ...f.customers.map(count)],
      ],
    ),
    `### Assumptions\n- ${money(f.price)} a month per customer, ${pct(f.grossMargin)} gross margin.\n- Acquisition at ${money(f.cac)} through ${p.sector.channels[0]}.\n- Low case: slower adoption; high case: the second stream adds 50%.`,
  );
};

const WRITERS: Record<string, Writer> = {
  'research-plan': researchPlan,
  'target-customers': targetCustomers,
  'market-trends': marketTrends,
  'regulatory-impact': regulatoryImpact,
  'strategic-implications': strategicImplications,
  'ai-marketplace-mindmap': marketplaceMindmap,
  'profitability-forecast': profitabilityForecast,
  'technical-feasibility': technicalFeasibility,
  'risk-analysis': riskAnalysis,
  'final-recommendations': finalRecommendations,
  'desirability-assessment': desirability,
  'market-definition': marketDefinition,
  'top-down-sizing': topDownSizing,
  'bottom-up-sizing': bottomUpSizing,
  'serviceable-market': serviceableMarket,
  'tam-summary': tamSummary,
  'problem-solution-fit': problemSolutionFit,
  'competitive-landscape': competitiveLandscape,
  'business-model': businessModel,
  'evaluation-scorecard': evaluationScorecard,
  'competitive-rivalry': rivalry,
  'threat-of-new-entrants': newEntrants,
  'supplier-power': supplierPower,
  'buyer-power': buyerPower,
  'threat-of-substitutes': substitutes,
  'five-forces-summary': fiveForcesSummary,
  'customer-personas': customerPersonas,
  'customer-interviews': customerInterviews,
  'customer-insights': customerInsights,
  'pain-discovery': painDiscovery,
  'pain-prioritization': painPrioritization,
  'opportunity-map': opportunityMap,
  'revenue-streams': revenueStreams,
  'pricing-benchmarks': pricingBenchmarks,
  'demand-signals': demandSignals,
  'revenue-forecast': revenueForecast,
};

/** Agent ids the offline analyst has a dedicated writer for. */
export const OFFLINE_REPORT_AGENTS = Object.keys(WRITERS);

const generic: Writer = ({ p, s, product }) =>
  md(
    `${capitalize(s)} for ${p.audience}${p.where}, seen through the ${product.title}.`,
    `- Sector: ${p.sector.label}.\n- Main pains: ${list(p.pains)}.\n- Competitors: ${list(p.sector.incumbents)}.`,
  );

// ---------------------------------------------------------------------------------------------
// Step 3's synthetic interviews, quoted by the customer- and market-facing agents
// ---------------------------------------------------------------------------------------------

/** Markdown-inert text: one line, every character markdown could act on escaped. */
export function markdownInert(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[\\`*_{}[\]<>|~#!]/g, (c) => `\\${c}`);
}

/** What makes a reply worth quoting, per kind of agent (matched case-insensitively). */
const EVIDENCE_CUES: ReadonlyArray<[RegExp, RegExp]> = [
  [/pricing|demand|bottom-up|revenue|buyer-power/, /\$|€|£|\d|pay|price|budget|cost|afford|cheap|expensive|subscription|month/i],
  [/pain|problem|substitutes|desirab/, /pain|problem|frustrat|hate|waste|hard|struggl|lose|lost|miss|annoy|workaround|instead|currently|today/i],
  [/customer|segment|persona|insight|target|definition|attractiveness|trends/, /i |my |we |our |need|want|use|would|buy|switch|time|week|every/i],
];

/** Up to three exchanges to quote for `agent`: the best-matching replies, at most one per persona first. */
function quotesFor(agent: Pick<ReportAgent, 'id'>, evidence: InterviewEvidence) {
  const cue = EVIDENCE_CUES.find(([who]) => who.test(agent.id))?.[1] ?? EVIDENCE_CUES[2][1];
  const scored = evidence.flatMap((p, pi) =>
    p.exchanges.map((x, xi) => ({ p, x, pi, xi, score: (x.reply.match(new RegExp(cue.source, 'gi')) ?? []).length })),
  );
  scored.sort((a, b) => b.score - a.score || a.pi - b.pi || a.xi - b.xi);
  const picked: typeof scored = [];
  for (const round of [0, 1]) {
    for (const c of scored) {
      if (picked.length >= 3) break;
      if (picked.includes(c)) continue;
      if (round === 0 && picked.some((q) => q.pi === c.pi)) continue;
      picked.push(c);
    }
  }
  return picked.sort((a, b) => a.pi - b.pi || a.xi - b.xi);
}

/** The sub-section a citing agent adds when the order carried step 3's interviews. */
export function offlineEvidenceBlock(agent: Pick<ReportAgent, 'id' | 'title'>, evidence: InterviewEvidence): string {
  const quotes = quotesFor(agent, evidence);
  if (!quotes.length) return '';
  const personas = evidence.length;
  const replies = evidence.reduce((n, p) => n + p.exchanges.length, 0);
  return [
    '### What the synthetic interviews said',
    `*${SYNTHETIC_INTERVIEW_LABEL}.* You interviewed ${personas} AI persona${personas === 1 ? '' : 's'} in step 3 (${replies} repl${replies === 1 ? 'y' : 'ies'}); these quotes bear on ${markdownInert(agent.title)}. Read them as hypotheses to test with real customers, not as market data: the figures above do not rest on them.`,
    ...quotes.map(
      ({ p, x }) =>
        `> "${markdownInert(clipText(x.reply, 280))}" - ${markdownInert(p.name)}${p.role ? `, ${markdownInert(p.role)}` : ''} (synthetic interview), asked "${markdownInert(clipText(x.question, 140))}"`,
    ),
  ].join('\n\n');
}

/**
 * The offline analyst's section for one report agent: built from the buyer's inputs (their
 * words, sector, geography and numbers) and from the upstream agents' outputs it received;
 * an agent given step 3's interviews (`input.evidence`) ends with quotes from them.
 */
export function offlineReportAnswer(input: ReportAgentInput): string {
  const { product, agent, inputs, upstream } = input;
  const p = reportProfile(product, inputs);
  const f = figures(p);
  const byId = new Map(upstream.map((u) => [u.id, u]));
  const ctx: Ctx = {
    product,
    inputs,
    p,
    f,
    s: `"${short(p.subject, 56)}"`,
    up: (id) => byId.get(id)?.output,
    cite(id, lead) {
      const u = byId.get(id);
      if (!u) return '';
      if (id === 'research-plan' || id === 'market-definition') {
        const row = u.output.split('\n').find((l) => l.startsWith(`| ${agent.name} |`));
        const q = row?.split('|')[2]?.trim();
        if (q) return `This answers the ${u.agent}'s question: "${q}"`;
      }
      const line = keyLine(u.output, 240).replace(/^./, (c) => c.toLowerCase());
      return `${lead ? `${lead}: ` : ''}the ${u.agent} found that ${line}${/[.!?]$/.test(line) ? '' : '.'}`;
    },
  };
  const section = (WRITERS[agent.id] ?? generic)(ctx).replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/[\u2013\u2014]/g, '-');
  const evidence = input.evidence?.length ? offlineEvidenceBlock(agent, input.evidence) : '';
  return evidence ? `${section}\n\n${evidence}` : section;
}
