/**
 * The numeric claims in a text, with what they measure and how precisely they were written:
 * money ("£61K", "-$276K", "1.2 million euros"), percentages, x/10 and x/100 scores, LTV/CAC
 * ratios, month counts tied to break-even, payback, lifetime or the build, and counts of 100 or
 * more ("48,000 people", "8K customers"). Years, list numbers and small plan numbers ("talk to 10
 * customers") are not claims.
 */
import { readAmounts } from '@val/offline-analyst';

export type ClaimKind = 'money' | 'percent' | 'score10' | 'score100' | 'ratio' | 'months' | 'count';

export interface NumberClaim {
  kind: ClaimKind;
  value: number;
  /** Half the unit of the last digit written ("£61K" → 500): how far the true value may be. */
  tolerance: number;
  /** ISO code, for money. */
  currency?: string;
  /** The words as written. */
  text: string;
  start: number;
  end: number;
  /** Set when the number is a break-even month: it must be the sheet's break-even, nothing else. */
  topic?: 'break-even';
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, mn: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };

/** Half the unit of the last written digit of a number as written ("1.25" → 0.005, "1,200" → 0.5). */
function halfUnit(num: string, mult = 1): number {
  const dec = /[.,](\d+)$/.exec(num.replace(/,(\d{3})(?=(,\d{3})*(\.\d+)?$)/g, '$1'));
  const places = dec && !/^\d{1,3}(,\d{3})+$/.test(num) ? dec[1].length : 0;
  return (0.5 * mult) / Math.pow(10, places);
}

