import pino from 'pino';
import { keepLease } from './lease';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    await sleep(480);
    lease.stop();
    expect(renewals.length).toBeGreaterThanOrEqual(4);
    expect(renewals[0]).toEqual(['job-1', 'w1', 300]);
    expect(lease.lost).toBe(true);
    expect(lostCalls).toBe(1);
    const after = renewals.length;
    await sleep(250);
    expect(renewals.length).toBe(after);
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
    await sleep(350);
    lease.stop();
    expect(n).toBeGreaterThanOrEqual(3);
    expect(lease.lost).toBe(false);
    expect(lostCalls).toBe(0);
  });
});
