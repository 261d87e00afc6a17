import type { Logger } from '../logger';
import type { ReportRepository } from '../repositories/reportJobs';

/** The worker no longer holds the job (another worker resumed it, or the worker is stopping). */
export class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
  }
}

/** A worker's claim on one job, kept alive while the job runs. */
export interface LeaseKeeper {
  /** True once a renewal found the job owned by someone else. */
  readonly lost: boolean;
  /** Stops renewing (the job is settled). */
  stop(): void;
}

/**
 * Renews `owner`'s lease on a job every third of `leaseMs` (at least every 100 ms). When a
 * renewal finds the job taken over, `onLost` is called once (the worker aborts the job's agents:
 * its writes would be refused by the repository's lease fence anyway). A renewal that fails
 * (database hiccup) is logged and tried again at the next tick.
 */
export function keepLease(o: {
  repo: Pick<ReportRepository, 'renew'>;
  jobId: string;
  owner: string;
  leaseMs: number;
  log: Logger;
  onLost: () => void;
}): LeaseKeeper {
  let lost = false;
  const timer = setInterval(
    () => {
      o.repo.renew(o.jobId, o.owner, o.leaseMs).then(
        (ok) => {
          if (!ok && !lost) {
            lost = true;
            o.log.warn({ job: o.jobId }, 'lease lost; another worker owns the job now');
            o.onLost();
          }
        },
        (err) => o.log.warn({ job: o.jobId, err }, 'lease renewal failed'),
      );
    },
    Math.max(100, Math.floor(o.leaseMs / 3)),
  );
  return {
    get lost() {
      return lost;
    },
    stop: () => clearInterval(timer),
  };
}
