import type { StatsRange } from '@val/contracts';

/** The dashboard's date-range choices. */
export const RANGES = [
  { id: '7', label: 'Last 7 days', days: 7 },
  { id: '30', label: 'Last 30 days', days: 30 },
  { id: '90', label: 'Last 90 days', days: 90 },
  { id: 'all', label: 'All time', days: null },
] as const;
export type RangeId = (typeof RANGES)[number]['id'];

const DAY_MS = 86_400_000;
export const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** from/to (UTC days, inclusive) of a range choice; all time is unbounded. */
export function rangeFor(id: RangeId, now: number = Date.now()): StatsRange {
  const r = RANGES.find((x) => x.id === id);
  if (!r || r.days === null) return {};
  return { from: isoDay(now - (r.days - 1) * DAY_MS), to: isoDay(now) };
}

/** Every day from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) out.push(isoDay(t));
  return out;
}

const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Jan 5, 2026" for an ISO timestamp. */
export const formatDate = (iso: string) => dateFmt.format(new Date(iso));
/** "Jan 5" for a UTC day. */
export const formatDay = (day: string) => dayFmt.format(new Date(`${day}T00:00:00Z`));
export const formatNumber = (n: number) => n.toLocaleString('en-US');
