/**
 * One pass of the report-quality probes over a running server: for each idea, the validation and
 * step 3 (unless `reportsOnly`) and every product's report, `concurrency` runs at a time, each
 * answer probed as it arrives. Shared by run.js (the benchmark) and
 * bff/src/analysis/quality.int.test.ts (its fast subset in `npm test`).
 */
const { runValidation, runStep3, runReport, pool } = require('./driver');
const { probeReport, probeValidation, probeStep3, marketRead, addCounts } = require('./probes');

/** The eight products of the catalogue, in catalogue order (the built contracts; jest maps them to the sources). */
const PRODUCTS = [...require('@val/contracts').CATALOGUE_PRODUCT_IDS];

async function runSuite(base, ideas, { concurrency = 4, reportsOnly = false, products = PRODUCTS } = {}) {
  const pass = {
    findings: [],
    reportMs: [],
    sections: 0,
    withSources: 0,
    claims: 0,
    removed: 0,
    validations: 0,
    validationsWithSheet: 0,
    reads: [],
    runs: 0,
    seen: {},
    unsourced: {},
  };
  const keep = (idea, list) => pass.findings.push(...list.map((f) => ({ ...f, idea: idea.id })));
  const read = (surface, idea, sheet) =>
    sheet && pass.reads.push({ surface, idea: idea.id, expected: idea.expected, read: marketRead(sheet, idea.expected), id: sheet.market.id });
  const failed = (surface, idea, err) =>
    pass.findings.push({ kind: 'failed', surface, section: '(run)', text: String(err?.message ?? err).slice(0, 300), why: 'the run failed', idea: idea.id });
  const tasks = [];
  for (const idea of ideas) {
    if (!reportsOnly) {
      tasks.push(async () => {
        pass.runs += 2;
        try {
          const v = await runValidation(base, idea);
          const pv = probeValidation(v.answer, idea);
          pass.validations += 1;
          if (pv.checked) pass.validationsWithSheet += 1;
          pass.claims += pv.claims;
          addCounts(pass.seen, pv.seen);
          keep(idea, pv.findings);
          read('validation', idea, pv.sheet);
          const s = await runStep3(base, idea, v.answer);
          const ps = probeStep3({ simulation: s.simulation, chat: s.chat, validation: idea.validation, customers: s.customers }, idea);
          pass.claims += ps.claims;
          keep(idea, ps.findings);
          read('step 3', idea, ps.sheet);
        } catch (err) {
          failed('validation / step 3', idea, err);
        }
      });
    }
    for (const product of products) {
      tasks.push(async () => {
        pass.runs += 1;
        try {
          const r = await runReport(base, product, idea.inputs[product]);
          if (r.status.processing_status !== 'finished') throw new Error(`${product} ${r.status.processing_status}: ${r.status.error}`);
          pass.reportMs.push(r.ms);
          const p = probeReport(r.status, { product, inputs: idea.inputs[product], kind: idea.kind });
          pass.sections += p.sections;
          pass.withSources += p.withSources;
          for (const id of p.unsourced) pass.unsourced[`${product} · ${id}`] = (pass.unsourced[`${product} · ${id}`] ?? 0) + 1;
          pass.claims += p.claims;
          addCounts(pass.seen, p.seen);
          pass.removed += r.status.flow_execution_steps.reduce((n, s) => n + (s.check?.removed ?? 0), 0);
          keep(idea, p.findings);
          read(product, idea, p.sheet);
        } catch (err) {
          failed(product, idea, err);
        }
      });
    }
  }
  const t0 = Date.now();
  await pool(concurrency, tasks);
  pass.wallS = (Date.now() - t0) / 1000;
  return pass;
}

/** A finding as one line a developer can act on. */
function describe(f) {
  const text = f.text.length > 220 ? `${f.text.slice(0, 219)}…` : f.text;
  return `[${f.idea} · ${f.surface} · ${f.section}] ${f.why}\n    "${text.replace(/\s+/g, ' ')}"`;
}

module.exports = { runSuite, describe, PRODUCTS };
