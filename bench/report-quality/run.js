#!/usr/bin/env node
/**
 * Report quality: can a founder trust what Val ships? For every idea of ideas.json (66 ideas of
 * every market of the offline analyst's table, and some of none, in many countries and
 * currencies) and of ideas-facts.json (3 more for the idea's own facts), through the BUILT
 * server's public HTTP API only:
 *   - the free validation (`POST /api/validate`);
 *   - step 3: personas, one opening interview per persona, the six-month simulation, and Val's
 *     chat asked "How many users did I lose in Month N, and what was my growth rate?" about the
 *     month with the most users lost (driver.js);
 *   - all eight paid reports (`POST /api/dev/reports`, polled with `POST /api/reports/status`);
 * on two providers: the built-in offline analyst, and a careless model (a loopback
 * OpenAI-compatible server answering with bff/test/carelessModel.ts, repair mode 'half': wrong
 * and falsely precise numbers, a cheerful verdict, wrong-market names, mislabelled scores,
 * invented citations; it fixes half of it when asked to repair). A third pass runs the reports
 * with the offline analyst and a fake SearxNG provider (bff/test/fakeSearch.ts) for citations.
 *
 * The probes (probes.js, shared with the fast subset bff/src/analysis/quality.int.test.ts) are
 * a second opinion written apart from the BFF's checker. What they count, precisely:
 *
 * 1. Shipped contradictions (target 0), against the answer's own fact sheet:
 *    - a stated verdict ("Verdict: X", "verdict is X") that is not fact_sheet.verdict.word;
 *    - a break-even month ("break-even in month N", "month N … break-even", "breaks even after N
 *      months") or year ("break-even in year N") that is not the sheet's (the month of
 *      'break-even-at-that-price' is accepted in a sentence about another price); "no
 *      break-even" when the sheet has one (unless "within N years" is shorter than it); when the
 *      sheet has none, "the numbers can work", "becomes profitable", "turns a profit", "reaches
 *      break-even" or "breaks even" (not by/within/before) in a sentence without a negation, a
 *      condition or another price. Sentences that quote the sheet's own texts are skipped;
 *    - "Low/Medium/High (n/10)" or "n/10 … Low/Medium/High" whose word is not 0–3 Low, 4–6
 *      Medium, 7–10 High (n rounded to a whole number first);
 *    - in a section whose step id is a sheet score's id, an x/10 that is not that score (unless
 *      the sentence names the other score it is);
 *    - the validation's "Validation Score: x/10" or `score` that is not its factSheet.score, and
 *      its verdict against factSheet.verdict (only when the answer carries a factSheet: until
 *      then the validation is checked for labels and names only, and the count of validations
 *      without one is printed and is a figure);
 *    - step 3: a month card whose users differ from the sheet's month, or whose title, wins,
 *      challenges or challenge mention a number that is not that month's (users, new users, lost
 *      users, growth percent, net change, previous and next month's users, the lost users as a
 *      percent of the previous month's, its multiple of month 1; "Month N" is a month; a number
 *      the founder wrote with the same word next to it is a quote and allowed); the chat reply
 *      about lost users that does not state the month's churnedUsers, or that gives a user count
 *      or a percentage that is not one of the month's.
 * 2. Wrong-market names shipped (target 0): a company of probes.js's WELL_KNOWN list (written for
 *    this bench, with every name the careless model uses) whose markets do not include the
 *    market the analysis read (the sheet's market.id; for a validation without a sheet, the
 *    idea's expected markets), and that is not in fact_sheet.competitors, the founder's inputs
 *    or the section's sources.
 * 3. Numbers not traceable (target 0): every money amount (any currency, K/M/B), percentage,
 *    x/10 score and other number of 100 or more (4-digit years 1900–2099, the unit of a rate
 *    "per 100" and the number of a name "ISO 27001", "Local Law 144" excepted; numbers in
 *    addresses and [n] markers ignored) in the shipped text
 *    that matches, within half a unit of the last digit it was written with (×K/M/B), none of:
 *    the sheet's numbers of its kind (money in the sheet's currency against money figures, range
 *    ends and year revenue, costs and profit; percentages against percent figures and step-3
 *    growth; x/10 against scores; counts against any number of the sheet), numbers written in
 *    the sheet's own texts, any number the founder wrote, a number in the title or snippet of a
 *    source the sentence cites; and whose sentence is not marked "(assumption)", "assume…",
 *    "for example", "e.g." or "success =". Step 3 may also state the next month's users its
 *    answer computed. Validation answers without a factSheet are not counted here.
 * 4. Sections with sources when a search provider is set (target >= 90%), and [n] markers that
 *    are not one of their section's sources (target 0, every pass).
 * 5. Seconds per report (start request to the poll that saw it finished), median and p90, per
 *    pass: printed.
 * 6. The offline analyst's market reads: the share of fact sheets (reports of every product, step
 *    3, validations that carry one) whose market.id is not among the idea's expected markets
 *    (and not 'general', which is only a miss): printed, 0 wanted.
 * 7. Links shipped to an address no source of the section gave (target 0, every pass): a
 *    model's "[Claim your refund](https://evil.example/refund)" must not reach a founder.
 * 8. Fact sheets that contradict themselves (target 0): a figure whose base lies outside its own
 *    low–high range, a year whose profit is not revenue − costs, a score whose word is not its
 *    level, a "Go" without a break-even within five years.
 * Reports that fail, and HTTP errors, are counted as failed runs (target 0).
 *
 *   node bench/report-quality/run.js                 (build first: node scripts/ensure-built.js)
 *   BENCH_IDEAS=5 node bench/report-quality/run.js   (the first 5 ideas: a quick run)
 * 9. The idea's own facts (issue 36), per idea × product (each report counted at most once per
 *    kind; target 0 each, offline and careless passes):
 *    - problem-replaced: a line that states one of the market table's typical pains without
 *      labelling it as the market's ("other pains common in <market>"), or a founder's stated
 *      problem (inputs.problemSolved) the report never quotes;
 *    - foreign-law: a law or regulator (probes.js's LAWS, written for the bench) of a jurisdiction
 *      other than the place the founder's inputs name (PLACE_JURISDICTIONS); with no place named,
 *      any named law, except in a sentence that lists them "to check" per place;
 *    - hardware-feasibility: an idea ideas.json labels `kind: "hardware"` whose Technical
 *      Feasibility does not plan certification, manufacturing, unit cost and components;
 *    - off-segment: a company of probes.js's SEGMENTS named for an idea whose words touch none of
 *      what it sells (Chewy, BarkBox or Rover for a GPS collar).
 *
 *   BENCH_PASSES=offline node bench/report-quality/run.js   (the offline analyst only)
 * Env: BENCH_IDEAS (all), BENCH_CONCURRENCY (4: report workers and client runs at once),
 * BENCH_EXAMPLES (5 offending examples printed per kind and pass), BENCH_OUT (a file to write
 * every finding of every pass to, as JSON), BENCH_PASSES (offline,careless,search).
 * Prints the figures, examples and a JSON line `BENCH {...}` for `npm run bench`.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'bff', 'dist', 'src', 'server.js'))) {
  console.error('Build first: node scripts/ensure-built.js');
  process.exit(1);
}
const { startServer } = require('../lib/server');
const { requireTestSupport } = require('../lib/testSupport');
const { getProduct } = require('@val/content');
const { runSuite, describe, PRODUCTS } = require('./suite');

const read = (file) => JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')).ideas;
/** ideas.json, then the ideas added for the idea's own facts (ideas-facts.json: never tuned on). */
const ALL = [...read('ideas.json'), ...read('ideas-facts.json')];
const IDEAS = ALL.slice(0, Number(process.env.BENCH_IDEAS || ALL.length));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const EXAMPLES = Number(process.env.BENCH_EXAMPLES || 5);
const KINDS = [
  'contradiction',
  'wrong-name',
  'untraceable',
  'citation',
  'link',
  'sheet',
  'problem-replaced',
  'foreign-law',
  'hardware-feasibility',
  'off-segment',
  'failed',
];
/** The idea's own facts (issue 36), counted once per idea × product. */
const FACT_KINDS = ['problem-replaced', 'foreign-law', 'hardware-feasibility', 'off-segment'];
/** Which passes to run: all, or a comma-separated subset of offline, careless, search (BENCH_PASSES=offline: the offline analyst only). */
const PASSES = (process.env.BENCH_PASSES || 'offline,careless,search').split(',').map((x) => x.trim());

