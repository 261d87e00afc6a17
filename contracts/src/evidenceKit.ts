/**
 * The helpers of the interview evidence: built from step 3's interviews,
 * normalised before an order sends them, and which report agents quote them (keeping it in browser
 * storage is `@val/client/browser`). Browser code imports this as `@val/contracts/evidence` (only where used, so it stays off
 * the landing page); the Node entry re-exports it.
 */
import { INTERVIEW_EVIDENCE_LIMITS, type InterviewEvidence, type InterviewEvidencePersona, type InterviewExchange } from './evidence';
import { utf8Length } from './utf8';
import type { CustomerPersona, InterviewMessage } from './simulation';

/**
 * Report agents that face customers or the market and quote the interviews in their sections
 * (every product of the catalogue has at least one; a test checks the ids exist).
 */
export const INTERVIEW_EVIDENCE_AGENT_IDS: ReadonlyArray<string> = [
  // New Product Feasibility Study
  'target-customers',
  'market-trends',
  // Idea Desirability Assessment
  'desirability-assessment',
  // TAM Assessment for Ideas
  'market-definition',
  'bottom-up-sizing',
  // Business Idea Evaluation
  'problem-solution-fit',
  // Porter's 5 Forces Analysis
  'buyer-power',
  'threat-of-substitutes',
  // Voice of Customer Insights
  'customer-personas',
  'customer-insights',
  // Market Pain Points Analysis
  'pain-discovery',
  'pain-prioritization',
  // Revenue Opportunity Validation
  'pricing-benchmarks',
  'demand-signals',
  // Enterprise reports
  'segment-dynamics',
  'customer-demand',
  'market-attractiveness',
];

/** Whether the agent quotes the interview evidence in its section. */
export { utf8Length };

export function citesInterviewEvidence(agentId: string): boolean {
  return INTERVIEW_EVIDENCE_AGENT_IDS.includes(agentId);
}

/** Whitespace collapsed, trimmed and cut to `max` characters (at a word when it can, with "…"). */
export function clipText(text: string, max: number): string {
  const s = text.replace(/\s+/g, ' ').trim();
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length >= max * 0.6 ? atWord : cut}…`;
}

/**
 * The evidence of step 3's interviews: per persona (in persona order), each reply paired with
 * the founder's question before it (the opening message, which answers no question, is left
 * out), the ten most recent exchanges, every text clipped to the limits. Personas without an
 * answered question are left out; no interviews → [].
 */
export function interviewEvidenceFrom(
  personas: ReadonlyArray<Pick<CustomerPersona, 'id' | 'name' | 'role'>>,
  interviews: Readonly<Record<string, ReadonlyArray<Pick<InterviewMessage, 'isUser' | 'text'>>>>,
): InterviewEvidence {
  const L = INTERVIEW_EVIDENCE_LIMITS;
  const out: InterviewEvidence = [];
  for (const p of personas) {
    const exchanges: InterviewExchange[] = [];
    let question: string | null = null;
    for (const m of interviews[p.id] ?? []) {
      const text = m.text.trim();
      if (!text) continue;
      if (m.isUser) question = text;
      else if (question !== null) {
        exchanges.push({ question: clipText(question, L.question), reply: clipText(text, L.reply) });
        question = null;
      }
    }
    const name = clipText(p.name, L.name);
    if (exchanges.length && name) out.push({ name, role: clipText(p.role, L.role), exchanges: exchanges.slice(-L.exchangesPerPersona) });
    if (out.length >= L.personas) break;
  }
  return fitJson(out);
}

/** Drops the oldest exchanges (round robin over the personas) until the JSON fits the byte limit. */
function fitJson(e: InterviewEvidence): InterviewEvidence {
  const out = e.map((p) => ({ ...p, exchanges: [...p.exchanges] }));
  let i = 0;
  while (utf8Length(JSON.stringify(out)) > INTERVIEW_EVIDENCE_LIMITS.jsonBytes && out.some((p) => p.exchanges.length > 1)) {
    const p = out[i % out.length];
    if (p.exchanges.length > 1) p.exchanges.shift();
    i++;
  }
  return out;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whatever browser storage holds, made into evidence the BFF accepts: entries of the wrong shape
 * are dropped and texts clipped to the limits (the BFF's zod schema is strict; this never sends
 * it something it would refuse). null when nothing usable is left.
 */
export function normalizeInterviewEvidence(raw: unknown): InterviewEvidence | null {
  if (!Array.isArray(raw)) return null;
  const L = INTERVIEW_EVIDENCE_LIMITS;
  const personas: InterviewEvidence = [];
  for (const p of raw) {
    if (!isObj(p) || typeof p.name !== 'string' || !Array.isArray(p.exchanges)) continue;
    const exchanges: InterviewExchange[] = [];
    for (const x of p.exchanges) {
      if (!isObj(x) || typeof x.question !== 'string' || typeof x.reply !== 'string') continue;
      const question = clipText(x.question, L.question);
      const reply = clipText(x.reply, L.reply);
      if (question && reply) exchanges.push({ question, reply });
    }
    const name = clipText(p.name, L.name);
    if (!name || !exchanges.length) continue;
    personas.push({ name, role: typeof p.role === 'string' ? clipText(p.role, L.role) : '', exchanges: exchanges.slice(-L.exchangesPerPersona) });
    if (personas.length >= L.personas) break;
  }
  const fitted = fitJson(personas);
  return fitted.length && utf8Length(JSON.stringify(fitted)) <= L.jsonBytes ? fitted : null;
}

/** Number of exchanges in the evidence. */
export function evidenceExchangeCount(evidence: ReadonlyArray<InterviewEvidencePersona> | null | undefined): number {
  return (evidence ?? []).reduce((n, p) => n + p.exchanges.length, 0);
}
