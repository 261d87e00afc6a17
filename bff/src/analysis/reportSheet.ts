/**
 * A paid report's fact sheet, computed in code from the buyer's inputs: the market read, the
 * sizing arithmetic (buyers × share × price, as ranges with each assumption named), unit
 * economics, five years of revenue and profit, the break-even month, 0–10 scores, risk flags and
 * the verdict by rule. Deterministic: the same inputs give the same sheet.
 */
import { marketFactsOf } from './marketFacts';
import {
  ASSUMPTION_IDS,
  levelOf,
  NO_LIVE_SOURCES_NOTE,
  roundSig,
  type AssumptionId,
  type AssumptionsInput,
  type BasisInput,
  type CatalogueProduct,
  type CurrencyInfo,
  type InterviewEvidence,
  type ProductInputs,
  type ReportFactSheet,
  type RiskFlag,
  type SheetAssumption,
  type SheetFigure,
  type SheetScore,
  type YearFigures,
} from '@val/contracts';
import { currencyFor, GENERAL, MARKETS, readAmounts, reportProfile, type Market, type Profile } from '@val/offline-analyst';
import { applyBasis, basisFields, sheetBasis } from './basis';
import { competitorsOf } from './competitors';
import { buyersFigure, reportSegmentSize } from './segmentSize';
import { forecast, priceToBreakEven, type ForecastInput } from './forecast';
import { decideVerdict } from './verdict';

/** What the sheet is computed from. */
export interface ReportSheetInput {
  product: CatalogueProduct;
  inputs: ProductInputs;
  /** Step 3's synthetic interviews, when the order carried them (named in the sheet, never counted as market data). */
  evidence?: InterviewEvidence | null;
  /** What the founder set (market, segment, place, buyer kind, product kind, price): wins over what the words say. */
  basis?: BasisInput;
  /** What-if assumptions the founder changed (buyers, price, margin, CAC, lifetime or churn, monthly costs, team). */
  assumptions?: AssumptionsInput;
}

/** The assumptions' values a sheet was computed with. */
type AssumptionValues = Record<AssumptionId, number>;

const ASSUMPTION_LABELS: Record<AssumptionId, Pick<SheetAssumption, 'label' | 'kind' | 'per'>> = {
  buyers: { label: 'Potential buyers', kind: 'count' },
  price: { label: 'Price', kind: 'money', per: 'month' },
  margin: { label: 'Gross margin', kind: 'percent' },
  cac: { label: 'Customer acquisition cost (CAC)', kind: 'money' },
  lifetimeMonths: { label: 'Average customer lifetime', kind: 'months' },
  monthlyCosts: { label: 'Other costs per month', kind: 'money', per: 'month' },
  team: { label: 'Team', kind: 'count' },
};

/** The assumptions the founder set (a price in the basis counts as the price assumption). */
function changedAssumptions(b: BasisInput | undefined, a: AssumptionsInput | undefined): Set<AssumptionId> {
  const out = new Set<AssumptionId>();
  if (b?.price !== undefined || a?.price !== undefined) out.add('price');
  if (a?.buyers !== undefined) out.add('buyers');
  if (a?.margin !== undefined) out.add('margin');
  if (a?.cac !== undefined) out.add('cac');
  if (a?.lifetimeMonths !== undefined || a?.churn !== undefined) out.add('lifetimeMonths');
  if (a?.monthlyCosts !== undefined) out.add('monthlyCosts');
  if (a?.team !== undefined) out.add('team');
  return out;
}

/**
 * Builds the sheet from the inputs and, when given, the founder's basis and assumptions: the
 * founder's fields win over the read ones, and sizing, unit economics, the years, break-even,
 * scores and verdict are computed from them. The sheet lists each assumption with the value the
 * words alone give (`original`) and whether the founder set it (`changedByYou`). The sources note
 * says no live sources were consulted; the report pipeline replaces it when a search provider answered.
 */
