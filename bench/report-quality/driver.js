/**
 * Drives Val's public HTTP API the way the web pages do, for the report-quality benchmark and its
 * fast subset in `npm test` (bff/src/analysis/quality.int.test.ts): the free validation, step 3
 * (personas, one opening interview each, the simulation, one question to Val about the users
 * lost and the growth), and a paid report through the development route `POST /api/dev/reports`
 * polled with `POST /api/reports/status` until it is finished or failed.
 *
 * Each run speaks as its own client address (`X-Forwarded-For`, read by a server started with
 * TRUST_PROXY): the per-IP limits that env cannot raise (report starts and status polls) then
 * stay out of the measurement, as they would for many founders at once.
 */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let clients = 0;
/** A fresh client address from 10.0.0.0/8 (one per run). */
function nextAddress() {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * POSTs JSON and returns the parsed answer; a 429 is waited out (Retry-After) and tried again,
 * any other non-2xx throws with the server's message.
 */
async function post(base, path, body, address) {
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 429 && attempt < 20) {
      await sleep(Math.min(5000, 1000 * Number(res.headers.get('retry-after') || 1)));
      continue;
    }
    if (!res.ok) throw new Error(`POST ${path} → ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
}

/** `POST /api/validate` with the idea's three answers. */
async function runValidation(base, idea) {
  const t0 = performance.now();
  const answer = await post(base, '/api/validate', idea.validation, nextAddress());
  return { answer, ms: performance.now() - t0 };
}

/** The question step 3's chat is asked: the users lost in a month and the growth rate. */
const LOST_USERS_QUESTION = (month) => `How many users did I lose in Month ${month}, and what was my growth rate?`;

/**
 * Step 3 after a validation: personas, one opening interview reply per persona (the first 100
 * characters go into customerInsights, as the page sends them), the six-month simulation, and one
 * chat question about the month with the most users lost (month 2 or later).
 */
async function runStep3(base, idea, validation) {
  const address = nextAddress();
  const t0 = performance.now();
  const validationData = { ...idea.validation, feedback: validation.feedback };
  const { customers } = await post(base, '/api/generate-customers', validationData, address);
  const customerInsights = [];
  for (const persona of customers) {
    const { response } = await post(
      base,
      '/api/customer-interview',
      { customerId: persona.id, customerPersona: persona, userQuestion: '', conversationHistory: [], validationData },
      address,
    );
    customerInsights.push({ persona, responses: [String(response).slice(0, 100)], completed: true });
  }
  const simulation = await post(base, '/api/generate-simulation', { validationData, customerInsights, landingPageContent: null }, address);
  const months = simulation.factSheet?.months ?? simulation.simulation;
  const lost = (m) => m.churnedUsers ?? 0;
  const pick = months.slice(1).reduce((best, m) => (lost(m) > lost(best) ? m : best), months[1] ?? months[0]);
  const card = simulation.simulation.find((m) => m.month === pick.month) ?? simulation.simulation[0];
  const question = LOST_USERS_QUESTION(card.month);
  const chat = await post(base, '/api/val-chat', { month: card.month, question, conversationHistory: [], simulationData: card, validationData }, address);
  return { customers, customerInsights, simulation, chat: { month: card.month, question, reply: chat.response }, ms: performance.now() - t0 };
}

/**
 * One paid report: started through `POST /api/dev/reports`, polled every 50 ms (slowing to
 * 400 ms) until finished or failed. `ms` runs from the start request to the poll that saw it end.
 */
async function runReport(base, product, inputs, { timeoutMs = 300_000 } = {}) {
  const address = nextAddress();
  const t0 = performance.now();
  const { id } = await post(base, '/api/dev/reports', { product, inputs }, address);
  let wait = 50;
  for (;;) {
    const status = await post(base, '/api/reports/status', { execution_id: id }, address);
    if (status.processing_status === 'finished' || status.processing_status === 'failed') return { id, status, ms: performance.now() - t0 };
    if (performance.now() - t0 > timeoutMs) throw new Error(`report ${product} ${id} still ${status.processing_status} after ${timeoutMs} ms`);
    await sleep(wait);
    wait = Math.min(400, Math.round(wait * 1.3));
  }
}

/** Runs `tasks` (functions returning promises) with at most `n` at a time; results in task order. */
async function pool(n, tasks) {
  const out = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, tasks.length) }, async () => {
      while (next < tasks.length) {
        const k = next++;
        out[k] = await tasks[k]();
      }
    }),
  );
  return out;
}

module.exports = { runValidation, runStep3, runReport, pool, LOST_USERS_QUESTION };