/** The ideas' inputs must fit the forms: a bench that sends what the server refuses measures nothing. */
function checkIdeas(ideas) {
  const problems = [];
  if (ideas.length < 60 && !process.env.BENCH_IDEAS) problems.push(`the bench has ${ideas.length} ideas (at least 60 wanted)`);
  for (const idea of ideas) {
    for (const id of PRODUCTS) {
      const inputs = idea.inputs[id];
      if (!inputs) problems.push(`${idea.id}: no inputs for ${id}`);
      for (const f of getProduct(id).fields) {
        const v = inputs?.[f.name];
        if (!v || !v.trim()) problems.push(`${idea.id}: ${id}.${f.name} missing`);
        else if (v.trim().length > f.maxLength) problems.push(`${idea.id}: ${id}.${f.name} has ${v.trim().length} > ${f.maxLength} characters`);
      }
    }
    if (!idea.expected?.length) problems.push(`${idea.id}: no expected markets`);
  }
  if (problems.length) throw new Error(`ideas.json:\n${problems.join('\n')}`);
}

const BASE_ENV = {
  TRUST_PROXY: '1',
  VALIDATE_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '100000',
  AI_TOKEN_BUDGET_PER_IP: '1000000000',
  REPORT_WORKER_CONCURRENCY: String(CONCURRENCY),
  REPORT_POLL_MS: '20',
  AI_PROVIDER: 'offline',
};

