/**
 * The free validation's fact sheet: Val's score with the reasons it is built from, the price band,
 * the bottom-up example and the other figures the feedback states, the verdict by rule, and the
 * flags a founder should not miss. Computed in code from the three inputs; a model is told all of
 * it and its text is checked against it.
 */
import { marketFactsOf } from './marketFacts';
import { buyersFigure, ideaSegmentSize } from './segmentSize';
import { formatFigure, MARKET_IDS, NO_LIVE_SOURCES_NOTE, type MarketId, type RiskFlag, type ValidateRequest, type ValidationFactSheet } from '@val/contracts';
import { GENERAL, profileIdea, readIdeaWords, regulationOf, validationNumbers, validationVerdict } from '@val/offline-analyst';

const marketId = (id: string | undefined): MarketId | null => (id && (MARKET_IDS as readonly string[]).includes(id) ? (id as MarketId) : null);

export function buildValidationSheet(input: ValidateRequest): ValidationFactSheet {
  const p = profileIdea(input);
  const n = validationNumbers(input, p);
  // The customer's segment and who buys, by the rule step 3 and the reports use.
  const size = ideaSegmentSize(input, p.domain.id === 'general' ? null : p.domain);
  const risks: RiskFlag[] = [];
  if (p.specificity === 'broad') risks.push({ id: 'broad-customer', severity: 'high', text: 'The target customer is too broad to reach or to design for.' });
  if (p.urgency === 'low') risks.push({ id: 'nice-to-have', severity: 'high', text: 'The problem reads as a nice-to-have: people agree and then do not pay.' });
  const regulation = regulationOf(p.domain, p.place);
  if (regulation) risks.push({ id: 'regulated', severity: 'medium', text: `The market is regulated: ${regulation}.` });
  if (p.domain.crowding <= -0.5)
    risks.push({ id: 'crowded', severity: 'medium', text: `${p.domain.label[0].toUpperCase()}${p.domain.label.slice(1)} is a crowded space.` });
  if (p.domain.id === 'general')
    risks.push({ id: 'general-market', severity: 'medium', text: 'The market could not be read clearly from your words, so prices and channels are general.' });
  return {
    version: 1,
    kind: 'validation',
    market: {
      id: p.domain.id,
      label: p.domain.id === 'general' ? 'general (no clear market)' : p.domain.label,
      general: p.domain.id === 'general',
      place: p.place?.name ?? null,
      buyer: size.buyer,
    },
    currency: p.currency,
    score: p.score,
    factors: p.factors,
    figures: [...n.figures, buyersFigure(size)],
    verdict: validationVerdict(p.score),
    risks,
    sources: { live: false, provider: null, note: NO_LIVE_SOURCES_NOTE },
    marketFacts: marketFactsOf([p.domain, GENERAL[size.buyer]], p.currency),
    // What the sheet rests on, as the report's sheets show it (issue 36); the founder cannot set it here yet.
    basis: {
      market: marketId(p.domain.id) ?? 'general',
      marketLabel: p.domain.id === 'general' ? 'general (no clear market)' : p.domain.label,
      wordsPointAt: p.domain.id === 'general' ? marketId(readIdeaWords(input).market?.id) : null,
      segment: input.targetCustomer.trim(),
      place: p.place?.name ?? null,
      buyerKind: size.buyer,
      productKind: null,
      price: n.figures.find((f) => f.id === 'price-band')?.value ?? 0,
      setByFounder: [],
    },
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
    figures: Object.fromEntries(sheet.figures.map((f) => [f.label, `${formatFigure(f, sheet.currency)} (${f.basis})`])),
    risks: sheet.risks.map((r) => r.text),
  };
}
