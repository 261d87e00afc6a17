import { validationFingerprint } from '@val/contracts';
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
  it('fingerprints differ per idea and ignore the feedback text', () => {
    expect(validationFingerprint(v1)).not.toBe(validationFingerprint(v2));
    expect(validationFingerprint({ ...v1 })).toBe(validationFingerprint(v1));
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
