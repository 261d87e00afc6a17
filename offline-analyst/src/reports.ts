import {
  clipText,
  formatFigure,
  formatMoney,
  formatPercent,
  formatWhole,
  SYNTHETIC_INTERVIEW_LABEL,
  type CatalogueProduct,
  type InterviewEvidence,
  type ProductInputs,
  type ReportAgent,
  type ReportFactSheet,
  type SheetFigure,
  type SheetScore,
  type SourceRef,
} from '@val/contracts';
import { buildPlan } from './buildPlan';
import { MARKETS } from './markets';
import { bullets, capitalize, keyLine, list, pick, reportProfile, short, type Profile } from './reportKit';

/**
 * The built-in offline analyst's report sections. Every number comes from the report's fact
 * sheet (computed in code from the inputs); the writers only choose the words around them, in
 * the buyer's own terms, and quote what upstream agents found.
 */

/** What every offline report writer reads. */
interface Ctx {
  product: CatalogueProduct;
  inputs: ProductInputs;
  p: Profile;
  sheet: ReportFactSheet;
  /** The subject in quotes, shortened. */
  s: string;
  /** Output of an upstream step, if this agent received it. */
  up(id: string): string | undefined;
  /** "the Market Trends Researcher found: ..." for an upstream step, or '' when absent. */
  cite(id: string, lead?: string): string;
  /** An amount in the sheet's currency. */
  m(n: number): string;
  /** A figure of the sheet by id. */
  f(id: string): SheetFigure;
  /** A figure written as the sheet writes it ("£84 a month", "27,000–38,000 (base 27,000)"). */
  w(id: string, opts?: { range?: boolean; plain?: boolean }): string;
  /** A score of the sheet by id. */
  sc(id: string): SheetScore;
  /** The search results this section may cite. */
  sources: ReadonlyArray<SourceRef>;
}

type Writer = (c: Ctx) => string;

const md = (...blocks: Array<string | false | null | undefined>) => blocks.filter(Boolean).join('\n\n');
const table = (head: string[], rows: Array<Array<string | number>>) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const scoreText = (s: SheetScore) => `**${s.level}** (${formatScore(s.score)}/10)`;
const formatScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const lower = (s: string) => (s ? s[0].toLowerCase() + s.slice(1) : s);

/** The founder's problem in their words, quoted; or, when they stated none, "the problem your idea answers". */
const need = (p: Profile) => (p.problem ? `"${short(p.problem, 90)}"` : 'the problem your idea answers');

/** One sentence on the problem: the founder's words, or that they did not state one (and what the idea does). */
const problemLine = (p: Profile) =>
  p.problem
    ? `The problem, in your words: "${short(p.problem, 160)}".`
    : `You did not state the problem in your inputs, so this works from what the idea does: it ${p.job}. Confirm the problem in interviews before building.`;

/** The market's typical pains, labelled as the market's (never the founder's problem). */
const otherPains = (p: Profile) => `Other pains common in ${p.sector.label}: ${list(p.pains)}.`;

/** The note a section adds when the competitor list holds no company name. */
const NO_NAMES = 'Competitor names: none found offline - connect a search provider to name them.';
/** Every company name of the market table's competitor lists (the kinds of competitor are not names). */
const TABLE_NAMES = new Set(MARKETS.flatMap((m) => m.competitors.map((c) => (typeof c === 'string' ? c : c.text))));
const hasNames = (competitors: ReadonlyArray<string>) => competitors.some((c) => TABLE_NAMES.has(c));

/** The money a buyer can lose or keep, in words that never contradict the sheet. */
function breakEvenSentence(c: Ctx): string {
  const { sheet } = c;
  return sheet.breakEvenMonth ? `break-even in month ${sheet.breakEvenMonth}` : 'no break-even within five years at this price';
}

/** The five years as a table (customers, revenue, costs, profit or loss). */
function yearsTable(c: Ctx, years = c.sheet.years): string {
  return table(
    ['', ...years.map((y) => `Year ${y.year}`)],
    [
      ['Paying customers (end of year)', ...years.map((y) => formatWhole(y.customers))],
      ['Revenue', ...years.map((y) => c.m(y.revenue))],
      ['Costs', ...years.map((y) => c.m(y.costs))],
      ['Profit / loss', ...years.map((y) => c.m(y.profit))],
    ],
  );
}