const toNumber = (s: string) => Number(s.replace(/,(?=\d{3}\b)/g, '').replace(/[\s']/g, ''));

/** Spans already taken by an earlier kind of claim. */
function overlaps(claims: NumberClaim[], start: number, end: number): boolean {
  return claims.some((c) => start < c.end && end > c.start);
}

/** A minus sign right before an amount ("-£276K"), not a range dash ("£40K–£90K"). */
const MINUS = /(^|[\s(|:])[-−]$/;

/** Every numeric claim in a text, in order. */
export function numberClaims(text: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  const push = (c: NumberClaim) => {
    if (!overlaps(claims, c.start, c.end)) claims.push(c);
  };

  // Money, in any currency the analysis reads (symbols, codes and currency words).
  let from = 0;
  for (const a of readAmounts(text)) {
    const at = text.indexOf(a.text, from);
    if (at < 0) continue;
    from = at + a.text.length;
    const m = /(\d[\d,.'\s]*\d|\d)\s?(k|m|mn|bn|b|thousand|million|billion)?/i.exec(a.text);
    const mult = MULTIPLIERS[(m?.[2] ?? '').toLowerCase()] ?? 1;
    const negative = MINUS.test(text.slice(Math.max(0, at - 2), at)) || (at === 1 && /^[-−]/.test(text));
    push({
      kind: 'money',
      value: negative ? -a.value : a.value,
      tolerance: halfUnit(m?.[1]?.trim() ?? String(a.value), mult),
      currency: a.currency,
      text: a.text,
      start: at,
      end: from,
    });
  }

  const scan = (re: RegExp, make: (m: RegExpExecArray) => Omit<NumberClaim, 'start' | 'end' | 'text'> | null, group = 0) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const made = make(m);
      if (!made) continue;
      const part = m[group];
      const start = m.index + m[0].indexOf(part);
      push({ ...made, text: part, start, end: start + part.length });
    }
  };

  scan(/(\d+(?:\.\d+)?)\s?\/\s?(10|100)\b(?!\s?(?:%|\d))/g, (m) => ({
    kind: m[2] === '10' ? 'score10' : 'score100',
    value: Number(m[1]),
    tolerance: halfUnit(m[1]),
  }));
  // The start of a percent range ("15-30%", "15 to 30 percent") is a percentage too.
  scan(
    /(\d+(?:\.\d+)?)(?=\s?(?:-|–|to)\s?\d+(?:\.\d+)?\s?(?:%|percent\b|per cent\b))/gi,
    (m) => ({ kind: 'percent', value: Number(m[1]) / 100, tolerance: halfUnit(m[1]) / 100 }),
    1,
  );
  scan(/([-−]?\d+(?:\.\d+)?)\s?(%|percent\b|per cent\b)/gi, (m) => ({
    kind: 'percent',
    value: Number(m[1].replace('−', '-')) / 100,
    tolerance: halfUnit(m[1]) / 100,
  }));
  scan(/LTV\s?\/\s?CAC[^0-9\n|]{0,25}(\d+(?:\.\d+)?)/gi, (m) => ({ kind: 'ratio', value: Number(m[1]), tolerance: halfUnit(m[1]) }), 1);
  scan(/(\d+(?:\.\d+)?)\s?(?:x|×)(?=[\s,.;:)]|$)/g, (m) => ({ kind: 'ratio', value: Number(m[1]), tolerance: halfUnit(m[1]) }), 1);
  scan(/\bbreaks?[- ]?even[^.\n|]{0,40}?\bmonth\s(\d{1,3})\b/gi, (m) => ({ kind: 'months', value: Number(m[1]), tolerance: 0.5, topic: 'break-even' }), 1);
  scan(/\bmonth\s(\d{1,3})\b(?=[^.\n|]{0,30}\bbreaks?[- ]?even)/gi, (m) => ({ kind: 'months', value: Number(m[1]), tolerance: 0.5, topic: 'break-even' }), 1);
  scan(
    /\b(\d{1,3})(?:\s|-)months?\b/gi,
    (m) => {
      const around = text.slice(Math.max(0, (m.index ?? 0) - 60), (m.index ?? 0) + m[0].length + 40).toLowerCase();
      return /payback|pays back|pay back|lifetime|stay|build|first version|break[- ]?even/.test(around)
        ? { kind: 'months', value: Number(m[1]), tolerance: 0.5 }
        : null;
    },
    1,
  );
  // Counts: 100 and more, with a separator or a multiplier, never a year or a list number.
  scan(
    /(?<![\w.,$£€¥₹/#])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s?(?:k|m|million|thousand|billion)(?![\p{L}\p{N}])|\d{3,})(?![\w%/]|\.\d|,\d)/giu,
    (m) => {
      const raw = m[1];
      const mm = /^(\d+(?:\.\d+)?)\s?(k|m|million|thousand|billion)$/i.exec(raw);
      const value = mm ? Number(mm[1]) * (MULTIPLIERS[mm[2].toLowerCase()] ?? 1) : toNumber(raw);
      if (!mm && /^\d{4}$/.test(raw) && value >= 1900 && value <= 2099) return null;
      if (value < 100) return null;
      return { kind: 'count', value, tolerance: mm ? halfUnit(mm[1], MULTIPLIERS[mm[2].toLowerCase()] ?? 1) : 0.5 };
    },
    1,
  );
  return claims.sort((a, b) => a.start - b.start);
}

/** The plain numbers written in a text (for "the founder wrote it"): every digit run, multipliers applied. */
export function writtenNumbers(text: string): number[] {
  const out: number[] = [];
  // A multiplier is a word of its own: "500,000 Kč" is half a million korun, not 500 million.
  for (const m of text.matchAll(/(\d{1,3}(?:[,.' ]\d{3})+|\d+(?:[.,]\d+)?)(?:\s?(k|m|bn|thousand|million|billion)(?![\p{L}\p{N}]))?/giu)) {
    const base = /^\d{1,3}([,.' ])\d{3}/.test(m[1]) && !/^\d+[.,]\d{1,2}$/.test(m[1]) ? Number(m[1].replace(/[,.' ]/g, '')) : Number(m[1].replace(',', '.'));
    out.push(base * (MULTIPLIERS[(m[2] ?? '').toLowerCase()] ?? 1));
  }
  return out;
}
