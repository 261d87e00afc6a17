import { createHash } from 'node:crypto';
import { diffArrays, diffWordsWithSpace, type ArrayChange } from 'diff';
import {
  VALIDATION_INPUTS,
  splitReportSections,
  type DiffPart,
  type InputDiff,
  type SectionDiff,
  type StoredValidationView,
  type ValidationComparison,
} from '@val/contracts';

/**
 * Bounds of the comparison's edit scripts. Myers' diff costs about the square of the edits it
 * finds, so a pair of long texts that share little (thousands of 1–3-letter words) would hold the
 * process for a second; past these bounds a coarser diff answers instead (sentences, then the
 * changed middle between the common start and end), in time linear in the text.
 */
export const DIFF_BOUNDS = {
  /** Word and white-space tokens added plus removed in one input. */
  words: 150,
  /** Sentences added plus removed in one input, when the words did not fit. */
  sentences: 100,
  /** Lines added plus removed in one section of the feedback. */
  lines: 100,
} as const;

/** The common start and end of two token lists kept, everything between them replaced. */
function replacedMiddle<T>(a: readonly T[], b: readonly T[]): Array<ArrayChange<T>> {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const out: Array<ArrayChange<T>> = [];
  const push = (value: T[], added: boolean, removed: boolean) => {
    if (value.length) out.push({ value, count: value.length, added, removed });
  };
  push(a.slice(0, start), false, false);
  push(a.slice(start, a.length - end), false, true);
  push(b.slice(start, b.length - end), true, false);
  push(a.slice(a.length - end), false, false);
  return out;
}

/** diffArrays within `maxEditLength`, else the replaced middle. */
function boundedArrayDiff<T>(a: readonly T[], b: readonly T[], maxEditLength: number): Array<ArrayChange<T>> {
  return diffArrays(a as T[], b as T[], { maxEditLength }) ?? replacedMiddle(a, b);
}

/** A text cut after each sentence end or line break (the pieces join back to the text). */
const sentences = (text: string): string[] => text.split(/(?<=[.!?\n])/);

/** Runs of white space and of anything else. */
const wordTokens = (text: string): string[] => text.match(/\s+|\S+/g) ?? [];

const opOf = (c: { added?: boolean; removed?: boolean }): DiffPart['op'] => (c.added ? 'added' : c.removed ? 'removed' : 'same');

/**
 * Same / added / removed runs of two texts: words when few changed; else sentences, each
 * replaced run keeping the words its two sides start and end with.
 */
function rawParts(before: string, after: string): DiffPart[] {
  const words = diffWordsWithSpace(before, after, { maxEditLength: DIFF_BOUNDS.words });
  if (words) return words.map((c) => ({ op: opOf(c), text: c.value }));
  const changes = boundedArrayDiff(sentences(before), sentences(after), DIFF_BOUNDS.sentences);
  const out: DiffPart[] = [];
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    const next = changes[i + 1];
    if (c.removed && next?.added) {
      for (const r of replacedMiddle(wordTokens(c.value.join('')), wordTokens(next.value.join('')))) out.push({ op: opOf(r), text: r.value.join('') });
      i++;
    } else out.push({ op: opOf(c), text: c.value.join('') });
  }
  return out;
}

/**
 * Word-level diff of one input (jsdiff's `diffWordsWithSpace`), as same / added / removed runs
 * (sentence-level, or the changed middle, past `DIFF_BOUNDS`).
 * A run of replaced words reads as one: the spaces jsdiff keeps between them ("[-Everyone-]{+Busy+}
 * [-who-]{+working+}") are folded into a single removed and a single added run.
 */
export function wordDiff(before: string, after: string): InputDiff {
  const raw = rawParts(before, after);
  const parts: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    // White space both sides end with stays outside the change: "[-a-]{+b+} c", not "[-a -]{+b +}c".
    let tail = '';
    while (removed && added && /\s/.test(removed.slice(-1)) && removed.slice(-1) === added.slice(-1)) {
      tail = removed.slice(-1) + tail;
      removed = removed.slice(0, -1);
      added = added.slice(0, -1);
    }
    if (removed) parts.push({ op: 'removed', text: removed });
    if (added) parts.push({ op: 'added', text: added });
    if (tail) parts.push({ op: 'same', text: tail });
    removed = added = '';
  };
  raw.forEach((p, i) => {
    if (p.op === 'removed') removed += p.text;
    else if (p.op === 'added') added += p.text;
    else if (removed && added && /^\s+$/.test(p.text) && raw[i + 1] && raw[i + 1].op !== 'same') {
      removed += p.text;
      added += p.text;
    } else {
      flush();
      const last = parts[parts.length - 1];
      if (last && last.op === 'same') last.text += p.text;
      else parts.push({ ...p });
    }
  });
  flush();
  return { changed: parts.some((p) => p.op !== 'same'), parts };
}

