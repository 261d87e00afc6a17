import type { ValidationData } from '@val/contracts';
import { IDLE_RUN, labRunReducer, type LabRun, type LabRunEvent } from './labRun';

const first: ValidationData = { idea: 'A meal planner', targetCustomer: 'Busy parents', problemSolved: 'Food waste', feedback: '## Score\n7/10' };
const second: ValidationData = { ...first, targetCustomer: 'Students', feedback: '## Score\n6/10' };

const run = (events: LabRunEvent[], from: LabRun = IDLE_RUN) => events.reduce(labRunReducer, from);

describe('labRunReducer', () => {
  it('starts a run: pending, no text, no provider yet', () => {
    expect(run([{ type: 'started', run: 1 }])).toEqual({ ...IDLE_RUN, running: 1 });
  });

  it('streams the text and the provider of the current run, then keeps its answer', () => {
    const streaming = run([
      { type: 'started', run: 1 },
      { type: 'provider', run: 1, provider: 'offline' },
      { type: 'text', run: 1, text: '## Market' },
      { type: 'text', run: 1, text: '## Market Opportunity' },
    ]);
    expect(streaming).toEqual({ ...IDLE_RUN, running: 1, provider: 'offline', live: '## Market Opportunity' });
    const sheet = { verdict: 'Go' };
    expect(labRunReducer(streaming, { type: 'answered', run: 1, result: first, sheet, provider: 'offline' })).toEqual({
      running: null,
      live: '',
      provider: 'offline',
      result: first,
      sheet,
    });
  });

  it('keeps the previous result through a new run, and after that run fails', () => {
    const done = run([
      { type: 'started', run: 1 },
      { type: 'answered', run: 1, result: first, sheet: null, provider: 'openai' },
    ]);
    const pending = labRunReducer(done, { type: 'started', run: 2 });
    expect(pending).toMatchObject({ running: 2, result: first, provider: null });
    expect(
      run(
        [
          { type: 'text', run: 2, text: 'half' },
          { type: 'failed', run: 2 },
        ],
        pending,
      ),
    ).toEqual({ ...done, provider: null });
  });

  it('ignores every late event of a run that was reset', () => {
    const reset = run([{ type: 'started', run: 1 }, { type: 'text', run: 1, text: 'Val writes' }, { type: 'reset' }]);
    expect(reset).toBe(IDLE_RUN);
    for (const late of [
      { type: 'provider', run: 1, provider: 'offline' },
      { type: 'text', run: 1, text: 'more' },
      { type: 'answered', run: 1, result: first, sheet: null, provider: 'offline' },
      { type: 'failed', run: 1 },
    ] as LabRunEvent[]) {
      expect(labRunReducer(reset, late)).toBe(reset);
    }
  });

  it('ignores a replaced run’s answer and keeps the current run’s', () => {
    const s = run([
      { type: 'started', run: 1 },
      { type: 'started', run: 2 },
      { type: 'answered', run: 1, result: first, sheet: null, provider: 'offline' },
      { type: 'text', run: 2, text: 'second' },
    ]);
    expect(s).toEqual({ ...IDLE_RUN, running: 2, live: 'second' });
    expect(labRunReducer(s, { type: 'answered', run: 2, result: second, sheet: null, provider: 'offline' })).toMatchObject({ running: null, result: second });
  });

  it('reset clears the result too (Start over)', () => {
    expect(run([{ type: 'started', run: 1 }, { type: 'answered', run: 1, result: first, sheet: {}, provider: 'offline' }, { type: 'reset' }])).toEqual(
      IDLE_RUN,
    );
  });
});
