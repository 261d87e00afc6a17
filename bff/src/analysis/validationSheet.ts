/**
 * The free validation's fact sheet: Val's score with the reasons it is built from, the price band,
 * the bottom-up example and the other figures the feedback states, the verdict by rule, and the
 * flags a founder should not miss. Computed in code from the three inputs; a model is told all of
 * it and its text is checked against it.
 */
import { marketFactsOf } from './marketFacts';
import { buyersFigure, ideaSegmentSize } from './segmentSize';
import { basisFields, placeOf } from './basis';
import {
  formatFigure,
  inputsOf,
  MARKET_IDS,
  MARKET_LABELS,
  NO_LIVE_SOURCES_NOTE,
  VALIDATION_ASSUMPTION_IDS,
  type BasisField,
  type BasisInput,
  type MarketId,
  type ProductKind,
  type RiskFlag,
  type SheetAssumption,
  type ValidateRequest,
  type ValidationAssumptionId,
  type ValidationFactSheet,
} from '@val/contracts';
import {
  GENERAL,
  MARKETS,
  profileIdea,
  readIdeaWords,
  readPlace,
  readProductKind,
  regulationOf,
  sizeSegment,
  validationNumbers,
  validationVerdict,
  type BusinessModel,
  type IdeaBasis,
  type IdeaProfile,
  type SegmentSize,
} from '@val/offline-analyst';

const marketId = (id: string | undefined): MarketId | null => (id && (MARKET_IDS as readonly string[]).includes(id) ? (id as MarketId) : null);

/** How the validation prices each kind of product the founder may name. */
const MODEL_OF: Record<ProductKind, BusinessModel> = {
  software: 'software',
  hardware: 'physical',
  service: 'service',
  marketplace: 'marketplace',
  content: 'content',
};

const ASSUMPTION_LABELS: Record<ValidationAssumptionId, Pick<SheetAssumption, 'label' | 'kind' | 'per'>> = {
  buyers: { label: 'Potential buyers', kind: 'count' },
  price: { label: 'Price', kind: 'money', per: 'month' },
};

/** The founder's price: a what-if price wins over the basis' price. */
const founderPrice = (input: ValidateRequest) => input.assumptions?.price ?? input.basis?.price;

/**
 * The founder's basis and what-if assumptions as the offline analyst reads them (each field given
 * replaces what the words say), or an empty basis when none is set. The place must be one the
 * analyst knows (`checkBasis` refuses others before this runs).
 */
export function ideaBasisOf(input: ValidateRequest, read: IdeaProfile = profileIdea(inputsOf(input))): IdeaBasis {
  const b: BasisInput = input.basis ?? {};
  const out: IdeaBasis = {};
  if (b.market !== undefined) {
    const business = b.buyerKind ? b.buyerKind === 'business' : read.segment !== 'b2c';
    out.domain = MARKETS.find((m) => m.id === b.market) ?? GENERAL[business ? 'business' : 'consumer'];
  }
  if (b.place) {
    const r = placeOf(b.place);
    if ('place' in r) out.place = r.place;
  }
  if (b.buyerKind) out.segment = b.buyerKind === 'consumer' ? 'b2c' : read.segment === 'prosumer' ? 'prosumer' : 'b2b';
  if (b.productKind) out.model = MODEL_OF[b.productKind];
  if (b.segment) out.customer = b.segment;
  const price = founderPrice(input);
  if (price !== undefined) out.price = price;
  if (input.assumptions?.buyers !== undefined) out.buyers = Math.round(input.assumptions.buyers);
  return out;
}

/** The segment of the sheet: the founder's segment, place and buyer kind when set, sized by the one rule; the founder's count wins. */
function segmentSize(input: ValidateRequest, p: IdeaProfile): SegmentSize {
  const words = inputsOf(input);
  const b = input.basis ?? {};
  const market = p.domain.id === 'general' ? null : p.domain;
  const size =
    b.segment || b.place || b.buyerKind || b.market !== undefined
      ? sizeSegment({
          customer: b.segment ?? words.targetCustomer,
          text: `${words.idea} ${b.segment ?? words.targetCustomer} ${words.problemSolved}`,
          place: p.place ?? readPlace(`${words.idea} ${words.targetCustomer} ${words.problemSolved}`),
          market: market ?? GENERAL.consumer,
          marketId: market?.id ?? 'general',
          ...(b.buyerKind ? { buyer: b.buyerKind } : {}),
        })
      : ideaSegmentSize(words, market);
  const buyers = input.assumptions?.buyers;
  if (buyers === undefined) return size;
  const n = Math.round(buyers);
  const unit = size.buyer === 'business' ? 'organisations' : 'people';
  return { ...size, from: 'founder', upperBound: false, value: n, low: n, high: n, basis: `your count of potential ${unit} (${n.toLocaleString('en-US')})` };
}

