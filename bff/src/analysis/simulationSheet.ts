/**
 * Step 3's fact sheet: the six months of the launch model (users, new, lost, growth against the
 * previous month) and the model's inputs and rates, each explained; and the check that a model's
 * month texts mention only that month's computed numbers.
 */
import { marketFactsOf } from './marketFacts';
import {
  monthGrowthPercent,
  NO_LIVE_SOURCES_NOTE,
  type SheetFigure,
  type SimulationFactSheet,
  type SimulationMonth,
  type ValidationData,
} from '@val/contracts';
import { currencyFor, GENERAL, readIdeaMarket, readPlace } from '@val/offline-analyst';
import type { SimulationModelResult } from '../services/simulationModel';
import { buyersFigure, ideaSegmentSize } from './segmentSize';

export function buildSimulationSheet(model: SimulationModelResult, v: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>): SimulationFactSheet {
  const reading = readIdeaMarket(v);
  const text = `${v.idea} ${v.targetCustomer} ${v.problemSolved}`;
  const place = readPlace(text);
  // The customer's segment and who buys, by the rule the validation and the reports use.
  const size = ideaSegmentSize(v, reading.market);
  const consumer = size.buyer === 'consumer';
  const a = model.assumptions;
  const months = model.months.map((m, i) => {
    const g = monthGrowthPercent(model.months, i);
    return { month: m.month, users: m.users, newUsers: m.newUsers, churnedUsers: m.churnedUsers, growthPercent: typeof g === 'number' ? g : null };
  });
  const figures: SheetFigure[] = [
    {
      id: 'starting-users',
      label: 'Users in the launch month',
      kind: 'count',
      value: a.startingUsers,
      basis: `15 + 85 × fit${consumer ? ', × 1.5 for a consumer idea' : ''}; fit = 0.6 × interview score + 0.4 × validation score`,
    },
    {
      id: 'monthly-growth',
      label: 'New users in month 2, as a share of month 1',
      kind: 'percent',
      value: a.monthlyGrowth,
      basis: '12% + 38% × fit, slowing by 12% each later month as early adopters run out',
    },
    { id: 'churn-rate', label: 'Users lost each month', kind: 'percent', value: a.churnRate, basis: '12% − 6% × interview score' },
    {
      id: 'completed-interviews',
      label: 'Interviews completed',
      kind: 'count',
      value: a.completedInterviews,
      basis: 'customers you marked Done in step 3 (of 3)',
    },
    {
      id: 'positive-signals',
      label: 'Buying signals in the replies',
      kind: 'count',
      value: a.positiveSignals,
      basis: 'phrases such as "would pay" or "sign me up"',
    },
    {
      id: 'negative-signals',
      label: 'Hesitations in the replies',
      kind: 'count',
      value: a.negativeSignals,
      basis: 'phrases such as "too expensive" or "not sure"',
    },
    {
      id: 'interview-score',
      label: 'Interview score',
      kind: 'ratio',
      value: a.interviewScore,
      basis: 'half the share of interviews completed, half their tone: (buying signals + 1) ÷ (all signals + 2)',
    },
    {
      id: 'validation-score',
      label: 'Validation score',
      kind: 'ratio',
      value: a.validationScore,
      basis: 'Val’s score in step 1 ÷ 10, or how specific your three answers are',
    },
    buyersFigure(size),
  ];
  const risks = months
    .filter((m) => m.churnedUsers > m.newUsers && m.month > 1)
    .slice(0, 1)
    .map((m) => ({
      id: 'churn-over-growth',
      severity: 'medium' as const,
      text: `From month ${m.month} you lose more users than you win: retention matters more than acquisition.`,
    }));
  return {
    version: 1,
    kind: 'simulation',
    market: {
      id: reading.market?.id ?? 'general',
      label: reading.market?.label ?? 'general (no clear market)',
      general: !reading.market,
      place: place?.name ?? null,
      buyer: size.buyer,
    },
    currency: currencyFor(text, place),
    months,
    figures,
    risks,
    sources: { live: false, provider: null, note: NO_LIVE_SOURCES_NOTE },
    marketFacts: marketFactsOf([reading.market ?? GENERAL[size.buyer]], currencyFor(text, place)),
  };
}

/** A number a month's text wrote that is not one of that month's. */
export interface MonthNumberProblem {
  month: number;
  field: 'title' | 'wins' | 'challenges' | 'challenge';
  text: string;
  number: string;
}

/**
 * The numbers a month's texts may mention: its users, new and lost users, growth percent, the
 * previous and next month's users, its month numbers, and month 6's multiple of month 1.
 */
function allowedFor(sheet: SimulationFactSheet, k: number): number[] {
  const m = sheet.months[k];
  const prev = sheet.months[k - 1];
  const next = sheet.months[k + 1];
  const first = sheet.months[0];
  const out = [m.users, m.newUsers, m.churnedUsers, m.month, Math.abs(m.users - (prev?.users ?? 0))];
  if (m.growthPercent !== null) out.push(Math.abs(m.growthPercent));
  if (prev) out.push(prev.users, prev.month);
  if (next) out.push(next.users, next.month);
  if (first && first.users > 0) out.push(Math.round((m.users / first.users) * 10) / 10);
  return out;
}

const NUMBER = /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w])/g;

