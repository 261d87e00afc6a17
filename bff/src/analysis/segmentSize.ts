/**
 * The sheets' one row for how many buyers the founder's customer counts ("buyers"): the same
 * segment, count and buyer kind in the validation, step 3 and every report, sized by the offline
 * analyst's one rule (`sizeSegment`: the founder's count, a country's count, a density where it
 * was measured, else unknown with the whole market's figure as an upper bound).
 */
import type { SheetFigure } from '@val/contracts';
import { GENERAL, readIdeaMarket, readPlace, sizeSegment, type Market, type Profile, type SegmentSize } from '@val/offline-analyst';

/** What the founder typed into the validation form (step 3 reads the same three answers). */
export type IdeaWords = { idea: string; targetCustomer: string; problemSolved: string };

/** The segment of a validated idea: its customer, sized in the place its words name, bounded by the market it reads as. */
export function ideaSegmentSize(v: IdeaWords, market: Market | null = readIdeaMarket(v).market): SegmentSize {
  const text = `${v.idea} ${v.targetCustomer} ${v.problemSolved}`;
  return sizeSegment({ customer: v.targetCustomer, text, place: readPlace(text), market: market ?? GENERAL.consumer, marketId: market?.id ?? 'general' });
}

/** The segment of a paid report's inputs: the audience the buyer named (none when the report fell back on the market's buyers). */
export function reportSegmentSize(p: Profile, text: string): SegmentSize {
  const customer = p.audience === p.sector.buyers ? '' : p.audience;
  // The profile's buyer kind is the one rule's (reportKit), or the founder's when they set it.
  return sizeSegment({ customer, text, place: p.place, market: p.sector, marketId: p.sector.id, buyer: p.b2b ? 'business' : 'consumer' });
}

/** The sheet's "buyers" row: the count (or, when unknown, the upper bound and the words "unknown — give your count") and its sources. */
export function buyersFigure(size: SegmentSize): SheetFigure {
  const unit = size.buyer === 'business' ? 'organisations' : 'people';
  const base = { id: 'buyers', kind: 'count' as const, value: size.value, basis: size.basis };
  if (size.upperBound) return { ...base, label: `Potential buyers (${unit}), ${size.label}: unknown — give your count`, bound: 'upper' };
  return { ...base, label: `Potential buyers (${unit}), ${size.label}`, low: size.low, high: size.high };
}
