#!/usr/bin/env node
/**
 * Segment sizes against labelled real sizes: for each segment of segments.json (a founder's
 * customer, e.g. "Hair salons in France", whose real count is known to an order of magnitude,
 * with its source), the count the offline analyst's one sizing rule gives (`sizeSegment`, as the
 * validation, step 3 and every report's sheet use it) is judged:
 *   within  — inside the labelled plausible range;
 *   off     — outside it, but less than ten times away;
 *   wrong   — ten times or more away (an order of magnitude: a failure);
 *   unknown — the analyst says "unknown — give your count" (counted apart).
 *   node bench/report-quality/segments.js      (build first: node scripts/ensure-built.js)
 * Prints each segment, the counts, and a JSON line `BENCH {...}`.
 * `judgeSegments` is shared with bff/src/analysis/segmentSize.test.ts.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The labelled set. */
function labelledSegments() {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'segments.json'), 'utf8')).segments;
}

/**
 * Judges each labelled segment with `size(customer)` → { value, upperBound, segment }.
 * Returns the rows and the counts of each outcome.
 */
function judgeSegments(labelled, size) {
  const rows = labelled.map((s) => {
    const z = size(s.customer);
    const v = z.value;
    const outcome = z.upperBound ? 'unknown' : v >= s.low && v <= s.high ? 'within' : v > s.low / 10 && v < s.high * 10 ? 'off' : 'wrong';
    const ratio = v < s.low ? s.low / v : v > s.high ? v / s.high : 1;
    return { customer: s.customer, segment: z.segment ? z.segment.id : null, value: v, low: s.low, high: s.high, outcome, ratio, source: s.source };
  });
  const count = (o) => rows.filter((r) => r.outcome === o).length;
  return { rows, within: count('within'), off: count('off'), wrong: count('wrong'), unknown: count('unknown'), total: rows.length };
}

module.exports = { labelledSegments, judgeSegments };

if (require.main === module) {
  let analyst;
  try {
    analyst = require('@val/offline-analyst');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    console.error('Build first: node scripts/ensure-built.js');
    process.exit(1);
  }
  const { sizeSegment, readIdeaMarket, readPlace, GENERAL } = analyst;
  // As the validation and step 3 size an idea whose customer is this segment.
  const size = (customer) => {
    const v = { idea: 'A subscription app', targetCustomer: customer, problemSolved: '' };
    const market = readIdeaMarket(v).market;
    return sizeSegment({ customer, text: customer, place: readPlace(customer), market: market ?? GENERAL.consumer, marketId: market ? market.id : 'general' });
  };
  const r = judgeSegments(labelledSegments(), size);
  const w = (n) => Math.round(n).toLocaleString('en-US');
  for (const row of r.rows)
    console.log(
      `${row.outcome.padEnd(8)} ${row.customer.padEnd(40)} ${String(row.segment ?? '-').padEnd(24)} ${(row.outcome === 'unknown' ? `≤ ${w(row.value)}` : w(row.value)).padStart(12)}  real ${w(row.low)}–${w(row.high)}${row.ratio > 1 && row.outcome !== 'unknown' ? ` (×${row.ratio.toFixed(1)} off)` : ''}`,
    );
  const sized = r.total - r.unknown;
  console.log(
    `\n${r.total} labelled segments: ${r.within} within the plausible range (${Math.round((100 * r.within) / sized)}% of the ${sized} sized), ${r.off} off by less than ten times, ${r.wrong} wrong by an order of magnitude or more, ${r.unknown} unknown ("give your count").`,
  );
  console.log(`BENCH ${JSON.stringify({ bench: 'segment-sizes', total: r.total, within: r.within, off: r.off, wrong: r.wrong, unknown: r.unknown })}`);
}
