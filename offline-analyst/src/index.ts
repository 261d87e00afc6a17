/**
 * The built-in offline analyst (`@val/offline-analyst`): what Val answers without a model. Its
 * market and place tables are JSON (`markets/data/`), checked by a zod schema when they load; it
 * reads an idea's market, customer, place and money from the founder's words, and writes the
 * validation answer, the step-3 simulation (customers, interviews, months, chat) and the paid
 * reports' sections. It depends only on `@val/contracts` and zod: the BFF, the CLI (through
 * `@val/bff`) and the benchmarks use it through this entry only, never its files. A report section
 * is written around a fact sheet the caller builds (the BFF's `analysis/reportSheet`).
 */

// The market and place tables, and how the founder's words are read against them.
export type { Buyer, Jurisdiction, Market, Place, Rule, Suggestion } from './markets';
export { GENERAL, MARKETS, NEUTRAL_PHRASES, PLACES } from './markets';
export {
  customerPart,
  fitting,
  ideaParts,
  isConsumerMarket,
  CLASSIFIER_OVERRULES,
  MIN_CLASSIFIER_SHARE,
  namesPlace,
  readIdeaMarket,
  readIdeaWords,
  readMarket,
  readPlace,
  readsAsBusiness,
  regulationOf,
  rulesFor,
  rulesForIdea,
  PRODUCT_RULES,
  stemMatches,
  wordsIn,
  type MarketReading,
} from './markets';
export { currencyFor, readAmounts, type MoneyAmount } from './markets';
export {
  classifyMarket,
  classifyWith,
  TRAINING_OPTIONS,
  confirmMarket,
  parseMarketModel,
  trainMarketModel,
  type Classification,
  type LabelledIdea,
  type MarketModel,
} from './markets';
export { competitorsFor, knownCompanyNames, PLATFORM_NAMES } from './markets';
// Segments sized as segments, and the one rule for who buys (a consumer or a business).
export {
  buyerKindOf,
  founderCount,
  ideaBuyerKind,
  readSegment,
  SEGMENTS,
  sizeSegment,
  type Segment,
  type SegmentSize,
  type SegmentSizeFrom,
  type SegmentSizeInput,
} from './markets';

// What kind of product the idea is (software, hardware, service, marketplace, content).
export { PRODUCT_KINDS, readProductKind, type ProductKind, type ProductKindText } from './productKind';

// Validation (step 1): the idea's profile, its numbers and verdict, and the mentor's answer.
export {
  detectDomain,
  localAmount,
  localised,
  offlineValidation,
  profileIdea,
  validationNumbers,
  validationVerdict,
  type BusinessModel,
  type IdeaBasis,
  type IdeaProfile,
  type Segment as ValidationSegment,
  type ValidationInput,
} from './validation';

// The step-3 simulation: customers, their interviews, the months and Val's chat.
export {
  offlineChallengeFeedback,
  offlineInterviewReply,
  offlinePersonas,
  offlineSimulation,
  offlineValChat,
  PERSONA_WORKAROUNDS,
  singularSegment,
  stanceOf,
  type MonthNumbers,
} from './simulation';

// The paid reports: the buyer's profile (market, place, audience) and each agent's section.
export { buildPlan, certificationOf, type BuildPlan } from './buildPlan';
export { classifierInput, jobOf, profile, reportParts, reportProfile, rng, sectorOf, type Profile, type ProfileParts } from './reportKit';
export { OFFLINE_REPORT_AGENTS, offlineReportAnswer, type OfflineReportInput, type UpstreamFinding } from './reports';
