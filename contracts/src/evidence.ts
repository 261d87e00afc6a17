/**
 * Interview evidence carried into the paid reports: the replies of step 3's AI
 * personas to the founder's questions travel with a report order, so the customer- and
 * market-facing agents quote them and the report page and PDF list them under "Evidence used".
 *
 * The step-3 remote (mf-simulation) writes them to browser storage under
 * INTERVIEW_EVIDENCE_STORAGE_KEY; the catalogue remote reads them there when it sends an order
 * (remotes never import each other). The BFF checks them with `interviewEvidenceSchema`
 * (`@val/contracts/schemas`). This file holds only the names, bounds and types (it is in the
 * shared contracts module of every page); the helpers are `@val/contracts/evidence`
 * (evidenceKit.ts), loaded only by the screens that use them.
 */

/** localStorage key of the interview evidence (written by step 3, read by the paid flow). */
export const INTERVIEW_EVIDENCE_STORAGE_KEY = 'val.interviewEvidence';

/** The label every quoted reply carries, wherever it is shown. */
export const SYNTHETIC_INTERVIEW_LABEL = 'Synthetic interview — an AI persona, not a real customer';

/** Title of the list of interviews on the report page and in the PDF. */
export const EVIDENCE_USED_TITLE = 'Evidence used';

/** Bounds of the evidence an order may carry (characters / items). */
export const INTERVIEW_EVIDENCE_LIMITS = {
  personas: 3,
  exchangesPerPersona: 10,
  name: 80,
  role: 160,
  question: 300,
  reply: 500,
  /**
   * Largest JSON of the whole evidence as it is stored (`JSON.stringify` of the checked list), in
   * UTF-8 bytes, whichever shape it came in (a list, or its JSON text in a form field): well
   * inside the 65,535 bytes of the TEXT columns that keep it on MySQL.
   */
  jsonBytes: 24000,
  /** @deprecated the same limit, `jsonBytes` (it counts UTF-8 bytes, not characters). */
  jsonChars: 24000,
} as const;

/** One question of the founder and the persona's reply. */
export interface InterviewExchange {
  question: string;
  reply: string;
}

/** One interviewed persona with its exchanges (at least one). */
export interface InterviewEvidencePersona {
  name: string;
  role: string;
  exchanges: InterviewExchange[];
}

/** What an order carries: up to three personas with up to ten exchanges each. */
export type InterviewEvidence = InterviewEvidencePersona[];