/**
 * Every number in a model's month texts that is not one of that month's computed numbers (or a
 * number the founder wrote): those months are regenerated once, then replaced by the offline
 * narration for that month.
 */
export function checkMonthTexts(
  months: ReadonlyArray<Pick<SimulationMonth, 'month' | 'title' | 'wins' | 'challenges' | 'challenge'>>,
  sheet: SimulationFactSheet,
  founderText: string,
): MonthNumberProblem[] {
  // A founder's number counts as a quote only as they wrote it: a token such as "25-40" or "€12"
  // they used, or a bare number with the word that follows it ("12 practitioners", not "12 users left").
  const bare = (w: string) => w.replace(/[.,;:!?)”"'…]+$/, '').toLowerCase();
  const founderLower = founderText.toLowerCase().replace(/\s+/g, ' ');
  const founderTokens = new Set(founderText.split(/\s+/).map(bare));
  const theirs = new Set(
    [...founderText.matchAll(/(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s+(\S+)/g)].map((m) => `${Number(m[1].replace(/,/g, ''))} ${bare(m[2])}`),
  );
  const quoted = (text: string, start: number, end: number, value: number) => {
    const before = text.slice(0, start).match(/\S*$/)?.[0] ?? '';
    const after = text.slice(end).match(/^\S*/)?.[0] ?? '';
    const token = `${before}${text.slice(start, end)}${after}`.replace(/[.,;:!?)]+$/, '').toLowerCase();
    if (token !== String(value) && /\d/.test(token) && founderTokens.has(token)) return true;
    const word = bare(/^\s+(\S+)/.exec(text.slice(end))?.[1] ?? '');
    if (word && theirs.has(`${value} ${word}`)) return true;
    // A quote clipped right after the number ("churches with under 200…"): the words before it are theirs.
    const lead = /(\S+\s+\S+\s+)$/.exec(text.slice(0, start))?.[1] ?? '';
    return /^…/.test(text.slice(end)) && !!lead && founderLower.includes(`${lead}${text.slice(start, end)}`.toLowerCase());
  };
  const problems: MonthNumberProblem[] = [];
  months.forEach((m, k) => {
    if (!sheet.months[k]) return;
    const allowed = allowedFor(sheet, k);
    const fields: Array<[MonthNumberProblem['field'], string]> = [
      ['title', m.title],
      ...m.wins.map((w): [MonthNumberProblem['field'], string] => ['wins', w]),
      ...m.challenges.map((c): [MonthNumberProblem['field'], string] => ['challenges', c]),
      ...(m.challenge ? [['challenge', m.challenge] as [MonthNumberProblem['field'], string]] : []),
    ];
    for (const [field, text] of fields) {
      // "Month 3" names a month of the six, not a number of users.
      const plain = text.replace(/\bmonths?\s+[1-6]\b/gi, 'month');
      for (const n of plain.matchAll(NUMBER)) {
        const value = Number(n[1].replace(/,/g, ''));
        if (allowed.some((a) => Math.abs(a - value) < 0.05) || quoted(plain, n.index ?? 0, (n.index ?? 0) + n[0].length, value)) continue;
        problems.push({ month: sheet.months[k].month, field, text, number: n[1] });
      }
    }
  });
  return problems;
}

/** What Val's reply about one month may state: that month's numbers, its neighbours', and the founder's own. */
export interface ChatMonth {
  month: number;
  users: number;
  newUsers?: number;
  churnedUsers?: number;
  previousUsers?: number;
  nextMonthUsers?: number;
}

/** A count of people or a percentage: "8 users", "12 new sign-ups", "29%". Plan numbers ("talk to 10 of them") are not claims. */
const CHAT_CLAIM =
  /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?%|\s?percent\b|\s+(?:(?:new|active|paying|more|fewer|lost|churned|existing)\s+)?(?:users?|customers?|people|sign-?ups?|members?|subscribers?)\b)/gi;
const CHAT_LABELLED = /\b(?:say|assume|assuming|e\.g\.|for example|target|aim for|goal)\b/i;

/**
 * The sentences of a reply about a month that state a count of users or a percentage that is not
 * one of that month's numbers (users, new, lost, growth, previous and next month) or the founder's.
 */
export function strayChatNumbers(reply: string, m: ChatMonth, founderText: string): string[] {
  const allowed = [m.users, m.newUsers, m.churnedUsers, m.previousUsers, m.nextMonthUsers].filter((n): n is number => typeof n === 'number');
  if (m.previousUsers) allowed.push(Math.abs(Math.round(((m.users - m.previousUsers) / m.previousUsers) * 100)), Math.abs(m.users - m.previousUsers));
  if (m.nextMonthUsers !== undefined) allowed.push(Math.abs(m.nextMonthUsers - m.users));
  const theirs = new Set([...founderText.matchAll(/\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?/g)].map((x) => Number(x[0].replace(/,/g, ''))));
  const stray: string[] = [];
  for (const sentence of reply.split(/(?<=[.!?])\s+/)) {
    if (CHAT_LABELLED.test(sentence)) continue;
    for (const c of sentence.matchAll(CHAT_CLAIM)) {
      const v = Number(c[1].replace(/,/g, ''));
      if (!allowed.some((a) => Math.abs(a - v) < 0.5) && !theirs.has(v)) {
        stray.push(sentence);
        break;
      }
    }
  }
  return stray;
}