export function buildReportSheet(input: ReportSheetInput): ReportFactSheet {
  const read = reportProfile(input.product, input.inputs);
  const original = computeSheet(input, read, read, undefined, undefined);
  const changed = changedAssumptions(input.basis, input.assumptions);
  const mine =
    basisFields(input.basis).length || changed.size ? computeSheet(input, read, applyBasis(read, input.basis), input.basis, input.assumptions) : original;
  return {
    ...mine.sheet,
    assumptions: ASSUMPTION_IDS.map((id) => ({
      id,
      ...ASSUMPTION_LABELS[id],
      value: mine.values[id],
      original: original.values[id],
      changedByYou: changed.has(id),
    })),
  };
}

/** A figure rounded for reading: money and counts to two significant figures (three above 100,000). */
const sig = (n: number) => roundSig(n, Math.abs(n) >= 1e5 ? 3 : 2);

/** A price point a founder would write: two significant figures, at least 1. */
const pricePoint = (n: number) => Math.max(1, roundSig(n, 2));

const fig = (f: SheetFigure): SheetFigure => f;

/** Paying customers a seed-stage team can win and serve in three years, whatever the market's size. */
export const CAPACITY = { consumer: 8000, business: 500 } as const;

/** The market record behind a profile (its rules and crowding are not in the profile). */
function marketOf(p: Profile): Market {
  return MARKETS.find((m) => m.id === p.sector.id) ?? GENERAL[p.b2b ? 'business' : 'consumer'];
}

/** Market ids whose goods move through a physical supply chain (suppliers hold more power there). */
const PHYSICAL = new Set(['food', 'agriculture', 'logistics', 'beauty', 'ecommerce', 'sustainability', 'homeservices']);
/** Market ids whose key partners are regulated institutions (labs, insurers, banks). */
const REGULATED_PARTNERS = new Set(['health', 'finance', 'legal', 'realestate']);

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const score = (id: string, label: string, value: number, basis: string): SheetScore => {
  const s = Math.round(clamp(value, 0, 10) * 10) / 10;
  return { id, label, score: s, level: levelOf(s), basis };
};

/** The five forces from the market's own traits (crowding, rules, buyer, supply chain), each with its reason. */
function forces(m: Market, p: Profile): SheetScore[] {
  const gated = m.rules.some((r) => r.gate);
  const crowding = m.crowding;
  const rivalry = clamp(Math.round(5 - 4 * crowding), 1, 9);
  const entrants = clamp(6 - (gated ? 2 : 0) - (p.b2b ? 1 : 0) + (crowding > 0 ? 1 : 0), 1, 9);
  const suppliers = PHYSICAL.has(m.id) ? 6 : REGULATED_PARTNERS.has(m.id) ? 5 : 4;
  const buyers = clamp((p.b2b ? 5 : 6) + (crowding < -0.3 ? 1 : 0), 1, 9);
  const substitutes = clamp(5 + (crowding < -0.3 ? 1 : 0) + (p.b2b ? 0 : 1), 1, 9);
  const market = m.id === 'general' ? 'a market the analyst has no profile for (neutral)' : m.label;
  return [
    score(
      'competitive-rivalry',
      'Competitive rivalry',
      rivalry,
      `5, plus up to 4 for how crowded ${market} is (crowding ${crowding.toFixed(1)} on a scale from -1 crowded to +1 underserved)`,
    ),
    score(
      'threat-of-new-entrants',
      'Threat of new entrants',
      entrants,
      `6${gated ? ', minus 2 for rules that gate a first launch' : ''}${p.b2b ? ', minus 1 for business buyers who need trust before they buy' : ''}${crowding > 0 ? ', plus 1 for an underserved market' : ''}`,
    ),
    score(
      'supplier-power',
      'Supplier power',
      suppliers,
      PHYSICAL.has(m.id)
        ? 'a physical supply chain: suppliers set prices and terms'
        : REGULATED_PARTNERS.has(m.id)
          ? 'regulated partners the product depends on'
          : 'software inputs with alternatives (cloud, payments, app stores)',
    ),
    score(
      'buyer-power',
      'Buyer power',
      buyers,
      `${p.b2b ? '5 for business buyers who compare vendors' : '6 for consumers who switch easily'}${crowding < -0.3 ? ', plus 1 because many alternatives compete for them' : ''}`,
    ),
    score(
      'threat-of-substitutes',
      'Threat of substitutes',
      substitutes,
      `5${crowding < -0.3 ? ', plus 1 for a crowded market' : ''}${p.b2b ? '' : ', plus 1 because consumers fall back on free alternatives'}`,
    ),
  ];
}

