import { INTERVIEW_EVIDENCE_STORAGE_KEY } from '@val/contracts';
import { readStoredInterviewEvidence, storeInterviewEvidence } from './browser';

describe('the interview evidence in browser storage', () => {
  it('is kept in browser storage under its contract key: written when there is some, removed when there is none', () => {
    const m = new Map<string, string>();
    const store = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
    const e = [{ name: 'Maria', role: 'Owner', exchanges: [{ question: 'Q?', reply: 'R.' }] }];
    storeInterviewEvidence(store, e);
    expect(JSON.parse(m.get(INTERVIEW_EVIDENCE_STORAGE_KEY) as string)).toEqual(e);
    expect(readStoredInterviewEvidence(store)).toEqual(e);
    storeInterviewEvidence(store, []);
    expect(m.has(INTERVIEW_EVIDENCE_STORAGE_KEY)).toBe(false);
    m.set(INTERVIEW_EVIDENCE_STORAGE_KEY, '{not json');
    expect(readStoredInterviewEvidence(store)).toBeNull();
  });
});
