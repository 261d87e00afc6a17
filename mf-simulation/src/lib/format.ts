import { monthGrowthPercent, type CustomerPersona, type SimulationMonth } from '@val/contracts';

/** "+23%", "-4%", "Launch" (month 1) or "—" when there is nothing to compare. */
export function growthLabel(months: ReadonlyArray<Pick<SimulationMonth, 'users'>>, index: number): string {
  const g = monthGrowthPercent(months, index);
  if (g === 'Launch') return 'Launch';
  if (g === null) return '—';
  return `${g > 0 ? '+' : ''}${g}%`;
}

/** 1234 → "1,234". */
export const formatUsers = (n: number): string => n.toLocaleString('en-US');

/** The local greeting when the persona's opening call fails. */
export function localGreeting(p: CustomerPersona): string {
  return `Hi, I'm ${p.name}, ${p.role}.${p.background ? ` ${p.background}` : ''} What would you like to know?`;
}

/** Val's greeting the first time a month's chat opens. */
export function valGreeting(months: SimulationMonth[], index: number): string {
  const m = months[index];
  const g = growthLabel(months, index);
  const growth = g === 'Launch' ? 'your launch month' : g === '—' ? 'no change to compare' : `${g} vs the month before`;
  return `Hi, I'm Val! Month ${m.month} — “${m.title}” — ends with ${formatUsers(m.users)} users (${growth}). Ask me anything about this month: what worked, what to fix, or what to try next.`;
}