/** Words in an idea that show a felt problem (a pain, a cost, a frequency). */
const PAIN_WORDS =
  /\b(waste|wasted|lose|lost|losing|cost|costly|expensive|late|miss|missed|struggl|frustrat|hate|hard|difficult|slow|manual|every (day|week|month)|hours?|no-shows?|stress|risk|fines?)\b/i;

/** The sheet for a profile (the read one, or the founder's basis applied to it) and the founder's assumptions. */
function computeSheet(
  { inputs, evidence }: ReportSheetInput,
  read: Profile,
  p: Profile,
  basis: BasisInput | undefined,
  mine: AssumptionsInput | undefined,
): { sheet: ReportFactSheet; values: AssumptionValues } {
  const a: AssumptionsInput = mine ?? {};
  const m = marketOf(p);
  const allText = Object.values(inputs).join(' ');
  const currency: CurrencyInfo = currencyFor(allText, p.place);
  const fx = currency.perUsd;
  const bizOfConsumer = p.b2b && !p.sector.b2b;
  const perWhat = p.b2b ? 'account' : 'customer';
  const gated = m.rules.some((r) => r.gate);

  // Price: the founder's own (in the sheet's currency) when plausible, else the middle of the market's typical range.
  const [usdLo, usdHi] = bizOfConsumer ? [p.sector.price[0] * 5, p.sector.price[1] * 8] : p.sector.price;
  const priceLo = pricePoint(usdLo * fx);
  const priceHi = pricePoint(usdHi * fx);
  const written = readAmounts(allText).find(
    (a) => a.currency === currency.code && (a.per === 'month' || a.per === null) && a.value >= priceLo / 3 && a.value <= priceHi * 5,
  );
  const founderPrice = a.price ?? basis?.price;
  const price = founderPrice !== undefined ? founderPrice : written ? written.value : pricePoint(Math.sqrt(priceLo * priceHi));
  const priceBasis =
    founderPrice !== undefined
      ? `the price you set (${fmt(founderPrice, currency)} a month)`
      : written
        ? `the price you wrote (${written.text})`
        : `the middle of what ${p.sector.label} offers typically cost per ${perWhat} (${fmt(priceLo, currency)}–${fmt(priceHi, currency)} a month)`;

  // Sizing: buyers × share × price. The buyers are the founder's count when they set one (what-if),
  // else the founder's segment, sized by the one rule every analysis uses; when its count is
  // unknown, the market's figure is an upper bound and so is every figure computed from it.
  const segment = reportSegmentSize(p, allText);
  const size =
    a.buyers !== undefined
      ? {
          ...segment,
          value: Math.round(a.buyers),
          low: Math.round(a.buyers),
          high: Math.round(a.buyers),
          upperBound: false,
          basis: `your count of potential ${segment.buyer === 'business' ? 'organisations' : 'people'} (${Math.round(a.buyers).toLocaleString('en-US')})`,
        }
      : segment;
  const buyers = size.value;
  const buyersLo = size.low;
  const buyersHi = size.high;
  const upper = size.upperBound ? { bound: 'upper' as const } : {};
  const spread = (low: number, high: number) => (size.upperBound ? {} : { low, high });
  // The price's range: the market's typical one, stretched to the founder's own price when it lies outside.
  const rangeLo = Math.min(priceLo, price);
  const rangeHi = Math.max(priceHi, price);
  const tam = sig(buyers * price * 12);
  const tamLo = sig(buyersLo * rangeLo * 12);
  const tamHi = sig(buyersHi * rangeHi * 12);
  const samShare = 0.3;
  const somShare = p.b2b ? 0.08 : 0.02;
  const [somLoShare, somHiShare] = p.b2b ? [0.05, 0.12] : [0.01, 0.04];
  const sam = sig(tam * samShare);
  const som = sig(sam * somShare);
  const reachable = sig(buyers * samShare * somShare);
  const capacity = p.b2b ? CAPACITY.business : CAPACITY.consumer;
  const customersY3 = Math.max(10, Math.min(reachable, capacity));
  const channel = p.sector.channels[0];

  const sizing: SheetFigure[] = [
    buyersFigure(size),
    fig({
      id: 'typical-price',
      label: 'What offers typically cost',
      kind: 'money',
      per: 'month',
      value: pricePoint(Math.sqrt(priceLo * priceHi)),
      low: priceLo,
      high: priceHi,
      basis: `${p.sector.label} offers per ${perWhat}, the analyst's market table`,
    }),
    fig({ id: 'price', label: 'Price', kind: 'money', per: 'month', value: price, low: rangeLo, high: rangeHi, basis: priceBasis }),
    fig({ id: 'annual-value', label: `Revenue per ${perWhat}`, kind: 'money', per: 'year', value: price * 12, basis: 'price × 12 months' }),
    fig({
      id: 'tam',
      label: 'Total market (TAM)',
      kind: 'money',
      per: 'year',
      value: tam,
      ...spread(tamLo, tamHi),
      ...upper,
      basis: size.upperBound
        ? 'buyers × price × 12, an upper bound: the count of buyers is not known'
        : 'buyers × price × 12; the range multiplies the low ends and the high ends',
    }),
    fig({
      id: 'sam-share',
      label: 'Share you can reach',
      kind: 'percent',
      value: samShare,
      low: 0.2,
      high: 0.4,
      basis: `the share reachable through ${channel} and ready to adopt a new ${p.b2b ? 'tool' : 'service'} (assumption)`,
    }),
    fig({
      id: 'sam',
      label: 'Serviceable market (SAM)',
      kind: 'money',
      per: 'year',
      value: sam,
      ...spread(sig(tamLo * 0.2), sig(tamHi * 0.4)),
      ...upper,
      basis: 'TAM × share you can reach',
    }),
    fig({
      id: 'som-share',
      label: 'Share won in 3 years',
      kind: 'percent',
      value: somShare,
      low: somLoShare,
      high: somHiShare,
      basis: `what a new entrant typically wins of a reachable ${p.b2b ? 'business' : 'consumer'} market in three years (assumption)`,
    }),
    fig({
      id: 'som',
      label: 'Obtainable market in 3 years (SOM)',
      kind: 'money',
      per: 'year',
      value: som,
      ...spread(sig(tamLo * 0.2 * somLoShare), sig(tamHi * 0.4 * somHiShare)),
      ...upper,
      basis: 'SAM × share won in 3 years',
    }),
    fig({
      id: 'customers-y3',
      label: 'Paying customers by the end of year 3',
      kind: 'count',
      value: customersY3,
      ...upper,
      basis:
        reachable > capacity
          ? `buyers × share you can reach × share won in 3 years would give ${reachable.toLocaleString('en-US')}; capped at ${capacity.toLocaleString('en-US')}, about what a seed-stage team can win and serve in three years`
          : 'buyers × share you can reach × share won in 3 years',
    }),
  ];

  // Unit economics.
  const cac = a.cac ?? pricePoint(((p.sector.cac[0] + p.sector.cac[1]) / 2) * (bizOfConsumer ? 5 : 1) * fx);
  const margin = a.margin ?? Math.round(p.sector.grossMargin * 100) / 100;
  const lifetime = a.lifetimeMonths ?? (a.churn !== undefined ? Math.max(1, Math.round(1 / a.churn)) : p.b2b ? 34 : 15);
  const yours = (what: string) => `you set it (${what})`;
  const ltv = sig(price * margin * lifetime);
  const ltvCac = Math.round((ltv / Math.max(1, cac)) * 10) / 10;
  const payback = Math.ceil(cac / Math.max(0.01, price * margin));
  const maxCac = sig(ltv / 3);
  const ltvNeeded = sig(cac * 3);
  const economics: SheetFigure[] = [
    fig({ id: 'price', label: 'Price', kind: 'money', per: 'month', value: price, basis: priceBasis }),
    fig({
      id: 'gross-margin',
      label: 'Gross margin',
      kind: 'percent',
      value: margin,
      basis: a.margin !== undefined ? yours('what-if') : `typical of ${p.sector.label}`,
    }),
    fig({
      id: 'cac',
      label: 'Customer acquisition cost (CAC)',
      kind: 'money',
      value: cac,
      basis: a.cac !== undefined ? yours('what-if') : `the middle of what winning one ${p.b2b ? 'business' : 'consumer'} customer costs in ${p.sector.label}`,
    }),
    fig({
      id: 'lifetime',
      label: 'Average customer lifetime',
      kind: 'months',
      value: lifetime,
      basis:
        a.lifetimeMonths !== undefined
          ? yours('what-if')
          : a.churn !== undefined
            ? yours(`${(a.churn * 100).toFixed(1).replace(/\.0$/, '')}% of customers leave each month: 1 ÷ churn`)
            : p.b2b
              ? 'business customers stay about three years'
              : 'consumers stay a little over a year',
    }),
    fig({ id: 'ltv', label: 'Lifetime value (LTV)', kind: 'money', value: ltv, basis: 'price × gross margin × lifetime' }),
    fig({ id: 'ltv-cac', label: 'LTV / CAC', kind: 'ratio', value: ltvCac, basis: 'lifetime value ÷ acquisition cost (3 or more is healthy)' }),
    fig({ id: 'payback', label: 'CAC payback', kind: 'months', value: payback, basis: 'acquisition cost ÷ monthly gross profit per customer' }),
    fig({ id: 'max-cac', label: 'Highest acquisition cost for LTV/CAC of 3', kind: 'money', value: maxCac, basis: 'lifetime value ÷ 3' }),
    fig({ id: 'ltv-needed', label: 'Lifetime value for LTV/CAC of 3', kind: 'money', value: ltvNeeded, basis: 'acquisition cost × 3' }),
  ];

  // The plan the forecast assumes.
  const buildMonths = 4 + (gated ? 2 : 0) + (p.b2b ? 1 : 0);
  const team = a.team ?? (p.b2b ? 4 : 3);
  const monthlyCosts = a.monthlyCosts ?? 0;
  const salary = pricePoint((p.b2b ? 95_000 : 85_000) * fx);
  const buildCost = sig((team * buildMonths * salary) / 12);
  const compliance = pricePoint((gated ? 15_000 : 5_000) * fx);
  const plan: SheetFigure[] = [
    fig({
      id: 'build-months',
      label: 'First version',
      kind: 'months',
      value: buildMonths,
      basis: `4 months${gated ? ', plus 2 for rules that gate a first launch' : ''}${p.b2b ? ', plus 1 for business integrations' : ''}`,
    }),
    fig({
      id: 'team',
      label: 'Team',
      kind: 'count',
      value: team,
      basis:
        a.team !== undefined ? yours('what-if') : p.b2b ? 'two engineers, a product-minded founder and a seller' : 'two engineers and a product-minded founder',
    }),
    fig({
      id: 'salary',
      label: 'Cost per person',
      kind: 'money',
      per: 'year',
      value: salary,
      basis: 'fully loaded, rising 25% a year until year 3 as the team grows',
    }),
    fig({ id: 'build-cost', label: 'Cost of the first version', kind: 'money', value: buildCost, basis: 'team × months × cost per person' }),
    fig({
      id: 'compliance',
      label: 'Compliance budget before launch',
      kind: 'money',
      value: compliance,
      basis: gated ? 'legal review of rules that gate a first launch' : 'terms, privacy notice and a short legal review',
    }),
  ];

  if (monthlyCosts > 0)
    plan.push(
      fig({
        id: 'monthly-costs',
        label: 'Other costs per month',
        kind: 'money',
        per: 'month',
        value: monthlyCosts,
        basis: yours('rent, tools and other fixed costs on top of the team'),
      }),
    );
  const model: ForecastInput = { price, margin, cac, lifetime, team, salary, customersY3, monthlyCosts };
  const run = forecast(model);
  const years: YearFigures[] = run.years;
  const breakEvenMonth = run.breakEvenMonth;
  const fix = breakEvenMonth === null || breakEvenMonth > 36 ? priceToBreakEven(model, 36) : null;
  if (fix) {
    plan.push(
      fig({
        id: 'price-for-break-even',
        label: 'Price that breaks even within 3 years',
        kind: 'money',
        per: 'month',
        value: fix.price,
        basis: 'the lowest price (in 10% steps, up to 3× yours) whose forecast breaks even by month 36, other figures unchanged',
      }),
      fig({
        id: 'break-even-at-that-price',
        label: 'Break-even at that price',
        kind: 'months',
        value: fix.breakEvenMonth,
        basis: 'month of break-even at that price',
      }),
    );
  }

  // Scores.
  const forceScores = forces(m, p);
  const rivalry = forceScores[0].score;
  const pains = (`${p.subject} ${p.audience} ${Object.values(inputs).join(' ')}`.match(new RegExp(PAIN_WORDS.source, 'gi')) ?? []).length;
  const crowding = m.crowding;
  const demand = clamp(
    5 +
      (p.audience && p.audience !== p.sector.buyers ? 1 : 0) +
      (pains >= 1 ? 1 : 0) +
      (crowding > 0.2 ? 1 : 0) -
      (crowding < -0.4 ? 1 : 0) +
      (ltvCac >= 3 ? 1 : 0) -
      (breakEvenMonth === null ? 1 : 0),
    2,
    9,
  );
  const demandBasis = [
    '5',
    p.audience && p.audience !== p.sector.buyers ? '+1 for a named buyer' : null,
    pains >= 1 ? '+1 for a felt problem in your words' : null,
    crowding > 0.2 ? '+1 for an underserved market' : crowding < -0.4 ? '-1 for a crowded market' : null,
    ltvCac >= 3 ? '+1 for LTV/CAC of 3 or more' : null,
    breakEvenMonth === null ? '-1 for no break-even within five years' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const marketScore = customersY3 >= 2000 ? 8 : customersY3 >= 500 ? 7 : customersY3 >= 150 ? 6 : customersY3 >= 50 ? 5 : 4;
  const modelScore = breakEvenMonth !== null && breakEvenMonth <= 36 && ltvCac >= 3 ? 8 : breakEvenMonth !== null && ltvCac >= 1 ? 6 : ltvCac >= 1 ? 4 : 2;
  const criteria = [
    score('problem', 'Problem', demand, `the demand score: ${demandBasis}`),
    score(
      'market',
      'Market',
      marketScore,
      `${customersY3.toLocaleString('en-US')} paying customers reachable by year 3 (8 from 2,000, 7 from 500, 6 from 150, 5 from 50)`,
    ),
    score('competition', 'Competition', 10 - rivalry, `10 minus competitive rivalry (${rivalry}/10)`),
    score(
      'business-model',
      'Business model',
      modelScore,
      'break-even and LTV/CAC: 8 when break-even comes within 3 years and LTV/CAC is 3 or more, 6 when it comes within 5 years, lower without',
    ),
    score('team', 'Team fit', 5, 'neutral: the inputs say nothing about the team'),
  ];
  const overall = Math.round((criteria.reduce((n, c) => n + c.score, 0) / criteria.length) * 10) / 10;
  const attractiveness = Math.round((10 - forceScores.reduce((n, f) => n + f.score, 0) / forceScores.length) * 10) / 10;
  const scores: SheetScore[] = [
    score('demand', 'Demand', demand, demandBasis),
    ...forceScores,
    score('attractiveness', 'Market attractiveness', attractiveness, '10 minus the average of the five forces'),
    ...criteria,
    score('overall', 'Overall score', overall, 'the average of problem, market, competition, business model and team fit'),
  ];

  const risks: RiskFlag[] = [];
  if (breakEvenMonth === null) risks.push({ id: 'no-break-even', severity: 'high', text: 'No break-even within five years at this price.' });
  else if (breakEvenMonth > 36)
    risks.push({ id: 'late-break-even', severity: 'medium', text: `Break-even only in month ${breakEvenMonth}, after three years.` });
  if (ltvCac < 1) risks.push({ id: 'ltv-below-cac', severity: 'high', text: 'A customer costs more to win than they bring in (LTV/CAC below 1).' });
  else if (ltvCac < 3) risks.push({ id: 'thin-ltv-cac', severity: 'medium', text: `LTV/CAC of ${ltvCac.toFixed(1)} is below the healthy 3.` });
  if (payback > 18) risks.push({ id: 'long-payback', severity: 'medium', text: `Winning a customer pays back only after ${payback} months.` });
  if (gated) risks.push({ id: 'regulated', severity: 'medium', text: 'Rules gate the first launch: budget time and legal review before selling.' });
  if (crowding < -0.4) risks.push({ id: 'crowded', severity: 'medium', text: `A crowded market: competitive rivalry ${rivalry}/10.` });
  if (customersY3 < 100)
    risks.push({ id: 'small-market', severity: 'medium', text: `Only ${customersY3.toLocaleString('en-US')} paying customers in reach by year 3.` });
  if (size.upperBound)
    risks.push({
      id: 'segment-size-unknown',
      severity: 'medium',
      text: `How many ${size.label} there are${p.place ? ` in ${p.place.name}` : ''} is not known: the market size, the customers and the forecast are upper bounds. Give your count to size them.`,
    });
  if (m.id === 'general')
    risks.push({
      id: 'general-market',
      severity: 'medium',
      text: 'The market could not be read clearly from your words, so the figures use general assumptions.',
    });
  if (evidence?.length)
    risks.push({
      id: 'synthetic-evidence',
      severity: 'medium',
      text: 'The interviews quoted are synthetic (AI personas): they are hypotheses, not market data.',
    });

  const verdict = decideVerdict({
    breakEvenMonth,
    ltvCac,
    payback,
    highRisks: risks.filter((r) => r.severity === 'high' && r.id !== 'no-break-even' && r.id !== 'ltv-below-cac').map((r) => r.text),
    fix,
    currency,
    maxCac,
    ltvNeeded,
    cac,
    ltv,
  });

  const sheet: ReportFactSheet = {
    version: 1,
    kind: 'report',
    market: {
      id: m.id,
      label: m.id === 'general' ? 'general (no clear market)' : p.sector.label,
      general: m.id === 'general',
      place: p.place?.name ?? null,
      buyer: p.b2b ? 'business' : 'consumer',
    },
    currency,
    subject: p.subject,
    audience: p.audience,
    sizing,
    economics,
    plan,
    years,
    breakEvenMonth,
    scores,
    risks,
    // Fitted to the founder's own words only (never the market's stock buyers filling an unnamed audience).
    competitors: competitorsOf(m, allText),
    verdict,
    sources: { live: false, provider: null, note: NO_LIVE_SOURCES_NOTE },
    marketFacts: marketFactsOf([m], currency),
    basis: sheetBasis(read, p, price, basis),
  };
  return { sheet, values: { buyers, price, margin, cac, lifetimeMonths: lifetime, monthlyCosts, team } };
}

/** An amount in the sheet's currency, as the sheet writes it. */
function fmt(n: number, c: CurrencyInfo): string {
  return `${c.symbol}${n.toLocaleString('en-US')}`;
}
