/**
 * The founder's basis (issue 36): what a sheet rests on — market, segment, place, buyer kind,
 * product kind, price — where each field the founder sets wins over what the analyst read from the
 * words. Applied here, in the BFF, by overriding the fields of the analyst's profile the sheet and
 * the offline writer read (the analyst itself is unchanged), so the sheet, its scores and verdict
 * and the offline sections all follow the founder's basis.
 */
import { BASIS_FIELDS, MARKET_IDS, type BasisField, type BasisInput, type MarketId, type ReportFactSheet, type SheetBasis } from '@val/contracts';
import { GENERAL, MARKETS, PLACES, readIdeaWords, readPlace, sectorOf, type Market, type Place, type Profile } from '@val/offline-analyst';

/** Names of the places the analyst knows, as a founder writes them ("Germany", "the UK"). */
export const KNOWN_PLACES: string[] = PLACES.map((p) => p.name.replace(/^the /, ''));

/** The place a founder wrote, or an error that says how to write one. */
export function placeOf(text: string): { place: Place } | { error: string } {
  const place = readPlace(text);
  if (place) return { place };
  return {
    error: `place "${text}" is not a place the analyst knows: write a country or region such as ${KNOWN_PLACES.slice(0, 8).join(', ')} (known: ${KNOWN_PLACES.join(', ')})`,
  };
}

/** Checks what a schema cannot (the place is one the analyst knows); null when fine, else the message for a 400. */
export function checkBasis(b: BasisInput | undefined): string | null {
  if (b?.place === undefined) return null;
  const r = placeOf(b.place);
  return 'error' in r ? r.error : null;
}

/** The fields a basis sets, in the page's order. */
export function basisFields(b: BasisInput | undefined): BasisField[] {
  if (!b) return [];
  return BASIS_FIELDS.filter((f) => b[f] !== undefined && b[f] !== '');
}

/** The founder's basis a stored sheet was computed from (the fields they set), or undefined. */
export function founderBasisOf(sheet: ReportFactSheet | null | undefined): BasisInput | undefined {
  const b = sheet?.basis;
  if (!b || !b.setByFounder.length) return undefined;
  const out: BasisInput = {};
  for (const f of b.setByFounder) {
    if (f === 'market') out.market = b.market;
    else if (f === 'segment') out.segment = b.segment;
    else if (f === 'place' && b.place) out.place = b.place;
    else if (f === 'buyerKind') out.buyerKind = b.buyerKind;
    else if (f === 'productKind' && b.productKind) out.productKind = b.productKind;
    else if (f === 'price') out.price = b.price;
  }
  return out;
}

const marketById = (id: string): Market | undefined => MARKETS.find((m) => m.id === id);

const BIZ_SUBSTITUTES = ['spreadsheets, phone calls and paper', 'a module of the software they already pay for', 'an extra member of staff'];

/**
 * The analyst's profile with the founder's basis applied: market, segment (the audience), place,
 * buyer kind and product kind. The price is the sheet's (`reportSheet`). Unchanged when no field is set.
 */
export function applyBasis(p: Profile, b: BasisInput | undefined): Profile {
  if (!b || !basisFields(b).length) return p;
  const out: Profile = { ...p };
  if (b.segment) {
    out.audience = b.segment;
    out.where = out.place && new RegExp(`\\b${out.place.name.replace(/^the /, '')}\\b`, 'i').test(b.segment) ? '' : ` in ${out.geo}`;
  }
  if (b.place) {
    const r = placeOf(b.place);
    if ('place' in r) {
      out.place = r.place;
      out.geo = r.place.name;
      out.geoMillions = r.place.millions;
      out.where = ` in ${r.place.name}`;
    }
  }
  if (b.productKind) out.productKind = b.productKind;
  if (b.market !== undefined || b.segment || b.buyerKind || b.place || b.productKind) {
    const market = b.market === undefined ? marketById(p.sector.id) : marketById(b.market);
    const business = b.buyerKind ? b.buyerKind === 'business' : b.market !== undefined ? Boolean(market?.b2b) || p.b2b : p.b2b;
    const m = market ?? GENERAL[business ? 'business' : 'consumer'];
    out.b2b = business;
    // The rules and suppliers fit the kind of product too (a device's certification, not an app's).
    out.sector = sectorOf(
      m,
      out.place,
      out.audience,
      business ? 'business' : 'consumer',
      out.productKind,
      `${out.subject} ${out.audience} ${out.problem ?? ''}`,
    );
    out.unit = business ? 'organisations' : 'people';
    out.pains = business && !out.sector.b2b ? (out.sector.bizPains ?? GENERAL.business.pains) : out.sector.pains;
    out.substitutes = business && !out.sector.b2b ? BIZ_SUBSTITUTES : out.sector.substitutes;
  }
  return out;
}

/** The market the words alone pointed at when the sheet stayed general (the read was not confirmed), else null. */
export function wordsPointAt(p: Profile): MarketId | null {
  if (p.sector.id !== 'general') return null;
  const read = readIdeaWords({ idea: p.subject, targetCustomer: p.audience, problemSolved: '' });
  const id = read.market?.id;
  return id && (MARKET_IDS as readonly string[]).includes(id) ? (id as MarketId) : null;
}

/** The basis a sheet shows: the profile it was computed from, the price, and which fields the founder set. */
export function sheetBasis(read: Profile, used: Profile, price: number, b: BasisInput | undefined): SheetBasis {
  const set = basisFields(b);
  const id = (MARKET_IDS as readonly string[]).includes(used.sector.id) ? (used.sector.id as MarketId) : 'general';
  return {
    market: id,
    marketLabel: id === 'general' ? 'general (no clear market)' : used.sector.label,
    wordsPointAt: set.includes('market') ? null : wordsPointAt(read),
    segment: used.audience,
    place: used.place?.name ?? null,
    buyerKind: used.b2b ? 'business' : 'consumer',
    productKind: used.productKind ?? null,
    price,
    setByFounder: set,
  };
}
