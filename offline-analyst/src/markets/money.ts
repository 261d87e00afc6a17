/**
 * Money in a founder's words: amounts in any currency the analysis knows ("£40 of food every
 * month", "€1,200 a year", "CHF 15", "30 euros", "¥3,000"), and the currency an analysis should
 * write its amounts in (the one the founder wrote, else the place's, else US dollars).
 */
import { CURRENCIES, USD, type CurrencyInfo } from '@val/contracts';
import type { Place } from './types';

/** Symbols (and prefixes) written before an amount, longest first so "CA$" wins over "$". */
const SYMBOLS: ReadonlyArray<[string, string]> = [
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['A$', 'AUD'],
  ['AU$', 'AUD'],
  ['NZ$', 'USD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['S$', 'SGD'],
  ['US$', 'USD'],
  ['CN¥', 'CNY'],
  ['KSh', 'KES'],
  ['R ', 'ZAR'],
  // "R1,800": the rand's R right before a number (never inside a word: "GDPR 2018" is no amount).
  ['R', 'ZAR'],
  ['$', 'USD'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₦', 'NGN'],
  ['₩', 'KRW'],
];

/** ISO codes and currency words written after (or before) an amount. */
const WORDS: ReadonlyArray<[RegExp, string]> = [
  [/^(usd|dollars?|bucks)$/i, 'USD'],
  [/^(gbp|pounds?|quid)$/i, 'GBP'],
  [/^(eur|euros?)$/i, 'EUR'],
  [/^(chf|francs?|franken)$/i, 'CHF'],
  [/^(jpy|yen)$/i, 'JPY'],
  [/^(cad)$/i, 'CAD'],
  [/^(aud)$/i, 'AUD'],
  [/^(inr|rupees?|rs\.?)$/i, 'INR'],
  // Not "real": "10 real estate agents" holds no money.
  [/^(brl|reais)$/i, 'BRL'],
  [/^(mxn|pesos?)$/i, 'MXN'],
  [/^(sgd)$/i, 'SGD'],
  [/^(ngn|naira)$/i, 'NGN'],
  [/^(kes|shillings?)$/i, 'KES'],
  [/^(sek|nok|dkk|kronor|kroner|krona|krone)$/i, 'SEK'],
  [/^(pln|zloty|złoty)$/i, 'PLN'],
  [/^(zar|rand)$/i, 'ZAR'],
  [/^(cny|rmb|yuan)$/i, 'CNY'],
  [/^(krw|won)$/i, 'KRW'],
  [/^(aed|dirhams?)$/i, 'AED'],
];
const CODE_WORD: Record<string, string> = { sek: 'SEK', nok: 'NOK', dkk: 'DKK', kronor: 'SEK', krona: 'SEK', kroner: 'NOK', krone: 'NOK' };

/** One amount of money found in a text. */
export interface MoneyAmount {
  /** The number as written, multipliers applied ("£1.2k" → 1200). */
  value: number;
  /** ISO 4217 code. */
  currency: string;
  /** The words as written: "£40", "30 euros", "CHF 15". */
  text: string;
  /** "a month", "per week"… when the amount says how often. */
  per: 'day' | 'week' | 'month' | 'year' | null;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = String.raw`\d{1,3}(?:[,\s.']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const MULT = String.raw`(?:\s?(k|m|bn|b|thousand|million|billion)\b)?`;
const SYMBOL_RE = new RegExp(`(?<![A-Za-z])(${SYMBOLS.map(([s]) => esc(s)).join('|')})\\s?(${NUMBER})${MULT}`, 'gi');
const CODE_BEFORE_RE =
  /\b(USD|GBP|EUR|CHF|JPY|CAD|AUD|INR|BRL|MXN|SGD|NGN|KES|SEK|NOK|DKK|PLN|ZAR|CNY|KRW|AED)\s?(\d{1,3}(?:[,\s.']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?:\s?([kKmMbB]|bn|thousand|million|billion)\b)?/g;
const WORD_AFTER_RE = new RegExp(`(${NUMBER})${MULT}\\s?([A-Za-z.]{2,9})`, 'g');
const PER_RE = /^\s*(?:(?:a|an|per|each|every|\/)\s*)(day|week|month|year|night|shift|order)\b/i;

function parseNumber(raw: string): number {
  const s = raw.trim();
  // "1.200" and "1'200" and "1 200" as thousands; "1,5" as a decimal comma; "1,200" as thousands.
  if (/^\d{1,3}(?:[.'\s]\d{3})+$/.test(s)) return Number(s.replace(/[.'\s]/g, ''));
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d+,\d{1,2}$/.test(s)) return Number(s.replace(',', '.'));
  return Number(s.replace(/,/g, ''));
}

function multiplier(m: string | undefined): number {
  switch ((m ?? '').toLowerCase()) {
    case 'k':
    case 'thousand':
      return 1e3;
    case 'm':
    case 'million':
      return 1e6;
    case 'b':
    case 'bn':
    case 'billion':
      return 1e9;
    default:
      return 1;
  }
}

const perOf = (after: string): MoneyAmount['per'] => {
  const m = PER_RE.exec(after);
  if (!m) return null;
  const w = m[1].toLowerCase();
  return w === 'night' || w === 'shift' || w === 'order' ? 'day' : (w as MoneyAmount['per']);
};

/** Every amount of money in a text, in the order written (symbols, ISO codes and currency words). */
export function readAmounts(text: string): MoneyAmount[] {
  const found: Array<MoneyAmount & { at: number; end: number }> = [];
  const add = (at: number, end: number, value: number, currency: string) => {
    if (!Number.isFinite(value) || found.some((f) => at < f.end && end > f.at)) return;
    found.push({ at, end, value, currency, text: text.slice(at, end).trim(), per: perOf(text.slice(end, end + 16)) });
  };
  for (const m of text.matchAll(SYMBOL_RE)) {
    const code = SYMBOLS.find(([s]) => s.toLowerCase() === m[1].toLowerCase())?.[1] ?? 'USD';
    add(m.index ?? 0, (m.index ?? 0) + m[0].length, parseNumber(m[2]) * multiplier(m[3]), code);
  }
  for (const m of text.matchAll(CODE_BEFORE_RE)) {
    add(m.index ?? 0, (m.index ?? 0) + m[0].length, parseNumber(m[2]) * multiplier(m[3]), m[1].toUpperCase());
  }
  for (const m of text.matchAll(WORD_AFTER_RE)) {
    const word = m[3].replace(/\.$/, '');
    const code = (Object.hasOwn(CODE_WORD, word.toLowerCase()) ? CODE_WORD[word.toLowerCase()] : undefined) ?? WORDS.find(([re]) => re.test(word))?.[1];
    if (!code) continue;
    const start = m.index ?? 0;
    add(start, start + m[0].length - (m[3].endsWith('.') ? 1 : 0), parseNumber(m[1]) * multiplier(m[2]), code);
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, end: _end, ...a }) => a);
}

/** The currency most of a text's amounts are in (the first one on a tie), or null when it names none. */
export function currencyWritten(text: string): string | null {
  const counts = new Map<string, number>();
  for (const a of readAmounts(text)) counts.set(a.currency, (counts.get(a.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [code, n] of counts) if (!best || n > (counts.get(best) ?? 0)) best = code;
  return best;
}

/**
 * The currency an analysis writes its amounts in: the one the founder wrote amounts in, else the
 * currency of the place they named, else US dollars.
 */
export function currencyFor(text: string, place: Pick<Place, 'currency'> | null): CurrencyInfo {
  const written = currencyWritten(text);
  if (written && CURRENCIES[written]) return { ...CURRENCIES[written], from: 'inputs' };
  if (place?.currency && CURRENCIES[place.currency]) return { ...CURRENCIES[place.currency], from: 'place' };
  return USD;
}