/** The sheet for one profile (the words' read, or the founder's basis applied to it). */
function computeSheet(input: ValidateRequest, p: IdeaProfile, set: BasisField[]) {
  const words = inputsOf(input);
  const n = validationNumbers(words, p);
  // The customer's segment and who buys, by the rule step 3 and the reports use.
  const size = segmentSize(input, p);
  const risks: RiskFlag[] = [];
  if (p.specificity === 'broad') risks.push({ id: 'broad-customer', severity: 'high', text: 'The target customer is too broad to reach or to design for.' });
  if (p.urgency === 'low') risks.push({ id: 'nice-to-have', severity: 'high', text: 'The problem reads as a nice-to-have: people agree and then do not pay.' });
  const regulation = regulationOf(p.domain, p.place);
  if (regulation) risks.push({ id: 'regulated', severity: 'medium', text: `The market is regulated: ${regulation}.` });
  if (p.domain.crowding <= -0.5)
    risks.push({ id: 'crowded', severity: 'medium', text: `${p.domain.label[0].toUpperCase()}${p.domain.label.slice(1)} is a crowded space.` });
  if (p.domain.id === 'general' && !set.includes('market'))
    risks.push({ id: 'general-market', severity: 'medium', text: 'The market could not be read clearly from your words, so prices and channels are general.' });
  const id = marketId(p.domain.id) ?? 'general';
  const label = id === 'general' ? MARKET_LABELS.general : p.domain.label;
  const buyerKind = input.basis?.buyerKind ?? size.buyer;
  const sheet: ValidationFactSheet = {
    version: 1,
    kind: 'validation',
    market: { id: p.domain.id, label, general: id === 'general', place: p.place?.name ?? null, buyer: buyerKind },
    currency: p.currency,
    score: p.score,
    factors: p.factors,
    figures: [...n.figures, buyersFigure(size)],
    verdict: validationVerdict(p.score),
    risks,
    sources: { live: false, provider: null, note: NO_LIVE_SOURCES_NOTE },
    marketFacts: marketFactsOf([p.domain, GENERAL[size.buyer]], p.currency),
    // What the sheet rests on (issue 36): read from the words, or set by the founder.
    basis: {
      market: id,
      marketLabel: label,
      wordsPointAt: id === 'general' && !set.includes('market') ? marketId(readIdeaWords(words).market?.id) : null,
      segment: (input.basis?.segment ?? words.targetCustomer).trim(),
      place: p.place?.name ?? null,
      buyerKind,
      productKind: input.basis?.productKind ?? readProductKind(words),
      price: n.perCustomer,
      setByFounder: set,
    },
  };
  return { sheet, values: { buyers: size.value, price: n.perCustomer } as Record<ValidationAssumptionId, number> };
}

/**
 * The validation's sheet from the founder's words and, when given, their basis and what-if
 * assumptions: each field the founder set wins over the read one, and the score, the price band,
 * the sizing example, the buyers and the verdict are computed from them. The sheet lists each
 * assumption with the value the words alone give (`original`) and whether the founder set it.
 */
export function buildValidationSheet(input: ValidateRequest): ValidationFactSheet {
  const words = inputsOf(input);
  const read = profileIdea(words);
  const set = basisFields(input.basis);
  if (input.assumptions?.price !== undefined && !set.includes('price')) set.push('price');
  const original = computeSheet(words, read, []);
  const changed = new Set<ValidationAssumptionId>();
  if (founderPrice(input) !== undefined) changed.add('price');
  if (input.assumptions?.buyers !== undefined) changed.add('buyers');
  const mine = set.length || changed.size ? computeSheet(input, profileIdea(words, ideaBasisOf(input, read)), set) : original;
  return {
    ...mine.sheet,
    assumptions: VALIDATION_ASSUMPTION_IDS.map((id) => ({
      id,
      ...ASSUMPTION_LABELS[id],
      value: mine.values[id],
      original: original.values[id],
      changedByYou: changed.has(id),
    })),
  };
}

/** The validation sheet as a model reads it: every figure written as the feedback must write it. */
export function validationSheetForModel(sheet: ValidationFactSheet): unknown {
  return {
    score: `${sheet.score.toFixed(1)}/10`,
    reasons: sheet.factors.map((f) => `${f.delta > 0 ? '+' : ''}${f.delta.toFixed(1)} ${f.reason}`),
    verdict: sheet.verdict,
    currency: `${sheet.currency.code} (${sheet.currency.symbol.trim()})`,
    market: `${sheet.market.label}${sheet.market.place ? ` in ${sheet.market.place}` : ''}, ${sheet.market.buyer} buyers`,
    ...(sheet.basis?.setByFounder.length
      ? {
          founder_set: `The founder set ${sheet.basis.setByFounder.join(', ')}: write from this basis, not from what the words suggest`,
          basis: {
            market: sheet.basis.marketLabel,
            segment: sheet.basis.segment,
            place: sheet.basis.place ?? 'none named',
            buyer: sheet.basis.buyerKind,
            product: sheet.basis.productKind,
            price: `${sheet.currency.symbol}${sheet.basis.price.toLocaleString('en-US')} a month`,
          },
        }
      : {}),
    figures: Object.fromEntries(sheet.figures.map((f) => [f.label, `${formatFigure(f, sheet.currency)} (${f.basis})`])),
    risks: sheet.risks.map((r) => r.text),
  };
}