/** One pass over the ideas on a fresh server started with `env`. */
async function runPass(name, env, opts = {}) {
  const server = await startServer({ ...BASE_ENV, ...env });
  try {
    return { name, ...(await runSuite(server.url, IDEAS, { concurrency: CONCURRENCY, ...opts })) };
  } finally {
    await server.stop();
  }
}

const quantile = (xs, q) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const pct = (x) => `${(x * 100).toFixed(1)}%`;

function printPass(p) {
  const count = (k) => p.findings.filter((f) => f.kind === k).length;
  console.log(
    `\n--- ${p.name}: ${p.runs} runs in ${p.wallS.toFixed(1)} s; ${p.reportMs.length} reports, ${p.sections} sections, ${p.claims} numeric claims read; the BFF's checker removed ${p.removed} sentences`,
  );
  const seen = p.seen;
  console.log(
    `  statements read: ${seen.verdicts ?? 0} verdicts, ${seen.breakEven ?? 0} break-even statements, ${seen.labels ?? 0} Low/Medium/High labels with a score, ${seen.ownScores ?? 0} x/10 in sections with their own score`,
  );
  for (const k of KINDS) console.log(`  ${k.padEnd(14)} ${count(k)}`);
  const bySurface = new Map();
  for (const f of p.findings) {
    const key = `${f.surface}|${f.kind}`;
    bySurface.set(key, (bySurface.get(key) ?? 0) + 1);
  }
  if (bySurface.size) {
    console.log('  by surface:');
    for (const [key, n] of [...bySurface].sort()) console.log(`    ${key.replace('|', ': ')} ${n}`);
  }
  for (const k of KINDS) {
    const list = p.findings.filter((f) => f.kind === k);
    if (!list.length) continue;
    console.log(`  first ${Math.min(EXAMPLES, list.length)} ${k} findings:`);
    for (const f of list.slice(0, EXAMPLES)) console.log(`    ${describe(f).replace(/\n/g, '\n    ')}`);
  }
  if (p.withSources) {
    const top = Object.entries(p.unsourced).sort((a, b) => b[1] - a[1]);
    console.log(
      `  sections with sources: ${p.withSources} of ${p.sections}${
        top.length
          ? `; without: ${top
              .slice(0, 8)
              .map(([k, v]) => `${k} (${v})`)
              .join(', ')}`
          : ''
      }`,
    );
  }
  if (p.reportMs.length)
    console.log(`  seconds per report: median ${(quantile(p.reportMs, 0.5) / 1000).toFixed(2)}, p90 ${(quantile(p.reportMs, 0.9) / 1000).toFixed(2)}`);
}

