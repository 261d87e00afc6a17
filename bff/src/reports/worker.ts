import type { EventEmitter } from 'node:events';
import { getProduct, type CatalogueProduct, type ReportAgent } from '@val/contracts';
import type { Ai } from '../ai/service';
import { reportAgentTask, type UpstreamFinding } from '../ai/tasks/reports';
import { AiError } from '../ai/types';
import type { Logger } from '../logger';
import { runDag } from './dag';
import { cleanAgentOutput } from './output';
import type { OutboxMail, ReportJob, ReportRepository } from '../repositories/reportJobs';

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

class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
  }
}

/** A step that kept failing; its message is what the report page shows. */
export class StepFailedError extends Error {
  constructor(readonly stepId: string, message: string) {
    super(message);
  }
}

/** A readable reason for a failed agent call. */
export function describeFailure(err: unknown): string {
  if (err instanceof AiError) {
    switch (err.kind) {
      case 'timeout':
        return 'the AI took too long to answer';
      case 'rate_limited':
        return 'the AI provider is limiting requests right now';
      case 'malformed':
        return 'the AI returned an unusable answer';
      case 'aborted':
        return 'the work was interrupted';
      default:
        return 'the AI provider returned an error';
    }
  }
  return 'an unexpected error occurred';
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

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

  async function runJob(job: ReportJob, abort: AbortController): Promise<void> {
    const owner = o.id;
    const signal = abort.signal;
    let lost = false;
    const renewEvery = Math.max(100, Math.floor(o.leaseMs / 3));
    const renewer = setInterval(() => {
      repo.renew(job.id, owner, o.leaseMs).then(
        (ok) => {
          if (!ok && !lost) {
            lost = true;
            log.warn({ job: job.id }, 'lease lost; another worker owns the job now');
            abort.abort();
          }
        },
        (err) => log.warn({ job: job.id, err }, 'lease renewal failed'),
      );
    }, renewEvery);
    const notify = () => bus.emit(`job:${job.id}`);

    try {
      const product = getProduct(job.product);
      if (!product) {
        await repo.failJob(job.id, owner, `Unknown product "${job.product}"`);
        return;
      }
      if (job.attempts > o.jobMaxAttempts) {
        await repo.failJob(job.id, owner, `The report could not be completed after ${o.jobMaxAttempts} attempts. Please contact support.`);
        return;
      }
      const steps = await repo.steps(job.id);
      const outputs = new Map<string, string>();
      for (const s of steps) if (s.status === 'finished' && s.rawOutput !== null) outputs.set(s.stepId, s.rawOutput);
      const agentsById = new Map(product.agents.map((a) => [a.id, a]));
      let provider = job.provider ?? ai.provider;

      const runStep = async (agent: ReportAgent) => {
        const base = { step: agent.id, title: agent.title, agent: agent.name };
        for (;;) {
          if (signal.aborted) throw new LeaseLostError();
          const started = await repo.startStep(job.id, owner, agent.id, { type: 'step-started', ...base });
          if (started.state !== 'started') {
            if (started.state === 'lost') throw new LeaseLostError();
            const again = (await repo.steps(job.id)).find((s) => s.stepId === agent.id);
            outputs.set(agent.id, again?.rawOutput ?? '');
            return;
          }
          notify();
          const previous = steps.find((s) => s.stepId === agent.id)?.error;
          if (started.attempts > o.stepMaxAttempts) {
            throw new StepFailedError(agent.id, `The ${agent.name} could not complete "${agent.title}" after ${o.stepMaxAttempts} attempts${previous ? `: ${previous}` : ''}.`);
          }
          const upstream: UpstreamFinding[] = agent.dependsOn.map((d) => {
            const a = agentsById.get(d) as ReportAgent;
            return { id: d, title: a.title, agent: a.name, output: outputs.get(d) ?? '' };
          });
          try {
            if (signal.aborted) throw new LeaseLostError();
            const res = await ai.text(reportAgentTask(agent), { product, agent, inputs: job.inputs, upstream }, { signal });
            provider = res.provider;
            const text = cleanAgentOutput(res.value, agent.title);
            const r = await repo.finishStep(job.id, owner, agent.id, text, { type: 'step-finished', ...base });
            if (r === 'lost') throw new LeaseLostError();
            if (r === 'already') {
              const again = (await repo.steps(job.id)).find((s) => s.stepId === agent.id);
              outputs.set(agent.id, again?.rawOutput ?? text);
            } else {
              outputs.set(agent.id, text);
            }
            notify();
            return;
          } catch (err) {
            if (err instanceof LeaseLostError || signal.aborted) throw new LeaseLostError();
            const reason = describeFailure(err);
            log.warn({ job: job.id, step: agent.id, attempt: started.attempts, err: (err as Error).message }, 'report step failed');
            if (started.attempts >= o.stepMaxAttempts) {
              throw new StepFailedError(agent.id, `The ${agent.name} could not complete "${agent.title}" after ${o.stepMaxAttempts} attempts: ${reason}.`);
            }
            await repo.retryStep(job.id, owner, agent.id, reason, { type: 'step-retry', ...base, attempt: started.attempts });
            notify();
            await sleep((o.retryBaseMs ?? 500) * 2 ** (started.attempts - 1), signal);
          }
        }
      };

      await runDag(product.agents, runStep, { done: outputs.keys() });
      const mail = o.mailFor(job, product);
      const ok = await repo.finishJob(job.id, owner, provider, mail);
      if (!ok) throw new LeaseLostError();
      notify();
      log.info({ job: job.id, product: product.id, attempts: job.attempts }, 'report finished');
      o.onOutcome?.('finished');
      await o.onFinished?.(job, mail);
    } catch (err) {
      if (err instanceof StepFailedError) {
        await repo.failJob(job.id, owner, err.message, err.stepId).catch((e) => log.error({ job: job.id, err: e }, 'could not mark the job failed'));
        notify();
        log.warn({ job: job.id, error: err.message }, 'report failed');
        o.onOutcome?.('failed');
      } else if (err instanceof LeaseLostError || lost || signal.aborted) {
        if (!lost) await repo.release(job.id, owner).catch((e) => log.warn({ job: job.id, err: e }, 'lease release failed'));
        o.onOutcome?.('released');
      } else {
        log.error({ job: job.id, err }, 'report job crashed; releasing it for another attempt');
        o.onOutcome?.('crashed');
        await repo.release(job.id, owner).catch(() => undefined);
      }
    } finally {
      clearInterval(renewer);
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