/** Sources this section may cite, as a short list of what they say ([n] each). */
function sourceLines(c: Ctx, max = 3): string | null {
  if (!c.sources.length) return null;
  return [
    '### What the sources say',
    ...c.sources.slice(0, max).map((s) => `- ${markdownInert(short(s.title, 90))}: ${markdownInert(short(s.snippet, 160))} [${s.n}]`),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// New Product Feasibility Study
// ---------------------------------------------------------------------------------------------

const researchPlan: Writer = (c) => {
  const { p, s } = c;
  return md(
    `Research plan for ${s}, aimed at ${p.audience}${p.where}. The working assumption is a ${p.sector.label} offer at ${c.w('price')} per ${p.b2b ? 'account' : 'customer'}; every agent below tests one part of it.`,
    problemLine(p),
    '### Hypotheses to test',
    [
      `- **Demand:** ${capitalize(p.audience)} feel ${need(p)} often enough to pay for a fix.`,
      `- **Reach:** ${capitalize(p.sector.channels[0])} can win customers at about ${c.m(c.f('cac').value)} each (the fact sheet's acquisition cost).`,
      `- **Build:** a first version of ${s} can ship in ${c.f('build-months').value} months with ${c.f('team').value} people.`,
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
    `### Key words carried through the study\n${
      p.keywords
        .slice(0, 6)
        .map((k) => `\`${k}\``)
        .join(', ') || `\`${p.sector.label}\``
    }`,
  );
};

const targetCustomers: Writer = (c) => {
  const { p, s, cite } = c;
  const segs: Array<[string, string, string, string]> = [
    [
      `Early adopters among ${p.audience}`,
      `already pay for ${c.sheet.competitors[0] ?? 'an existing product'} or a workaround and feel ${need(p)} every week`,
      'High',
      p.problem ? `a bad week caused by "${short(p.problem, 60)}"` : 'the moment they need what it does',
    ],
    [
      p.b2b ? `Growing ${p.audience} adding staff` : `Busy ${p.audience} short on time`,
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
    `The first buyers of ${s} are the early adopters among ${p.audience}${p.where}. The fact sheet counts ${c.w('buyers', { range: true })} potential ${p.unit} in all; the first segment is the part of them that already spends money on the problem. ${cite('research-plan', 'The research plan asked which part of the market buys first')}`,
    '### Segments',
    table(
      ['Segment', 'Who they are', 'Willingness to pay', 'Buying trigger'],
      segs.map(([name, who, wtp, trig]) => [name, who, wtp, trig]),
    ),
    '### Jobs, pains and gains of the first segment',
    [
      `- **Job to be done:** a product that ${p.job}, with less effort than today.`,
      `- **Their problem:** ${p.problem ? `"${short(p.problem, 160)}" (your words)` : 'not stated in your inputs: confirm it in the first interviews'}.`,
      `- **${otherPains(p).replace(/: /, ':** ')}`,
      `- **Gains they would pay for:** time back, fewer mistakes, and proof they chose well.`,
      `- **Where to find them:** ${list(p.sector.channels)}.`,
    ].join('\n'),
    `### What this means\nStart with the first segment only. ${p.b2b ? 'Sell to the person who owns the budget and feels the pain (often the same person in smaller firms).' : 'Win them with a free first result, then ask for payment.'} The fact sheet prices the offer at ${c.w('price')}, ${priceAgainstMarket(c)} the ${c.w('typical-price', { range: true, plain: true })} that offers in ${p.sector.label} typically cost.`,
  );
};

const marketTrends: Writer = (c) => {
  const { p, cite } = c;
  const t = p.sector.trends;
  const leads = [
    'This raises the value of a focused product',
    'This shortens sales cycles for tools that prove value quickly',
    'This creates room for a new entrant with a clear promise',
  ];
  return md(
    `Three shifts in ${p.sector.label}${p.place ? ` in ${p.geo}` : ''} favour an offer like "${short(p.subject, 60)}": ${t[0]}. No growth rate is stated here: ${c.sheet.sources.live ? 'the sources below give what is published' : 'without live sources, a figure would be a guess'}. ${cite('research-plan', 'The research plan asked whether the market moves towards this idea')}`,
    '### Trends that matter',
    t.map((x, i) => `${i + 1}. **${capitalize(x)}.** ${leads[i] ?? leads[0]} for ${p.audience}.`).join('\n'),
    '### Signals to watch',
    [
      `- Search and social interest in ${
        p.keywords
          .slice(0, 3)
          .map((k) => `"${k}"`)
          .join(', ') || 'the problem'
      }.`,
      `- Pricing moves by ${list(c.sheet.competitors.slice(0, 2))}.`,
      `- New funding for startups that serve ${p.audience}.`,
    ].join('\n'),
    sourceLines(c),
    `### Timing\n${c.sheet.verdict.word === 'No-go' ? 'The trends help, but they do not fix the numbers: see the Profitability Forecast.' : 'The timing is workable: the shifts above give a newcomer a reason to be heard.'}`,
  );
};

const regulatoryImpact: Writer = (c) => {
  const { p, s, cite } = c;
  return md(
    `${c.sheet.market.place ? `${p.sector.regulations.length} sets of rules apply to ${s} in ${p.geo}` : `${p.sector.regulations.length} sets of rules apply to ${s} wherever you launch`}; none blocks it, but ${p.sector.regulations[0][0]} will shape the design from day one. The fact sheet budgets ${c.m(c.f('compliance').value)} for compliance before launch. ${cite('research-plan', 'The research plan asked what must be true legally before the first sale')}`,
    '### Rules that apply',
    table(
      ['Rule', 'What it means for you', 'Impact'],
      p.sector.regulations.map(([name, what], i) => [capitalize(name), what, ['High', 'Medium', 'Low'][i] ?? 'Low']),
    ),
    sourceLines(c),
    '### What to do first',
    [
      `- Write down what data you collect about ${p.audience} and why; collect nothing else.`,
      `- Get a short legal review on ${p.sector.regulations[0][0]} before you build the feature they affect.`,
      `- Put terms, privacy notice and ${p.b2b ? 'a data-processing agreement' : 'clear cancellation'} in place before the first payment.`,
    ].join('\n'),
  );
};

const strategicImplications: Writer = (c) => {
  const { p, s, up, cite } = c;
  const [y1, y2] = c.sheet.years;
  return md(
    `Position ${s} as the simplest way for ${p.audience} to ${p.problem ? `end "${short(p.problem, 80)}"` : `get one job done (it ${short(p.job, 80)})`}, and enter through ${p.sector.channels[0]}. This follows from the findings below.`,
    '### What the earlier agents found',
    [
      up('target-customers') && `- **Customers:** ${keyLine(up('target-customers') as string)}`,
      up('market-trends') && `- **Trends:** ${keyLine(up('market-trends') as string)}`,
      up('regulatory-impact') && `- **Regulation:** ${keyLine(up('regulatory-impact') as string)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    '### Positioning statement',
    `> For ${p.audience} who ${p.problem ? `struggle with "${short(p.problem, 80)}"` : `need a product that ${short(p.job, 80)}`}, ${short(p.subject, 70)} is the ${p.b2b ? 'tool' : 'service'} they can adopt in a day. Unlike ${c.sheet.competitors[0] ?? 'what they use today'}, it is built only for them.`,
    '### Go-to-market in three phases',
    table(
      ['Phase', 'Goal (the forecast)', 'How'],
      [
        [
          '1. Prove (first months)',
          `the first paying ${p.b2b ? 'accounts' : 'customers'}`,
          `hand-picked from the first segment; founder-led ${p.b2b ? 'sales' : 'onboarding'}`,
        ],
        ['2. Repeat (year 1)', `${formatWhole(y1.customers)} customers`, `${p.sector.channels[0]} plus referrals`],
        ['3. Scale (year 2)', `${formatWhole(y2.customers)} customers`, `${p.sector.channels[1] ?? p.sector.channels[0]} and partnerships`],
      ],
    ),
    `### Strategic choices\n- **Focus:** one segment, one promise, one channel until it repeats.\n- **Moat:** ${p.b2b ? 'integrations and workflow data that make switching costly' : 'habit and trust: reminders, history and reviews that grow with use'}.\n- **Compliance as a feature:** ${cite('regulatory-impact', 'Regulation') ? 'show buyers you meet the rules above; incumbents often bury this' : 'make your data practices easy to read'}.`,
  );
};

const marketplaceMindmap: Writer = (c) => {
  const { p, s, cite } = c;
  const ai = p.b2b
    ? ['LLM assistants that draft and summarise work', 'workflow automation with AI agents', 'forecasting and anomaly detection']
    : ['conversational assistants on phones', 'personalised recommendations', 'image and voice recognition'];
  return md(
    `The marketplace around ${s} has four rings: competitors (${list(c.sheet.competitors.slice(0, 3))}), substitutes, the partners you depend on, and AI tools that both compete and help. ${cite('research-plan', 'The research plan asked who already serves this market')}`,
    '### Mind map',
    [
      `- **${short(p.subject, 60)}**`,
      `  - Competitors`,
      ...c.sheet.competitors.map((x) => `    - ${x}`),
      `  - Substitutes`,
      ...p.substitutes.map((x) => `    - ${capitalize(x)}`),
      `  - Partners and suppliers`,
      ...p.sector.suppliers.map((x) => `    - ${capitalize(x)}`),
      `  - AI in this market`,
      ...ai.map((x) => `    - ${capitalize(x)}`),
      `  - Channels to ${p.audience}`,
      ...p.sector.channels.map((x) => `    - ${capitalize(x)}`),
    ].join('\n'),
    hasNames(c.sheet.competitors) || c.sources.length ? null : NO_NAMES,
    sourceLines(c),
    '### Where the gap is',
    `The competitors above serve ${p.sector.label} broadly; few are built for ${p.audience} specifically. Be the product that ${p.job}, and use AI where it removes work for the customer (${ai[0]}), not as the headline.`,
  );
};

const technicalFeasibility: Writer = (c) => {
  const { p, s, cite } = c;
  const plan = buildPlan(p);
  const device = p.productKind === 'hardware';
  return md(
    `${capitalize(s)} ${plan.verdict}: the forecast plans a first version in ${c.f('build-months').value} months with ${c.f('team').value} people (about ${c.m(c.f('build-cost').value)})${device ? ', enough for a working prototype and its first tests' : ''}, and the hardest part is ${plan.hardest}. ${cite('research-plan', 'The research plan asked for the smallest product that proves the idea')}`,
    '### Components',
    table(['Component', 'Build or buy', 'Effort'], plan.components),
    '### Smallest product that proves it',
    plan.smallest.join('\n'),
    '### Team',
    `${c.f('team').value} people: ${list(plan.roles)}.`,
  );
};

const profitabilityForecast: Writer = (c) => {
  const { s, cite, sheet } = c;
  const fix = sheet.plan.find((x) => x.id === 'price-for-break-even');
  const at = sheet.plan.find((x) => x.id === 'break-even-at-that-price');
  const y3 = sheet.years[2];
  return md(
    `At ${c.w('price')} and ${c.w('gross-margin')} gross margin, ${s} shows ${breakEvenSentence(c)}, with ${formatWhole(y3.customers)} paying customers by the end of year 3 (LTV/CAC ${c.f('ltv-cac').value.toFixed(1)}).`,
    [cite('target-customers', 'Customers'), cite('technical-feasibility', 'Build')].filter(Boolean).join(' '),
    '### Unit economics',
    table(
      ['Metric', 'Value'],
      sheet.economics.map((x) => [x.label, formatFigure(x, sheet.currency)]),
    ),
    '### Five-year forecast',
    yearsTable(c),
    '### What moves the date',
    [
      fix && at
        ? `- Price: at ${c.m(fix.value)} a month the forecast breaks even in month ${at.value}, other figures unchanged.`
        : sheet.breakEvenMonth
          ? `- Price: a higher price brings break-even forward if churn holds; test it with the first customers.`
          : `- Price: no price up to three times ${c.w('price')} breaks even within three years; the market or the cost of winning customers has to change.`,
      `- Acquisition cost is the swing factor: above ${c.m(c.f('max-cac').value)} per customer, LTV/CAC falls below 3.`,
      `- The first version costs about ${c.m(c.f('build-cost').value)}; fund it before month 1.`,
    ].join('\n'),
  );
};

const riskAnalysis: Writer = (c) => {
  const { p, s, up, sheet } = c;
  const risks: Array<[string, string, string, string]> = [
    [
      `A core feature falls under ${p.sector.regulations[0][0]}`,
      sheet.risks.some((r) => r.id === 'regulated') ? 'High' : 'Medium',
      'High',
      'legal review before building that feature; design to collect less data',
    ],
    [
      `${capitalize(buildPlan(p).hardest)} takes longer than planned`,
      'Medium',
      'Medium',
      p.productKind === 'hardware'
        ? 'start certification and supplier quotes early; keep the first batch small'
        : 'buy or integrate what you can first; cut scope to one flow',
    ],
    [`${capitalize(p.audience)} stay with ${p.substitutes[0]}`, 'Medium', 'High', 'charge from day one and measure switching, not interest'],
    [
      `Acquisition costs above ${c.m(c.f('max-cac').value)}`,
      c.f('ltv-cac').value < 3 ? 'High' : 'Medium',
      'High',
      `lean on ${p.sector.channels[2] ?? p.sector.channels[0]} and referrals`,
    ],
    [`${sheet.competitors[0] ?? 'A bigger competitor'} copies the feature`, 'Low', 'Medium', 'own the segment: depth for them beats breadth'],
  ];
  const flags = sheet.risks.map((r) => `- **${r.severity === 'high' ? 'High' : 'Medium'}:** ${r.text}`);
  return md(
    `The biggest risk to ${s} is ${sheet.risks.find((r) => r.severity === 'high') ? lower(sheet.risks.find((r) => r.severity === 'high')!.text.replace(/\.$/, '')) : `that ${lower(risks[0][0])}`}; the register below lists it with four others and their mitigations.`,
    [
      up('regulatory-impact') && `- From the regulatory review: ${keyLine(up('regulatory-impact') as string, 160)}`,
      up('technical-feasibility') && `- From the technical review: ${keyLine(up('technical-feasibility') as string, 160)}`,
      up('market-trends') && `- From the market trends: ${keyLine(up('market-trends') as string, 160)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    flags.length ? `### Risks in the numbers\n${flags.join('\n')}` : null,
    '### Risk register',
    table(
      ['Risk', 'Likelihood', 'Impact', 'Mitigation'],
      risks.map(([r, l, i, m]) => [r, l, i, m]),
    ),
    '### Early warning signs',
    `- Fewer than 3 of 10 interviewed ${p.audience} would pay ${c.w('price')}.\n- A pilot stalls on questions about ${p.sector.regulations[0][0]}.\n- The first version ships late and still has no paying users.`,
  );
};

const finalRecommendations: Writer = (c) => {
  const { p, up, sheet } = c;
  const v = sheet.verdict;
  const y3 = sheet.years[2];
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
    `**Verdict: ${v.word}.** ${v.rule}`,
    '### The numbers it rests on',
    [
      `- Price ${c.w('price')}, gross margin ${c.w('gross-margin')}, acquisition cost ${c.m(c.f('cac').value)}.`,
      `- LTV/CAC ${c.f('ltv-cac').value.toFixed(1)}; acquisition pays back in ${c.f('payback').value} months.`,
      `- ${capitalize(breakEvenSentence(c))}; year-3 revenue ${c.m(y3.revenue)} and ${y3.profit < 0 ? 'a loss' : 'a profit'} of ${c.m(Math.abs(y3.profit))}.`,
      `- ${formatWhole(y3.customers)} paying customers by the end of year 3, out of ${c.w('buyers')} potential ${p.unit}.`,
    ].join('\n'),
    v.changes.length ? `### What would have to change\n${v.changes.map((x) => `- ${x}`).join('\n')}` : null,
    '### The findings in one place',
    lines.join('\n'),
    '### Next five steps',
    [
      `1. Interview 15 ${p.audience} this month; ${p.problem ? `ask what they pay today to deal with "${short(p.problem, 80)}"` : 'ask which problem it would solve for them and what they pay today to deal with it'}.`,
      `2. Pre-sell: offer ${c.w('price')} (or an annual deal) to the ten most interested.`,
      `3. Build the ${p.productKind === 'hardware' ? 'prototype' : 'one-flow version'} in ${c.f('build-months').value} months with ${c.f('team').value} people; start with the hardest part: ${buildPlan(p).hardest}.`,
      `4. Settle ${p.sector.regulations[0][0]} with a short legal review before launch.`,
      `5. Measure acquisition cost through ${p.sector.channels[0]}; scale only below ${c.m(c.f('max-cac').value)}.`,
    ].join('\n'),
    `### Decision rule\nContinue if at least 10 customers pay within 90 days of launch; otherwise revisit the segment before spending more.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Idea Desirability Assessment
// ---------------------------------------------------------------------------------------------

const desirability: Writer = (c) => {
  const { p, s, sheet } = c;
  const d = c.sc('demand');
  return md(
    `Desirability score: ${scoreText(d)}. ${capitalize(s)} answers a felt need for ${p.audience}${d.score >= 7 ? ', and they already spend money working around it' : ', but the urgency varies: some feel it weekly, many only occasionally'}. How the score was built: ${d.basis}.`,
    '### Who wants it most',
    `- **${capitalize(p.audience)}** who feel ${need(p)} at least weekly.\n- Those already paying for ${sheet.competitors[0] ?? 'a product like it'} or ${p.substitutes[0]}.\n- ${p.b2b ? 'Teams where one person owns the problem and the budget.' : 'People at a moment of change (a move, a new job, a new family member).'}`,
    '### What they use today',
    table(
      ['Alternative', 'Why they use it', 'Why they would switch'],
      [
        [capitalize(p.substitutes[0]), 'free or already paid for', 'it takes too long'],
        [sheet.competitors[0] ?? 'An established product', 'known brand', `not built for ${p.audience}`],
        [capitalize(p.substitutes[1] ?? 'doing nothing'), 'no effort', 'the problem keeps coming back'],
      ],
    ),
    '### Evidence for and against',
    `- **For:** ${p.sector.trends[0]}; the words in your idea (${p.keywords.slice(0, 4).join(', ') || 'the problem'}) match what people search for.\n- **Against:** ${p.substitutes[0]} is good enough for occasional users; offers above ${c.m(c.f('typical-price').high ?? c.f('typical-price').value)} a month are at the top of what this market pays.`,
    '### Three experiments to prove demand',
    [
      `1. **Landing page + price:** describe ${s} at ${c.w('price')}; success = 5% of visitors leave an email and 1% click "buy".`,
      `2. **Ten problem interviews** with ${p.audience}: success = 6 of 10 describe the problem unprompted.`,
      `3. **Concierge test:** deliver the result by hand to 5 people for a week; success = 3 ask to keep it.`,
    ].join('\n'),
  );
};

// ---------------------------------------------------------------------------------------------
// TAM Assessment
// ---------------------------------------------------------------------------------------------

const marketDefinition: Writer = (c) => {
  const { p, s } = c;
  return md(
    `The market for ${s} is ${p.audience}${p.where} paying about ${c.w('price')} (${c.m(c.f('annual-value').value)} a year) for a ${p.sector.label} solution. That definition is narrow enough to size and wide enough to grow in.`,
    '### Definition',
    table(
      ['Dimension', 'Choice', 'Why'],
      [
        ['Buyer', capitalize(p.audience), p.problem ? `they feel "${short(p.problem, 80)}" directly` : 'they would use what it does directly'],
        ['Geography', capitalize(p.geo), c.sheet.market.place ? 'named in your inputs' : 'no country named: sized for a mid-sized country'],
        ['Unit', p.b2b ? 'one organisation (account)' : 'one person (subscriber)', 'how the product would be bought'],
        ['Price point', c.w('price'), c.f('price').basis],
      ],
    ),
    `### Inside and outside the market\n- **Inside:** ${p.audience} who want a product that ${p.job}.\n- **Outside (for now):** adjacent segments and other countries; they are upside, not the base case.`,
  );
};

/** "about", or "at most" when the sheet's count of buyers is not known and its market figures are upper bounds. */
const about = (c: Ctx) => (c.f('buyers').bound === 'upper' ? 'at most' : 'about');

/** When the count of buyers is not known: the sentence that says so (the sheet's figures are upper bounds). */
const unknownCount = (c: Ctx) =>
  c.f('buyers').bound === 'upper'
    ? `How many ${c.p.audience}${c.p.where} there are is not known: the figures here are upper bounds, from the whole market's count. Give your count to size them.`
    : null;

const topDownSizing: Writer = (c) => {
  const { p, cite } = c;
  const b = c.f('buyers');
  const pr = c.f('price');
  return md(
    `Top-down, with every assumption at its generous end, the market reaches **${c.m(c.f('tam').high ?? c.f('tam').value)} a year**: the widest count of ${p.audience}${p.where} at the top of the price range. Treat it as the ceiling. ${cite('market-definition', 'Definition')}`,
    unknownCount(c),
    '### The math',
    table(
      ['Step', 'Value', 'Assumption'],
      [
        [`${capitalize(p.audience)}, widest reading`, formatWhole(b.high ?? b.value), b.basis],
        ['Price, top of the range', `${c.m(pr.high ?? pr.value)} a month`, 'the top of the price range on the fact sheet'],
        ['Top-down TAM', c.m(c.f('tam').high ?? c.f('tam').value), 'buyers × price × 12'],
      ],
    ),
    sourceLines(c),
    '### Caveat\nTop-down numbers tend to be generous: they count spending that is not really up for grabs. The bottom-up figure is the one to plan with.',
  );
};

const bottomUpSizing: Writer = (c) => {
  const { p, cite } = c;
  const b = c.f('buyers');
  return md(
    `Bottom-up, the market is ${about(c)} **${c.m(c.f('tam').value)} a year**: ${about(c) === 'at most' ? 'at most ' : ''}${formatWhole(b.value)} potential ${p.unit} among ${p.audience}${p.where}, each worth ${c.m(c.f('annual-value').value)} a year. ${cite('market-definition', 'Definition')}`,
    unknownCount(c),
    '### The math',
    table(
      ['Step', 'Value', 'Assumption'],
      [
        [`${capitalize(p.audience)}`, formatWhole(b.value), b.basis],
        ['Annual price', c.m(c.f('annual-value').value), `${c.w('price')}`],
        ['Bottom-up TAM', c.m(c.f('tam').value), 'buyers × annual price'],
      ],
    ),
    sourceLines(c),
    '### Why this is the number to plan with\nIt counts buyers at a price. Check the buyer count against one public source (a census, a trade body or a directory) before you show it to investors.',
  );
};

const serviceableMarket: Writer = (c) => {
  const { p, up } = c;
  const td = up('top-down-sizing');
  const bu = up('bottom-up-sizing');
  return md(
    `You can serve ${about(c)} **${c.m(c.f('sam').value)}** a year of the market (SAM, ${formatPercent(c.f('sam-share').value)} of TAM) and realistically win ${about(c) === 'at most' ? 'at most ' : ''}**${c.m(c.f('som').value)}** a year within 3 years (SOM, ${formatPercent(c.f('som-share').value)} of SAM).`,
    unknownCount(c),
    [td && `- Top-down said: ${keyLine(td, 170)}`, bu && `- Bottom-up said: ${keyLine(bu, 170)}`].filter(Boolean).join('\n'),
    '### From TAM to SOM',
    table(
      ['Layer', 'Value', 'Filter'],
      [
        ['TAM', c.m(c.f('tam').value), `all ${p.audience}${p.where}`],
        ['SAM', c.m(c.f('sam').value), c.f('sam-share').basis],
        ['SOM (3 years)', c.m(c.f('som').value), c.f('som-share').basis],
        ['Paying customers by year 3', formatWhole(c.f('customers-y3').value), c.f('customers-y3').basis],
      ],
    ),
  );
};

const tamSummary: Writer = (c) => {
  const { p, s, up } = c;
  const tam = c.f('tam');
  return md(
    tam.bound === 'upper'
      ? `For ${s}, the total market is at most **${c.m(tam.value)}** a year, the serviceable part at most ${c.m(c.f('sam').value)}, and a 3-year target of at most ${c.m(c.f('som').value)}.`
      : `For ${s}, the total market is **${c.m(tam.low ?? tam.value)} to ${c.m(tam.high ?? tam.value)}** a year (base ${c.m(tam.value)}), the serviceable part about ${c.m(c.f('sam').value)}, and a realistic 3-year target ${c.m(c.f('som').value)}.`,
    unknownCount(c),
    '### The estimates side by side',
    table(
      ['Method', 'TAM', 'Note'],
      [
        ['Top-down (ceiling)', c.m(tam.high ?? tam.value), 'every assumption at its generous end'],
        ['Bottom-up (base)', c.m(tam.value), `${formatWhole(c.f('buyers').value)} buyers × ${c.m(c.f('annual-value').value)}`],
        ['Cautious', c.m(tam.low ?? tam.value), 'every assumption at its cautious end'],
      ],
    ),
    up('serviceable-market') ? `### Serviceable market\n${keyLine(up('serviceable-market') as string, 220)}` : null,
    `### How to use this\n- Pitch the bottom-up TAM and the SOM; investors trust counted buyers.\n- Grow the market by adding a second segment after ${p.audience}, or a second country after ${p.geo}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Business Idea Evaluation
// ---------------------------------------------------------------------------------------------

const problemSolutionFit: Writer = (c) => {
  const { p, s } = c;
  const fit = c.sc('problem');
  return md(
    `Problem-solution fit: ${scoreText(fit)}. ${capitalize(s)} ${p.problem ? `targets "${short(p.problem, 120)}" for ${p.audience}` : `does one job for ${p.audience}: it ${p.job}`}, a ${p.problem ? 'problem' : 'need'} that is ${fit.score >= 7 ? 'frequent and costly' : 'real but not yet urgent for most of them'}.`,
    '### The problem',
    `- **In your words:** ${p.problem ? `"${short(p.problem, 160)}"` : 'you did not state the problem; confirm it with customers before building'}.\n- **Who:** ${p.audience}.\n- **How often:** ${fit.score >= 7 ? 'weekly' : 'monthly or at specific moments'}.\n- **Cost today:** time and money.\n- **${otherPains(p).replace(/: /, ':** ')}`,
    '### Does the solution fit?',
    `- **Yes, where** it ${p.job} with no manual work.\n- **Not yet, where** it asks ${p.audience} to change habits built around ${p.substitutes[0]}.`,
    '### Evidence to collect',
    `- Ten customers describing the problem in their own words.\n- Three who pay before the product exists.`,
  );
};

const competitiveLandscape: Writer = (c) => {
  const { p, s, sheet } = c;
  const strengths = ['brand and reach', 'broad feature set', 'large user base', 'price'];
  const weaknesses = ['generic', 'complex', 'slow to change', 'not focused'];
  return md(
    `${capitalize(s)} enters a market where ${list(sheet.competitors.slice(0, 3))} already serve buyers; none of them is built specifically for ${p.audience}, which is your opening. Competitive rivalry is ${scoreText(c.sc('competitive-rivalry'))}.`,
    '### Competitors',
    table(
      ['Competitor', 'Type', 'Strength', 'Weakness for your segment'],
      sheet.competitors.map((x, i) => [x, i < 2 ? 'Direct' : 'Adjacent', strengths[i % 4], pick(p.seed, x, weaknesses)]),
    ),
    hasNames(sheet.competitors) || c.sources.length ? null : NO_NAMES,
    '### Substitutes',
    p.substitutes.map((x) => `- ${capitalize(x)}`).join('\n'),
    sourceLines(c),
    `### Your gap\nBe the specialist: deeper for ${p.audience}, simpler than the suites, and explicit about one job: it ${p.job}.`,
  );
};

const businessModel: Writer = (c) => {
  const { p, s } = c;
  return md(
    `A ${p.b2b ? 'per-account subscription' : 'monthly subscription with an annual discount'} at ${c.w('price')} suits ${s}: it matches how ${p.audience} buy ${p.sector.label} and gives ${c.w('gross-margin')} gross margin.`,
    '### Model',
    table(
      ['Element', 'Choice'],
      [
        ['Revenue model', p.b2b ? 'subscription per account, tiers by usage' : 'subscription, free first result'],
        ['Price', c.w('price')],
        ['Gross margin', c.w('gross-margin')],
        ['Acquisition', `${p.sector.channels[0]}; about ${c.m(c.f('cac').value)} per customer`],
        ['Lifetime value', c.m(c.f('ltv').value)],
        ['LTV / CAC', c.f('ltv-cac').value.toFixed(1)],
      ],
    ),
    `### Risks in the model\n- Acquisition pays back in ${c.f('payback').value} months: that needs customers to stay the ${c.f('lifetime').value} months the model assumes.\n- Costs from ${p.sector.suppliers[0]} can squeeze the margin.`,
  );
};

const evaluationScorecard: Writer = (c) => {
  const { p, s, inputs, sheet } = c;
  const company = inputs.company ? short(inputs.company, 60) : 'your team';
  const ids = ['problem', 'market', 'competition', 'business-model', 'team'];
  const overall = c.sc('overall');
  return md(
    `Overall score: **${formatScore(overall.score)}/10** for ${s} at ${company}. **Verdict: ${sheet.verdict.word}.** ${sheet.verdict.rule}`,
    '### Scorecard',
    table(
      ['Criterion', 'Score', 'Rating', 'Why'],
      ids.map((id) => c.sc(id)).map((x) => [x.label, `${formatScore(x.score)}/10`, x.level, x.basis]),
    ),
    sheet.verdict.changes.length ? `### What would have to change\n${sheet.verdict.changes.map((x) => `- ${x}`).join('\n')}` : null,
    `### What would raise the score\n- Paying pilots with ${p.audience}.\n- A clear answer to ${sheet.competitors[0] ?? 'a bigger competitor'} adding the same feature.\n- Evidence that ${company} can reach its first hundred customers through ${p.sector.channels[0]}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Porter's five forces
// ---------------------------------------------------------------------------------------------

/** Why a force has its level: sentences chosen by the level, so the words never contradict the score. */
const FORCE_WHY: Record<string, (c: Ctx, level: string) => string[]> = {
  'competitive-rivalry': (c, level) => [
    `${list(c.sheet.competitors.slice(0, 3))} compete for the same buyers.`,
    level === 'High'
      ? `Many offers chase ${c.p.audience}, so ${c.p.b2b ? 'deals are won on price and integrations' : 'price promotions are frequent'}.`
      : level === 'Low'
        ? 'Few offers are built for this segment, so competitors rarely fight over the same buyer.'
        : 'Competitors overlap on some buyers but differ in focus.',
    `${capitalize(c.p.sector.trends[0])}.`,
  ],
  'threat-of-new-entrants': (c, level) => [
    level === 'Low'
      ? `Entry is hard: ${c.p.sector.regulations[0][0]} and buyer trust take time to earn.`
      : `Software and AI tools make building cheap, which lowers the barriers.`,
    `Regulation: ${c.p.sector.regulations[0][1]}.`,
    `Reaching buyers through ${c.p.sector.channels[0]} costs time and money.`,
  ],
  'supplier-power': (c, level) => [
    `Key inputs come from ${list(c.p.sector.suppliers)}.`,
    level === 'High' ? `${capitalize(c.p.sector.suppliers[0])} can change prices or terms at will.` : `Alternatives exist for most of them.`,
  ],
  'buyer-power': (c, level) => [
    c.p.b2b ? 'Business buyers compare vendors and negotiate.' : `Buyers can switch to another offer at little cost.`,
    `They can fall back on ${c.p.substitutes[0]}.`,
    level === 'High'
      ? 'With many alternatives on offer, they set the terms.'
      : c.p.b2b
        ? 'Larger buyers demand discounts and security reviews.'
        : 'Reviews and word of mouth shape every choice.',
  ],
  'threat-of-substitutes': (c, level) => [
    `Substitutes are ${list(c.p.substitutes)}.`,
    level === 'Low' ? 'They are slower and clumsier than a focused product.' : 'Some are free and good enough for occasional needs.',
  ],
};

const FORCE_MOVE: Record<string, (c: Ctx) => string> = {
  'competitive-rivalry': (c) => `Pick a niche the leaders ignore within ${c.p.audience}, and compete on focus, not price.`,
  'threat-of-new-entrants': (c) => `Turn compliance with ${c.p.sector.regulations[0][0]} and customer trust into your barrier.`,
  'supplier-power': (c) => `Keep two options for ${c.p.sector.suppliers[0]} and avoid exclusive dependencies early.`,
  'buyer-power': (c) => `Raise switching costs with history, integrations and ${c.p.b2b ? 'team workflows' : 'habits'} that grow with use.`,
  'threat-of-substitutes': (c) => `Show the cost of ${c.p.substitutes[0]} in time and money; make the first result faster than it.`,
};

const force =
  (id: string): Writer =>
  (c) => {
    const sc = c.sc(id);
    const why = FORCE_WHY[id](c, sc.level);
    return md(
      `${sc.label} in ${c.s} is ${scoreText(sc)}. ${why[0]}`,
      '### Why',
      [...why.slice(1).map((w) => `- ${w}`), `- How the score was built: ${sc.basis}.`].join('\n'),
      sourceLines(c, 2),
      `### What to do\n${FORCE_MOVE[id](c)}`,
    );
  };

const FORCES = ['competitive-rivalry', 'threat-of-new-entrants', 'supplier-power', 'buyer-power', 'threat-of-substitutes'];

const fiveForcesSummary: Writer = (c) => {
  const { p, s, up } = c;
  const scores = FORCES.map((id) => c.sc(id));
  const strongest = scores.reduce((a, b) => (b.score > a.score ? b : a));
  const att = c.sc('attractiveness');
  const move: Record<string, string> = {
    'buyer-power': 'build switching costs',
    'supplier-power': 'diversify suppliers',
    'threat-of-substitutes': 'beat substitutes on speed',
    'threat-of-new-entrants': 'build trust and compliance as a barrier',
    'competitive-rivalry': 'find the niche leaders ignore',
  };
  return md(
    `Market attractiveness for ${s}: ${scoreText(att)}. The strongest force is ${lower(strongest.label)} (${formatScore(strongest.score)}/10); plan your strategy around it.`,
    '### The five forces',
    table(
      ['Force', 'Score', 'Rating', 'Finding'],
      scores.map((x) => [
        x.label,
        `${formatScore(x.score)}/10`,
        x.level,
        up(x.id) ? (bullets(up(x.id) as string, 1)[0] ?? keyLine(up(x.id) as string, 140)) : '-',
      ]),
    ),
    `### Strategic moves\n- Against ${lower(strongest.label)}: ${move[strongest.id]}.\n- Enter through ${p.sector.channels[0]} with a focused offer for ${p.audience}.\n- Revisit this analysis when ${c.sheet.competitors[0] ?? 'the market leader'} changes pricing.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Voice of Customer
// ---------------------------------------------------------------------------------------------

const FIRST = ['Maria', 'James', 'Aisha', 'Tom', 'Priya', 'Lukas', 'Sofia', 'Daniel', 'Mei', 'Carlos', 'Hannah', 'Omar'];
const LAST = ['Lopez', 'Carter', 'Khan', 'Becker', 'Nair', 'Okafor', 'Rossi', 'Meyer', 'Chen', 'Silva', 'Walsh', 'Haddad'];

function personaNames(p: Profile): string[] {
  const first = [0, 1, 2].map((k) => FIRST[(p.seed + k * 5) % FIRST.length]);
  return first.map((f, k) => `${f} ${LAST[(p.seed >>> (k + 3)) % LAST.length]}`);
}

function questionsOf(inputs: ProductInputs): string[] {
  const raw = (inputs.questions ?? '')
    .split(/\n|(?<=\?)\s+/)
    .map((q) => q.replace(/^\s*(?:[-*]|\d+[.)])\s*/, '').trim())
    .filter((q) => q.length > 3)
    .map((q) => `${short(q, 160)}${/\?$/.test(q) ? '?' : ''}`);
  return raw.length ? raw.slice(0, 6) : ['What is hardest about this today?'];
}

/** The three personas' budgets: the low end, the middle and the high end of the sheet's price range. */
const budgets = (c: Ctx) => [c.f('price').low ?? c.f('price').value, c.f('price').value, c.f('price').high ?? c.f('price').value];

/** Where the sheet's price sits against what the market's offers typically cost. */
function priceAgainstMarket(c: Ctx): string {
  const t = c.f('typical-price');
  const price = c.f('price').value;
  return price < (t.low ?? t.value) ? 'below' : price > (t.high ?? t.value) ? 'above' : 'within';
}

const customerPersonas: Writer = (c) => {
  const { p, s } = c;
  const names = personaNames(p);
  const b = budgets(c);
  const variants = [
    [
      'the early adopter',
      'tries new tools first and tells others',
      p.problem ? `"${capitalize(short(p.problem, 80))}" costs them hours every week` : `needs what the idea does (it ${short(p.job, 70)})`,
      b[2],
    ],
    ['the pragmatist', 'buys only what clearly pays back', `${p.pains[1] ?? p.pains[0]} (a pain common in ${p.sector.label})`, b[1]],
    ['the sceptic', `sticks with ${p.substitutes[0]} until proven wrong`, `${p.pains[2] ?? p.pains[0]} (a pain common in ${p.sector.label})`, b[0]],
  ] as const;
  return md(
    `Three personas drawn from "${short(p.audience, 80)}" for research on ${s}: ${list(names.map((n, i) => `${n} (${variants[i][0]})`))}.`,
    ...names.map((n, i) =>
      md(
        `### ${n} - ${variants[i][0]}`,
        [
          `- **Who:** ${capitalize(short(p.audience, 80))}, ${c.sheet.market.place ? `in ${p.geo}` : 'in a large city'}.`,
          `- **Behaviour:** ${variants[i][1]}.`,
          `- **Main frustration:** ${variants[i][2]}.`,
          `- **Budget:** up to ${c.m(variants[i][3])} a month for a fix.`,
        ].join('\n'),
      ),
    ),
  );
};

