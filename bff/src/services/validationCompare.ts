import { diffArrays, diffWordsWithSpace } from 'diff';
import {
  splitReportSections,
  type DiffPart,
  type InputDiff,
  type SectionDiff,
  type StoredValidationView,
  type ValidationComparison,
} from '@val/contracts';

/**
 * Word-level diff of one input (jsdiff's `diffWordsWithSpace`), as same / added / removed runs.
 * A run of replaced words reads as one: the spaces jsdiff keeps between them ("[-Everyone-]{+Busy+}
 * [-who-]{+working+}") are folded into a single removed and a single added run.
 */
export function wordDiff(before: string, after: string): InputDiff {
  const raw = diffWordsWithSpace(before, after).map((c): DiffPart => ({ op: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
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
    for (const c of diffArrays(meaningfulLines(before.body), headLines)) {
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

/** What changed from `base` (the older version) to `head`. */
export function compareValidations(base: StoredValidationView, head: StoredValidationView): ValidationComparison {
  const change = base.score !== null && head.score !== null ? Math.round((head.score - base.score) * 10) / 10 : null;
  return {
    base,
    head,
    score: { before: base.score, after: head.score, change },
    inputs: {
      idea: wordDiff(base.idea, head.idea),
      targetCustomer: wordDiff(base.targetCustomer, head.targetCustomer),
      problemSolved: wordDiff(base.problemSolved, head.problemSolved),
    },
    sections: sectionDiff(base.feedback, head.feedback),
  };
}