async function main() {
  checkIdeas(IDEAS);
  const { startChatServer } = requireTestSupport('chatServer');
  const { carelessReply } = requireTestSupport('carelessModel');
  const { startFakeSearch } = requireTestSupport('fakeSearch');
  console.log(`Report quality: ${IDEAS.length} ideas × (validation, step 3, ${PRODUCTS.length} products); ${CONCURRENCY} at a time`);

  const offline = await runPass('offline analyst', { AI_PROVIDER: 'offline' });
  printPass(offline);
  const n = (p, k) => p.findings.filter((f) => f.kind === k).length;
  const factResults = (p) => FACT_KINDS.map((k) => ({ name: `${k} (${p.name}, per idea × product)`, value: n(p, k), target: '= 0', pass: n(p, k) === 0 }));
  if (!PASSES.includes('careless') && !PASSES.includes('search')) {
    console.log(`BENCH ${JSON.stringify({ bench: 'report-quality', passes: ['offline'], results: factResults(offline) })}`);
    return;
  }

  const model = await startChatServer();
  model.reply((req) => carelessReply(req, { repair: 'half' }));
  let careless;
  try {
    careless = await runPass('careless model', {
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_API_KEY: 'sk-bench-careless',
      AI_MAX_RETRIES: '0',
    });
  } finally {
    await model.close();
  }
  printPass(careless);

  const search = await startFakeSearch('searxng');
  let searched;
  try {
    searched = await runPass('offline analyst + search (fake SearxNG)', { AI_PROVIDER: 'offline', ...search.env }, { reportsOnly: true });
  } finally {
    await search.close();
  }
  printPass(searched);

  // Market reads of the offline analyst (the sheets are computed in code: the same for every provider).
  const reads = offline.reads;
  const wrong = reads.filter((r) => r.read === 'wrong');
  const general = reads.filter((r) => r.read === 'general');
  console.log(
    `\nMarket reads of the offline pass's fact sheets: ${reads.length} sheets, ${pct((reads.length - wrong.length - general.length) / reads.length)} right, ${pct(wrong.length / reads.length)} wrong, ${pct(general.length / reads.length)} general (a miss)`,
  );
  const wrongByIdea = new Map();
  for (const r of wrong) wrongByIdea.set(r.idea, [...(wrongByIdea.get(r.idea) ?? []), `${r.surface} → ${r.id}`]);
  for (const [id, list] of [...wrongByIdea].slice(0, 3 * EXAMPLES))
    console.log(`  WRONG ${id} (expected ${IDEAS.find((i) => i.id === id).expected.join(', ')}): ${list.join('; ')}`);

  const passes = [offline, careless, searched];
  if (process.env.BENCH_OUT)
    fs.writeFileSync(
      process.env.BENCH_OUT,
      JSON.stringify(
        passes.map((p) => ({ name: p.name, findings: p.findings, reads: p.reads })),
        null,
        1,
      ),
    );
  const results = [];
  for (const p of [offline, careless]) {
    results.push(...factResults(p));
    results.push({ name: `shipped contradictions (${p.name})`, value: n(p, 'contradiction'), target: '= 0', pass: n(p, 'contradiction') === 0 });
    results.push({ name: `wrong-market names shipped (${p.name})`, value: n(p, 'wrong-name'), target: '= 0', pass: n(p, 'wrong-name') === 0 });
    results.push({
      name: `numbers not traceable to the sheet or labelled (${p.name})`,
      value: `${n(p, 'untraceable')} of ${p.claims}`,
      target: '= 0',
      pass: n(p, 'untraceable') === 0,
    });
  }
  const shareSources = searched.sections ? searched.withSources / searched.sections : 0;
  results.push({
    name: 'report sections with sources (fake SearxNG)',
    value: `${pct(shareSources)} of ${searched.sections}`,
    target: '>= 90%',
    pass: shareSources >= 0.9,
  });
  const badCites = passes.reduce((s, p) => s + n(p, 'citation'), 0);
  results.push({ name: "[n] not among the section's sources (all passes)", value: badCites, target: '= 0', pass: badCites === 0 });
  const links = passes.reduce((s, p) => s + n(p, 'link'), 0);
  results.push({ name: 'links to addresses no source gave (all passes)', value: links, target: '= 0', pass: links === 0 });
  results.push({
    name: 'fact-sheet figures that contradict their own sheet (offline pass)',
    value: n(offline, 'sheet'),
    target: '= 0',
    pass: n(offline, 'sheet') === 0,
  });
  const allFailed = passes.reduce((s, p) => s + n(p, 'failed'), 0);
  results.push({ name: 'failed runs (all passes)', value: allFailed, target: '= 0', pass: allFailed === 0 });
  for (const p of passes) {
    results.push({
      name: `seconds per report (${p.name})`,
      value: `median ${(quantile(p.reportMs, 0.5) / 1000).toFixed(2)}, p90 ${(quantile(p.reportMs, 0.9) / 1000).toFixed(2)}`,
      target: 'printed',
      pass: null,
    });
  }
  const withSheet = offline.validationsWithSheet + careless.validationsWithSheet;
  const validations = offline.validations + careless.validations;
  results.push({
    name: 'validation answers carrying a factSheet',
    value: `${withSheet} of ${validations}`,
    target: '= all',
    pass: validations > 0 && withSheet === validations,
  });
  results.push({
    name: 'offline market reads: wrong market (fact sheets)',
    value: `${pct(wrong.length / Math.max(1, reads.length))} of ${reads.length}`,
    target: '0% wanted (printed)',
    pass: null,
  });
  console.log(`BENCH ${JSON.stringify({ bench: 'report-quality', results })}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