/**
 * The key two versions of a section are matched by: its title without the numbers a score puts
 * in it ("Validation Score: 6.0/10" and "Validation Score: 7.5/10" are one section), lower-case.
 */
export function sectionKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/\d+(?:[.,]\d+)?\s*(?:\/|out of)\s*10\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const meaningfulLines = (body: string) =>
  body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * Each section of the feedback, split on its headings (the display rule's `##` sections), in the
 * newer version's order, with the sections only the older one had at the end: new, gone, changed
 * (the lines added and removed) or the same.
 */
export function sectionDiff(baseFeedback: string, headFeedback: string): SectionDiff[] {
  const base = splitReportSections(baseFeedback);
  const head = splitReportSections(headFeedback);
  const baseByKey = new Map<string, { title: string; body: string }>();
  for (const s of base) if (!baseByKey.has(sectionKey(s.title))) baseByKey.set(sectionKey(s.title), s);
  const seen = new Set<string>();
  const out: SectionDiff[] = [];
  for (const s of head) {
    const key = sectionKey(s.title);
    if (seen.has(key)) continue;
    seen.add(key);
    const before = baseByKey.get(key);
    const headLines = meaningfulLines(s.body);
    if (!before) {
      out.push({ title: s.title, state: 'new', added: headLines, removed: [] });
      continue;
    }
    const added: string[] = [];
    const removed: string[] = [];
    for (const c of boundedArrayDiff(meaningfulLines(before.body), headLines, DIFF_BOUNDS.lines)) {
      if (c.added) added.push(...c.value);
      else if (c.removed) removed.push(...c.value);
    }
    const titleChanged = before.title !== s.title;
    out.push({ title: s.title, state: added.length || removed.length || titleChanged ? 'changed' : 'same', added, removed });
  }
  for (const [key, s] of baseByKey) {
    if (!seen.has(key)) out.push({ title: s.title, state: 'gone', added: [], removed: meaningfulLines(s.body) });
  }
  return out;
}

type Changes = Pick<ValidationComparison, 'inputs' | 'sections'>;

const INPUT_KEYS = VALIDATION_INPUTS.map((f) => f.name);

/** Gives the event loop a turn (requests waiting on this process are answered in between). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The diffs of two versions, one input or section at a time with a turn of the event loop between them. */
async function changesOf(base: StoredValidationView, head: StoredValidationView): Promise<Changes> {
  const inputs: Partial<Record<(typeof INPUT_KEYS)[number], InputDiff>> = {};
  for (const key of INPUT_KEYS) {
    await yieldToLoop();
    inputs[key] = wordDiff(base[key] ?? '', head[key] ?? '');
  }
  await yieldToLoop();
  return { inputs: inputs as Changes['inputs'], sections: sectionDiff(base.feedback, head.feedback) };
}

/** Pairs compared most recently (by content), so a repeated compare costs nothing. */
const CACHE_SIZE = 100;
const cache = new Map<string, Promise<Changes>>();
/** Comparisons run one after another: many at once still leave the event loop a turn between pieces. */
let queue: Promise<unknown> = Promise.resolve();

const pairKey = (base: StoredValidationView, head: StoredValidationView) => {
  const h = createHash('sha256');
  for (const v of [base, head]) for (const text of [...INPUT_KEYS.map((k) => v[k] ?? ''), v.feedback]) h.update(`${text.length}:${text}`);
  return h.digest('base64url');
};

/**
 * What changed from `base` (the older version) to `head`. Each diff is bounded (`DIFF_BOUNDS`),
 * comparisons run one at a time with a turn of the event loop between inputs, and the last
 * pairs' diffs are kept, so comparing at the read limit never stalls the process.
 */
export async function compareValidations(base: StoredValidationView, head: StoredValidationView): Promise<ValidationComparison> {
  const key = pairKey(base, head);
  let changes = cache.get(key);
  if (changes) cache.delete(key);
  else {
    changes = queue.then(() => changesOf(base, head));
    queue = changes.catch(() => undefined);
    changes.catch(() => cache.delete(key));
  }
  cache.set(key, changes);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  const change = base.score !== null && head.score !== null ? Math.round((head.score - base.score) * 10) / 10 : null;
  return { base, head, score: { before: base.score, after: head.score, change }, ...(await changes) };
}
