import { INTERVIEW_EVIDENCE_STORAGE_KEY, validationFingerprint } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { STEP3_STORAGE_KEY, clearState, emptyState, loadState, phaseOf, saveState } from './store';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}
const v1 = { idea: 'Idea one', targetCustomer: 'Bakers', problemSolved: 'Waste' };
const v2 = { ...v1, idea: 'Idea two' };

describe('step-3 storage', () => {
  it('round-trips the progress of the same idea', () => {
    const st = new MemoryStorage();
    const fp = validationFingerprint(v1);
    const s = { ...emptyState(fp), completed: ['a'], answers: { 2: 'my answer' }, chats: { 2: [{ id: 'x', isUser: false, text: 'hi', timestamp: '' }] } };
    saveState(st, s);
    expect(loadState(st, fp)).toEqual(s);
  });
  it('ignores progress of another idea, broken JSON and other versions', () => {
    const st = new MemoryStorage();
    saveState(st, emptyState(validationFingerprint(v1)));
    expect(loadState(st, validationFingerprint(v2))).toBeNull();
    st.setItem(STEP3_STORAGE_KEY, '{nope');
    expect(loadState(st, validationFingerprint(v1))).toBeNull();
    st.setItem(STEP3_STORAGE_KEY, JSON.stringify({ ...emptyState(validationFingerprint(v1)), version: 2 }));
    expect(loadState(st, validationFingerprint(v1))).toBeNull();
    clearState(st);
    expect(st.data.size).toBe(0);
  });
  it('keeps the interviews beside the progress as the evidence a report order carries, and clears it with the progress', () => {
    const st = new MemoryStorage();
    const s = emptyState(validationFingerprint(v1));
    saveState(st, s);
    expect(st.data.has(INTERVIEW_EVIDENCE_STORAGE_KEY)).toBe(false);
    const persona = { id: 'p1', name: 'Maria Lopez', role: 'Bakery owner', avatar: 'ML', background: '' };
    const msg = (isUser: boolean, text: string) => ({ id: text, customerId: 'p1', isUser, text, timestamp: '' });
    saveState(st, {
      ...s,
      personas: [persona],
      interviews: { p1: [msg(false, 'Hello!'), msg(true, 'What do you throw away?'), msg(false, 'A tray of croissants a day.')] },
    });
    expect(readStoredInterviewEvidence(st)).toEqual([
      { name: 'Maria Lopez', role: 'Bakery owner', exchanges: [{ question: 'What do you throw away?', reply: 'A tray of croissants a day.' }] },
    ]);
    clearState(st);
    expect(st.data.size).toBe(0);
  });
  it('fingerprints differ per idea, customer and problem, and ignore the feedback text', () => {
    const fp = validationFingerprint(v1);
    expect(validationFingerprint(v2)).not.toBe(fp);
    expect(validationFingerprint({ ...v1, targetCustomer: 'Florists' })).not.toBe(fp);
    expect(validationFingerprint({ ...v1, problemSolved: 'Late deliveries' })).not.toBe(fp);
    // Where one field ends and the next begins counts too.
    expect(validationFingerprint({ idea: 'ab', targetCustomer: 'c', problemSolved: 'd' })).not.toBe(
      validationFingerprint({ idea: 'a', targetCustomer: 'bc', problemSolved: 'd' }),
    );
    // A re-validation of the same idea gets new feedback (and id): the step-3 progress stays.
    const revalidated = { ...v1, feedback: '## Score: 4/10\nA different reading.', id: 'another-id' };
    expect(validationFingerprint(revalidated)).toBe(fp);
    const st = new MemoryStorage();
    saveState(st, { ...emptyState(fp), completed: ['a'] });
    expect(loadState(st, validationFingerprint(revalidated))?.completed).toEqual(['a']);
  });
  it('derives the phase: locked → start → interviews → simulation', () => {
    const s = emptyState('f');
    expect(phaseOf(false, s)).toBe('locked');
    expect(phaseOf(true, s)).toBe('start');
    const withPersonas = { ...s, personas: [{ id: 'a', name: 'A', role: 'r', avatar: 'A', background: '' }] };
    expect(phaseOf(true, withPersonas)).toBe('interviews');
    expect(phaseOf(true, { ...withPersonas, simulation: [{ month: 1, title: 't', users: 1, wins: [], challenges: [] }] })).toBe('simulation');
    expect(phaseOf(false, { ...withPersonas, simulation: [] })).toBe('locked');
  });
});
