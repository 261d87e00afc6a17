import { VALIDATION_ID_PATTERN } from '@val/contracts';
import { LAB_CURRENT_KEY, MY_VALIDATIONS_EVENT, MY_VALIDATIONS_KEY } from './myValidationsKeys';

export { LAB_CURRENT_KEY, MY_VALIDATIONS_EVENT, MY_VALIDATIONS_KEY };

/*
 * "My validations" without a sign-up: the visitor's own validations, kept in this browser only
 * (ids, titles, dates, scores and each one's delete token). Bounded, newest first, and robust to
 * whatever another tab, an older version or a hand edit left in storage.
 */

/** At most this many are kept: the oldest fall off. */
export const MY_VALIDATIONS_LIMIT = 50;

export interface MyValidation {
  id: string;
  /** The idea, clipped: the list's title. */
  title: string;
  /** When it was made (ISO 8601). */
  createdAt: string;
  score: number | null;
  /** Deletes it (`x-delete-token`); absent for a validation opened from someone else's link. */
  deleteToken?: string;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

function valid(e: unknown): MyValidation | null {
  if (!e || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  if (typeof o.id !== 'string' || !VALIDATION_ID_PATTERN.test(o.id)) return null;
  if (typeof o.createdAt !== 'string' || Number.isNaN(Date.parse(o.createdAt))) return null;
  const score = typeof o.score === 'number' && Number.isFinite(o.score) && o.score >= 0 && o.score <= 10 ? o.score : null;
  const title = typeof o.title === 'string' && o.title.trim() ? clip(o.title.trim(), 120) : 'Untitled idea';
  const token = typeof o.deleteToken === 'string' && o.deleteToken.length <= 200 ? o.deleteToken : undefined;
  return { id: o.id, title, createdAt: new Date(o.createdAt).toISOString(), score, ...(token ? { deleteToken: token } : {}) };
}

/** The list, newest first; whatever cannot be read is left out (never throws). */
export function readMyValidations(): MyValidation[] {
  let raw: unknown;
  try {
    raw = JSON.parse(window.localStorage.getItem(MY_VALIDATIONS_KEY) || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: MyValidation[] = [];
  for (const e of raw.slice(0, MY_VALIDATIONS_LIMIT * 4)) {
    const v = valid(e);
    if (v && !seen.has(v.id)) {
      seen.add(v.id);
      out.push(v);
    }
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, MY_VALIDATIONS_LIMIT);
}

function write(list: MyValidation[]): void {
  try {
    window.localStorage.setItem(MY_VALIDATIONS_KEY, JSON.stringify(list.slice(0, MY_VALIDATIONS_LIMIT)));
  } catch {
    /* storage full or blocked: the list is a convenience */
  }
  window.dispatchEvent(new CustomEvent(MY_VALIDATIONS_EVENT));
}

/** Adds (or refreshes) one validation at the top of the list. */
export function rememberValidation(v: { id: string; idea: string; createdAt?: string; score?: number | null; deleteToken?: string }): void {
  const entry = valid({ id: v.id, title: v.idea, createdAt: v.createdAt ?? new Date().toISOString(), score: v.score ?? null, deleteToken: v.deleteToken });
  if (!entry) return;
  const old = readMyValidations().find((e) => e.id === v.id);
  write([{ ...entry, deleteToken: entry.deleteToken ?? old?.deleteToken }, ...readMyValidations().filter((e) => e.id !== v.id)]);
}

/** Removes one from the list. */
export function forgetValidation(id: string): void {
  write(readMyValidations().filter((e) => e.id !== id));
}

/** The stored delete token of a validation this browser made, if any. */
export function deleteTokenOf(id: string): string | undefined {
  return readMyValidations().find((e) => e.id === id)?.deleteToken;
}

/** The lab's current result: its id, and the idea it belongs to (to match the shell's stored result). */
export function readLabCurrent(): { id: string; idea: string } | null {
  try {
    const v = JSON.parse(window.localStorage.getItem(LAB_CURRENT_KEY) || 'null') as { id?: unknown; idea?: unknown } | null;
    if (v && typeof v.id === 'string' && VALIDATION_ID_PATTERN.test(v.id) && typeof v.idea === 'string') return { id: v.id, idea: v.idea };
  } catch {
    /* unreadable */
  }
  return null;
}

export function writeLabCurrent(v: { id: string; idea: string } | null): void {
  try {
    if (v) window.localStorage.setItem(LAB_CURRENT_KEY, JSON.stringify({ id: v.id, idea: v.idea }));
    else window.localStorage.removeItem(LAB_CURRENT_KEY);
  } catch {
    /* blocked */
  }
}
