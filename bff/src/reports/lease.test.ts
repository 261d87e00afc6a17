import pino from 'pino';
import { keepLease } from './lease';

const log = pino({ level: 'silent' });

// The lease's timer is jest's: each step says how much time has passed.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
/** Lets `ms` pass on the fake clock, running the renewals that fall due and their answers. */
const pass = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('keepLease', () => {
  it('renews every third of the lease and calls onLost once when the job is taken over', async () => {
    const answers = [true, true, false, false];
    const renewals: Array<[string, string, number]> = [];
    let lostCalls = 0;
    const lease = keepLease({
      repo: { renew: async (jobId, owner, ms) => (renewals.push([jobId, owner, ms]), answers.shift() ?? false) },
      jobId: 'job-1',
      owner: 'w1',
      leaseMs: 300,
      log,
      onLost: () => (lostCalls += 1),
    });
    expect(lease.lost).toBe(false);
    await pass(99);
    expect(renewals).toHaveLength(0);
    await pass(1);
    expect(renewals).toEqual([['job-1', 'w1', 300]]);
    await pass(100);
    expect(renewals).toHaveLength(2);
    expect(lease.lost).toBe(false);
    await pass(100); // the third renewal finds the job taken over
    expect(renewals).toHaveLength(3);
    expect(lease.lost).toBe(true);
    expect(lostCalls).toBe(1);
    await pass(100); // a fourth that finds it too does not call onLost again
    expect(renewals).toHaveLength(4);
    expect(lostCalls).toBe(1);
    lease.stop();
    await pass(1000);
    expect(renewals).toHaveLength(4);
  });

  it('waits at least 100 ms between renewals however short the lease', async () => {
    let n = 0;
    const lease = keepLease({ repo: { renew: async () => (n++, true) }, jobId: 'job-3', owner: 'w1', leaseMs: 30, log, onLost: () => undefined });
    await pass(99);
    expect(n).toBe(0);
    await pass(1);
    expect(n).toBe(1);
    lease.stop();
  });

  it('keeps renewing after a failed renewal (database hiccup) without losing the job', async () => {
    let n = 0;
    let lostCalls = 0;
    const lease = keepLease({
      repo: {
        renew: async () => {
          n += 1;
          if (n === 1) throw new Error('connection reset');
          return true;
        },
      },
      jobId: 'job-2',
      owner: 'w1',
      leaseMs: 300,
      log,
      onLost: () => (lostCalls += 1),
    });
    await pass(100);
    expect(n).toBe(1);
    await pass(200);
    lease.stop();
    expect(n).toBe(3);
    expect(lease.lost).toBe(false);
    expect(lostCalls).toBe(0);
  });
});
