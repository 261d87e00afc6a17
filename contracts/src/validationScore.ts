/*
 * Val's score in a feedback text. Node only (the BFF stores it, the migration backfills
 * it): exported from the package index, not from the browser entry, so the landing page does not
 * carry it.
 */

const SCORE_RE = /score[^0-9]{0,40}?(\d{1,2}(?:[.,]\d+)?)\s*(?:\/|out of)\s*10\b/i;
const ANY_OUT_OF_TEN = /(?:^|[^\d.])(\d{1,2}(?:[.,]\d+)?)\s*\/\s*10\b/;

/**
 * Val's score in a feedback text: the `## Validation Score: 7.5/10` line the analyst writes, or a
 * model's variant ("Score: 7/10", "**Overall score** — 7.5 / 10", "score of 6 out of 10"); else
 * the first "N/10" of a heading. 0–10, one decimal; null when there is none.
 */
export function parseValidationScore(feedback: string): number | null {
  const text = feedback.slice(0, 20_000);
  let m = SCORE_RE.exec(text);
  if (!m) {
    const heading = text.split('\n').find((l) => /^\s*#{1,6}\s/.test(l) && ANY_OUT_OF_TEN.test(l));
    m = heading ? ANY_OUT_OF_TEN.exec(heading) : null;
  }
  if (!m) return null;
  const n = Number(m[1].replace(',', '.'));
  if (!Number.isFinite(n) || n < 0 || n > 10) return null;
  return Math.round(n * 10) / 10;
}