const customerInterviews: Writer = (c) => {
  const { p, inputs, up } = c;
  const fromUp = (up('customer-personas') ?? '').match(/^###\s+([^\n-]+?)\s+-/gm)?.map((h) =>
    h
      .replace(/^###\s+/, '')
      .replace(/\s+-$/, '')
      .trim(),
  );
  const names = fromUp && fromUp.length ? fromUp.slice(0, 3) : personaNames(p);
  const qs = questionsOf(inputs);
  const stance = ['enthusiastic', 'measured', 'doubtful'];
  const b = budgets(c);
  const pay = [b[2], b[1], b[0]];
  const answer = (q: string, i: number) => {
    const ql = q.toLowerCase();
    const topic = /price|pay|cost|budget/.test(ql)
      ? `I'd pay up to ${c.m(pay[i])} a month if it saves me real time`
      : /how|today|current|now/.test(ql)
        ? `Today we rely on ${p.substitutes[i % p.substitutes.length]}, and it works only half the time`
        : /why|reason|choose|decide/.test(ql)
          ? `I decide on trust: a recommendation from someone like me beats any ad`
          : /problem|hard|frustrat|pain/.test(ql)
            ? i === 0
              ? `The hardest part is ${p.problem ? lower(short(p.problem, 100)) : 'getting it done without extra work'}`
              : `The hardest part is ${p.pains[i % p.pains.length]}, as is common in ${p.sector.label}`
            : `For ${short(p.subject, 50)}, what matters is that it fits into my week without extra work`;
    return `> **${names[i]}** (${stance[i]}): "${topic}${i === 2 ? ', but I have been burned by tools like this before' : ''}."`;
  };
  return md(
    `Each persona answered your ${qs.length} research question${qs.length === 1 ? '' : 's'} about ${short(p.subject, 60)}; ${names[0]} is keen, ${names[1]} weighs the cost, and ${names[2]} needs proof. These are simulated answers: hypotheses to test with real customers.`,
    ...qs.map((q, qi) => md(`### Q${qi + 1}. ${q}`, names.map((_, i) => answer(q, i)).join('\n>\n'))),
  );
};

const customerInsights: Writer = (c) => {
  const { p, s, up } = c;
  const quotes = (up('customer-interviews') ?? '')
    .split('\n')
    .filter((l) => /^>\s+\*\*/.test(l))
    .slice(0, 3);
  return md(
    `The interviews point to one clear insight for ${s}: ${p.audience} want ${p.problem ? `"${short(p.problem, 80)}"` : 'the job your idea does'} solved without extra work, and the middle of their budgets is ${c.w('price')} once they trust the result.`,
    up('customer-personas') ? `Personas: ${keyLine(up('customer-personas') as string, 200)}` : null,
    '### Patterns',
    [
      `1. **Time beats features:** every persona measured value in hours saved.`,
      `2. **Trust comes first:** recommendations from peers matter more than ads.`,
      `3. **Price anchor:** ${p.substitutes[0]} sets the comparison; stay near ${c.w('price')}.`,
    ].join('\n'),
    quotes.length ? `### In their words\n${quotes.join('\n>\n')}` : null,
    `### Decisions this supports\n- Lead your message with the time saved on ${p.problem ? `"${short(p.problem, 80)}"` : 'the job your idea does'}.\n- Offer a free first result to win the sceptics.\n- Recruit early users through ${p.sector.channels[0]}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Market Pain Points
// ---------------------------------------------------------------------------------------------

/** The pains of the market, most reported first, with who feels them and how the analyst rates them (words, not invented scores). */
function painList(p: Profile): Array<[string, string, string, string, string]> {
  const k = p.keywords;
  return [
    ...(p.problem
      ? [[capitalize(short(p.problem, 80)), `${p.audience}, in your words`, 'High', 'High', 'High'] as [string, string, string, string, string]]
      : []),
    [capitalize(p.pains[0]), `most ${p.audience}`, 'High', 'High', 'High'],
    [capitalize(p.pains[1] ?? 'costs that keep rising'), `${p.audience} with the least time`, 'High', 'Medium', 'Medium'],
    [capitalize(p.pains[2] ?? 'costs that keep rising'), 'the most price-sensitive', 'Medium', 'Medium', 'Medium'],
    [`No simple way to handle ${short(p.subject, 50).toLowerCase()}`, 'newcomers to the topic', 'Medium', 'Medium', 'Low'],
    [`Advice on ${k[0] ?? 'the options'} is scattered and contradictory`, 'buyers comparing options', 'Medium', 'Low', 'Low'],
    ['Tools built for bigger players', 'the smallest buyers', 'Low', 'Low', 'Medium'],
  ];
}

const painDiscovery: Writer = (c) => {
  const { p, s, sheet } = c;
  const pains = painList(p);
  return md(
    `${p.problem ? 'Beside the problem you stated, the pain points common in' : 'Six pain points common in'} ${p.sector.label} stand out for ${short(p.audience, 70)} around ${s}; the first is "${pains[0][0].toLowerCase()}". ${problemLine(p)}`,
    `### Pain points common in ${p.sector.label}`,
    pains.map(([pain, who]) => `- **${pain}** - felt by ${who}; reported ${pick(p.seed, pain, ['daily', 'weekly', 'monthly'])}.`).join('\n'),
    `### Where they show up\n${p.sector.channels.map((x) => `- ${capitalize(x)}`).join('\n')}\n- Reviews of ${list(sheet.competitors.slice(0, 2))}`,
    sourceLines(c),
  );
};

const painPrioritization: Writer = (c) => {
  const { p, up } = c;
  const found = bullets(up('pain-discovery') ?? '', 6).map((b) => b.split(' - ')[0]);
  const pains = painList(p).map((row, i) => [found[i] ?? row[0], row[2], row[3], row[4]] as const);
  const weight = (w: string) => (w === 'High' ? 3 : w === 'Medium' ? 2 : 1);
  const ranked = [...pains].sort((a, b) => weight(b[1]) * weight(b[2]) * weight(b[3]) - weight(a[1]) * weight(a[2]) * weight(a[3]));
  return md(
    `Ranked by severity, frequency and willingness to pay, the top pain common in ${p.sector.label} is "${ranked[0][0]}". The ratings are the analyst's reading of the market's typical pains, to be confirmed in interviews.`,
    `### Ranking of the pains common in ${p.sector.label}`,
    table(
      ['Rank', 'Pain point', 'Severity', 'Frequency', 'Willingness to pay'],
      ranked.map((x, i) => [i + 1, x[0], x[1], x[2], x[3]]),
    ),
    `### Reading the ranking\nFocus on the top two; together they cover the situations ${p.audience} mention most.`,
  );
};

const opportunityMap: Writer = (c) => {
  const { p, up } = c;
  const ranked = (up('pain-prioritization') ?? '')
    .split('\n')
    .filter((l) => /^\|\s*\d+\s*\|/.test(l))
    .map((l) => l.split('|')[2]?.trim())
    .filter((x): x is string => !!x)
    .slice(0, 3);
  const top = ranked.length
    ? ranked
    : painList(p)
        .slice(0, 3)
        .map(([x]) => x);
  const shapes = ['a self-serve tool', 'a done-for-you service', 'an add-on to tools they already use'];
  return md(
    `The best opportunity is ${shapes[0]} that removes "${top[0]}" (the top pain common in ${p.sector.label}) for ${short(p.audience, 60)}, priced at ${c.w('price')}.`,
    `### Opportunities in the pains common in ${p.sector.label}`,
    table(
      ['Pain point', 'Opportunity', 'Shape', 'First test'],
      top.map((x, i) => [
        x,
        `${capitalize(shapes[i])} that takes it off their plate`,
        shapes[i],
        ['a landing page with a price', 'five concierge customers', 'an integration pilot'][i],
      ]),
    ),
    `### Who would build it\nA small ${p.b2b ? 'B2B software company' : 'consumer startup'} in ${p.sector.label}, selling through ${p.sector.channels[0]}.`,
  );
};

// ---------------------------------------------------------------------------------------------
// Revenue Opportunity Validation
// ---------------------------------------------------------------------------------------------

const STREAMS: Array<[string, string, 'b2b' | 'b2c' | 'both']> = [
  ['Subscription', 'recurring fee per user or account', 'both'],
  ['Usage-based pricing', 'pay per task, booking or transaction', 'b2b'],
  ['Transaction fee', 'a percentage of payments you process', 'both'],
  ['Marketplace commission', 'a cut of deals between two sides', 'b2c'],
  ['Services and onboarding', 'setup, training and done-for-you work', 'b2b'],
  ['Data and insights', 'anonymised benchmarks sold back to the industry', 'b2b'],
];

const revenueStreams: Writer = (c) => {
  const { p, s } = c;
  const fit = (who: string, i: number) => (i === 0 ? 'High' : who === 'both' || (who === 'b2b') === p.b2b ? 'Medium' : 'Low');
  const rated = STREAMS.map(([n, d, who], i) => ({ n, d, fit: fit(who, i) }));
  const second = rated.find((x, i) => i > 0 && x.fit === 'Medium') ?? rated[1];
  return md(
    `For ${s} in ${short(p.audience, 60)}, the strongest revenue stream is a subscription at ${c.w('price')}, followed by ${second.n.toLowerCase()}.`,
    '### Streams ranked by fit',
    table(
      ['Stream', 'How it works', 'Fit'],
      rated.map((x) => [x.n, x.d, x.fit]),
    ),
    `### Combination to test first\nSubscription as the core, ${second.n.toLowerCase()} as the expansion path.`,
  );
};

const pricingBenchmarks: Writer = (c) => {
  const { p, s, sheet } = c;
  const pr = c.f('typical-price');
  const where = priceAgainstMarket(c);
  return md(
    `Offers in ${p.sector.label} typically cost ${c.m(pr.low ?? pr.value)} to ${c.m(pr.high ?? pr.value)} a month per ${p.b2b ? 'account' : 'customer'}; a launch price of ${c.w('price')} for ${s} sits ${where === 'within' ? 'within that range' : `${where} it`}.`,
    '### What buyers compare you with',
    table(
      ['Offer', 'How it charges'],
      [
        ...sheet.competitors.map((x) => [x, pick(p.seed, x, ['tiered subscription', 'per seat', 'usage-based'])]),
        [capitalize(p.substitutes[0]), 'free or already paid'],
      ],
    ),
    sourceLines(c),
    `### Recommendation\nLaunch at ${c.w('price')} with an annual plan at two months free; add a higher tier once the core promise proves its value. Check each competitor's current price on its own pricing page before you publish yours.`,
  );
};

const demandSignals: Writer = (c) => {
  const { p, s, sheet } = c;
  return md(
    `Demand for ${s} among ${short(p.audience, 60)} should show in four signals you can check this week; ${p.sector.trends[0]}.`,
    '### Signals to check',
    table(
      ['Signal', 'What it would show'],
      [
        [`Search interest in ${p.keywords.slice(0, 2).join(' / ') || 'the problem'}`, 'people look for a solution'],
        [`Job postings mentioning ${p.keywords[0] ?? 'the task'}`, 'companies pay people to do it by hand'],
        [`Funding for startups serving ${short(p.audience, 40)}`, 'investors expect growth'],
        [`Complaints about ${sheet.competitors[0] ?? 'the incumbents'}`, 'buyers open to switching'],
      ],
    ),
    sourceLines(c) ?? `Without live sources this section does not rate the signals: ${sheet.sources.note}`,
  );
};

const revenueForecast: Writer = (c) => {
  const { p, s, up, sheet } = c;
  const y3 = sheet.years[2];
  return md(
    `${capitalize(s)} reaches **${c.m(y3.revenue)}** in year-3 revenue in the base case, selling to ${short(p.audience, 60)}, with ${breakEvenSentence(c)}.`,
    [
      up('revenue-streams') && `- Streams: ${keyLine(up('revenue-streams') as string, 170)}`,
      up('pricing-benchmarks') && `- Pricing: ${keyLine(up('pricing-benchmarks') as string, 170)}`,
      up('demand-signals') && `- Demand: ${keyLine(up('demand-signals') as string, 170)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    '### Forecast',
    yearsTable(c),
    `### Assumptions\n- ${c.w('price')} per customer, ${c.w('gross-margin')} gross margin.\n- Acquisition at ${c.m(c.f('cac').value)} through ${p.sector.channels[0]}.\n- ${c.f('customers-y3').basis}.`,
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
  'competitive-rivalry': force('competitive-rivalry'),
  'threat-of-new-entrants': force('threat-of-new-entrants'),
  'supplier-power': force('supplier-power'),
  'buyer-power': force('buyer-power'),
  'threat-of-substitutes': force('threat-of-substitutes'),
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

const generic: Writer = ({ p, s, product, sheet }) =>
  md(
    `${capitalize(s)} for ${p.audience}${p.where}, seen through the ${product.title}.`,
    `- Market: ${sheet.market.label}.\n- ${problemLine(p)}\n- ${otherPains(p)}\n- Competitors: ${list(sheet.competitors)}.`,
  );

// ---------------------------------------------------------------------------------------------
// Step 3's synthetic interviews, quoted by the customer- and market-facing agents
// ---------------------------------------------------------------------------------------------

/** Markdown-inert text: one line, every character markdown could act on escaped. */
export function markdownInert(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]<>|~#!]/g, (c) => `\\${c}`);
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
  const scored = evidence.flatMap((p, pi) => p.exchanges.map((x, xi) => ({ p, x, pi, xi, score: (x.reply.match(new RegExp(cue.source, 'gi')) ?? []).length })));
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

/** An upstream agent's finding, as a report agent receives it. */
export interface UpstreamFinding {
  /** Step id of the upstream agent. */
  id: string;
  title: string;
  agent: string;
  output: string;
}

/** What the offline analyst writes one report section from. */
export interface OfflineReportInput {
  product: CatalogueProduct;
  agent: ReportAgent;
  inputs: ProductInputs;
  /** Outputs of the agents this one depends on, in catalogue order. */
  upstream: ReadonlyArray<UpstreamFinding>;
  /** Step 3's synthetic interviews, for the agents that quote them. */
  evidence?: InterviewEvidence;
  /** The report's fact sheet, built by the caller from the same inputs: every number of the section comes from it. */
  sheet: ReportFactSheet;
  /** Search results this agent may cite as [n]. */
  sources?: ReadonlyArray<SourceRef>;
  /** The profile to write from when the caller changed it (the founder's basis applied); read from the inputs when absent. */
  profile?: Profile;
}

/**
 * The offline analyst's section for one report agent: built from the report's fact sheet (every
 * number), the buyer's inputs (their words, market and place) and the upstream agents' outputs it
 * received; an agent given step 3's interviews (`input.evidence`) ends with quotes from them.
 */
export function offlineReportAnswer(input: OfflineReportInput): string {
  const { product, agent, inputs, upstream, sheet } = input;
  const p = input.profile ?? reportProfile(product, inputs);
  const byId = new Map(upstream.map((u) => [u.id, u]));
  const figures = new Map<string, SheetFigure>();
  for (const f of [...sheet.sizing, ...sheet.economics, ...sheet.plan]) if (!figures.has(f.id)) figures.set(f.id, f);
  const figure = (id: string): SheetFigure => {
    const f = figures.get(id);
    if (!f) throw new Error(`The fact sheet has no figure "${id}"`);
    return f;
  };
  const ctx: Ctx = {
    product,
    inputs,
    p,
    sheet,
    s: `"${short(p.subject, 56)}"`,
    sources: input.sources ?? [],
    up: (id) => byId.get(id)?.output,
    m: (n) => formatMoney(n, sheet.currency),
    f: figure,
    w(id, opts) {
      const f = figure(id);
      if (opts?.range && f.low !== undefined && f.high !== undefined) {
        const one = (n: number) => formatFigure({ kind: f.kind, value: n }, sheet.currency);
        return `${one(f.low)}-${one(f.high)}${f.per && !opts.plain ? ` a ${f.per}` : ''}`;
      }
      return formatFigure({ kind: f.kind, value: f.value, per: f.per, bound: f.bound }, sheet.currency);
    },
    sc(id) {
      const s = sheet.scores.find((x) => x.id === id);
      if (!s) throw new Error(`The fact sheet has no score "${id}"`);
      return s;
    },
    cite(id, lead) {
      const u = byId.get(id);
      if (!u) return '';
      if (id === 'research-plan' || id === 'market-definition') {
        const row = u.output.split('\n').find((l) => l.startsWith(`| ${agent.name} |`));
        const q = row?.split('|')[2]?.trim();
        if (q) return `This answers the ${u.agent}'s question: "${q}"`;
      }
      const line = keyLine(u.output, 240);
      if (line.replace(/[^a-z]/gi, '').length < 8) return '';
      const said = line.replace(/^./, (ch) => ch.toLowerCase());
      return `${lead ? `${lead}: ` : ''}the ${u.agent} found that ${said}${/[.!?]$/.test(said) ? '' : '.'}`;
    },
  };
  const written = (WRITERS[agent.id] ?? generic)(ctx);
  // A section given sources cites them: when its writer did not place them, they close it.
  const cited = ctx.sources.length && !ctx.sources.some((x) => written.includes(`[${x.n}]`)) ? md(written, sourceLines(ctx)) : written;
  const section = cited
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-');
  const evidence = input.evidence?.length ? offlineEvidenceBlock(agent, input.evidence) : '';
  return evidence ? `${section}\n\n${evidence}` : section;
}
