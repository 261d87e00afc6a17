/**
 * Browser-only helpers: the interview evidence step 3 keeps in browser storage (localStorage), read
 * back normalised before an order sends it. Imported as `@val/client/browser` only by the screens
 * that keep or send evidence, so it stays off the landing page.
 */
import { INTERVIEW_EVIDENCE_STORAGE_KEY, type InterviewEvidence } from '@val/contracts';
import { normalizeInterviewEvidence } from '@val/contracts/evidence';

/** The evidence step 3 left in browser storage, ready to send; null when there is none. */
export function readStoredInterviewEvidence(store: Pick<Storage, 'getItem'> | null): InterviewEvidence | null {
  try {
    const raw = store?.getItem(INTERVIEW_EVIDENCE_STORAGE_KEY);
    return raw ? normalizeInterviewEvidence(JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Step 3 keeps the stored evidence in step with its interviews: written when there is some, removed otherwise. */
export function storeInterviewEvidence(store: Pick<Storage, 'setItem' | 'removeItem'> | null, evidence: InterviewEvidence): void {
  try {
    if (evidence.length) store?.setItem(INTERVIEW_EVIDENCE_STORAGE_KEY, JSON.stringify(evidence));
    else store?.removeItem(INTERVIEW_EVIDENCE_STORAGE_KEY);
  } catch {
    /* storage full or blocked: the order goes without evidence */
  }
}
