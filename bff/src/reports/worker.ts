import type { EventEmitter } from 'node:events';
import { type CatalogueProduct } from '@val/contracts';
import { getProduct } from '@val/content';
import type { Ai } from '../ai/service';
import { buildReportSheet } from '../analysis/reportSheet';
import type { Logger } from '../logger';
import type { SearchProvider } from '../search';
import type { OutboxMail, ReportJob, ReportRepository } from '../repositories/reportJobs';
import { runDag } from './dag';
import { keepLease, LeaseLostError } from './lease';
import { ensureResearch } from './research';
import { createStepRunner, StepFailedError } from './stepRunner';

/** Settings of one worker (from config: REPORT_*). */
export interface ReportWorkerOptions {
  id: string;
  repo: ReportRepository;
  ai: Ai;
  logger: Logger;
  /** In-process notifications: 'job-queued' wakes an idle worker, `job:<id>` tells SSE streams. */
  bus: EventEmitter;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  stepMaxAttempts: number;
  jobMaxAttempts: number;
  /** The report-ready mail for a finished job (null: no email given). */
  mailFor(job: ReportJob, product: CatalogueProduct): OutboxMail | null;
  /** Called after a job finished and its mail was queued. */
  onFinished?(job: ReportJob, mail: OutboxMail | null): Promise<void> | void;
  /** Backoff before retrying a failed step (ms, doubled per attempt). */
  retryBaseMs?: number;
  /** How each job this worker ran ended (metrics). */
  onOutcome?(outcome: 'finished' | 'failed' | 'released' | 'crashed'): void;
  /** Web search for the agents' sources (null: none configured). */
  search?: SearchProvider | null;
  /** Results per search query. */
  searchLimit?: number;
}

/** A worker: claims report jobs and runs their agents until stopped. */
export interface ReportWorker {
  readonly id: string;
  start(): void;
  /** Graceful stop: no new claims, running agents aborted, leases released (jobs go back to the queue). */
  stop(): Promise<void>;
  /** Jobs running right now. */
  readonly active: number;
}

export function createReportWorker(o: ReportWorkerOptions): ReportWorker {
  const { repo, ai, logger, bus } = o;
  const log = logger.child({ worker: o.id });
  let running = false;
  let loop: Promise<void> | null = null;
  const jobs = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let wake: (() => void) | null = null;
  const onQueued = () => wake?.();

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** Runs a claimed job's agents (a DAG), then marks it finished and queues its mail. */
  async function runSteps(job: ReportJob, signal: AbortSignal): Promise<void> {
    const owner = o.id;
    const notify = () => bus.emit(`job:${job.id}`);
    const product = getProduct(job.product);
    if (!product) {
      await repo.failJob(job.id, owner, `Unknown product "${job.product}"`);
      return;
    }
    if (job.attempts > o.jobMaxAttempts) {
      await repo.failJob(job.id, owner, `The report could not be completed after ${o.jobMaxAttempts} attempts. Please contact support.`);
      return;
    }
    // Jobs queued before fact sheets existed get theirs now (the same inputs give the same sheet).
    const { sheet, research } = await ensureResearch({
      job,
      sheet: job.factSheet ?? buildReportSheet({ product, inputs: job.inputs, evidence: job.evidence }),
      owner,
      repo,
      search: o.search ?? null,
      limit: o.searchLimit ?? 5,
      signal,
      log,
    });
    const steps = createStepRunner({
      job,
      sheet,
      research,
      product,
      owner,
      steps: await repo.steps(job.id),
      repo,
      ai,
      log,
      signal,
      stepMaxAttempts: o.stepMaxAttempts,
      retryBaseMs: o.retryBaseMs ?? 500,
      notify,
    });
    await runDag(product.agents, (agent) => steps.run(agent), { done: steps.outputs.keys() });
    const mail = o.mailFor(job, product);
    if (!(await repo.finishJob(job.id, owner, steps.provider, mail))) throw new LeaseLostError();
    notify();
    log.info({ job: job.id, product: product.id, attempts: job.attempts }, 'report finished');
    o.onOutcome?.('finished');
    await o.onFinished?.(job, mail);
  }

  /** How a job that did not finish ends: failed (a step kept failing), released (lease lost, stopping) or released after a crash. */
  async function settle(job: ReportJob, err: unknown, leaseLost: boolean, signal: AbortSignal): Promise<void> {
    const owner = o.id;
    if (err instanceof StepFailedError) {
      await repo.failJob(job.id, owner, err.message, err.stepId).catch((e) => log.error({ job: job.id, err: e }, 'could not mark the job failed'));
      bus.emit(`job:${job.id}`);
      log.warn({ job: job.id, error: err.message }, 'report failed');
      o.onOutcome?.('failed');
    } else if (err instanceof LeaseLostError || leaseLost || signal.aborted) {
      if (!leaseLost) await repo.release(job.id, owner).catch((e) => log.warn({ job: job.id, err: e }, 'lease release failed'));
      o.onOutcome?.('released');
    } else {
      log.error({ job: job.id, err }, 'report job crashed; releasing it for another attempt');
      o.onOutcome?.('crashed');
      await repo.release(job.id, owner).catch(() => undefined);
    }
  }

  /** One claimed job: its lease kept alive while its steps run, then settled. */
  async function runJob(job: ReportJob, abort: AbortController): Promise<void> {
    const lease = keepLease({ repo, jobId: job.id, owner: o.id, leaseMs: o.leaseMs, log, onLost: () => abort.abort() });
    try {
      await runSteps(job, abort.signal);
    } catch (err) {
      await settle(job, err, lease.lost, abort.signal);
    } finally {
      lease.stop();
    }
  }

  async function mainLoop() {
    while (running) {
      if (jobs.size >= o.concurrency) {
        await Promise.race([...[...jobs.values()].map((j) => j.done), idle(o.pollMs)]);
        continue;
      }
      let job: ReportJob | null = null;
      try {
        job = await repo.claim(o.id, o.leaseMs);
      } catch (err) {
        log.warn({ err }, 'claiming a report job failed');
      }
      if (!running) {
        if (job) await repo.release(job.id, o.id).catch(() => undefined);
        break;
      }
      if (!job) {
        await idle(o.pollMs);
        continue;
      }
      const abort = new AbortController();
      const claimed = job;
      log.debug({ job: claimed.id, attempts: claimed.attempts }, 'report job claimed');
      const done = runJob(claimed, abort).finally(() => {
        jobs.delete(claimed.id);
        wake?.();
      });
      jobs.set(claimed.id, { abort, done });
    }
  }

  return {
    id: o.id,
    get active() {
      return jobs.size;
    },
    start() {
      if (running) return;
      running = true;
      bus.on('job-queued', onQueued);
      loop = mainLoop().catch((err) => log.error({ err }, 'report worker loop crashed'));
      log.info({ concurrency: o.concurrency, leaseMs: o.leaseMs }, 'report worker started');
    },
    async stop() {
      if (!running && !loop) return;
      running = false;
      bus.off('job-queued', onQueued);
      wake?.();
      for (const j of jobs.values()) j.abort.abort();
      await Promise.allSettled([...jobs.values()].map((j) => j.done));
      await loop;
      loop = null;
      log.info('report worker stopped');
    },
  };
}
