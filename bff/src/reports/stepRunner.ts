import { citesInterviewEvidence, type CatalogueProduct, type ReportAgent, type ReportFactSheet } from '@val/contracts';
import type { Ai } from '../ai/service';
import type { UpstreamFinding } from '../ai/tasks/reports';
import { AiError } from '../ai/types';
import type { Logger } from '../logger';
import type { JobResearch, ReportJob, ReportRepository, ReportStepRecord } from '../repositories/reportJobs';
import { LeaseLostError } from './lease';
import { sourcesForAgent } from './research';
import { writeSection } from './writeSection';

/** A step that kept failing; its message is what the report page shows. */
export class StepFailedError extends Error {
  constructor(
    readonly stepId: string,
    message: string,
  ) {
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

export interface StepRunnerOptions {
  job: ReportJob;
  product: CatalogueProduct;
  /** The worker holding the job's lease: every write is fenced by it. */
  owner: string;
  /** The job's steps as they were when it was claimed (finished ones are not run again). */
  steps: ReadonlyArray<ReportStepRecord>;
  repo: ReportRepository;
  ai: Ai;
  log: Logger;
  /** Aborted when the lease is lost or the worker stops. */
  signal: AbortSignal;
  stepMaxAttempts: number;
  /** Backoff before retrying a failed step (ms, doubled per attempt). */
  retryBaseMs: number;
  /** Something about the job changed (its SSE streams look again). */
  notify(): void;
  /** The job's fact sheet: every agent writes around it, and every section is checked against it. */
  sheet: ReportFactSheet;
  /** The job's search results, or null without a search provider. */
  research: JobResearch | null;
}

/** Runs a job's agents one step at a time; `outputs` holds every finished step's text. */
export interface StepRunner {
  /** Step id → stored output, for the steps finished so far (resumed ones included). */
  readonly outputs: Map<string, string>;
  /** Who answered the last agent call (the job's provider). */
  readonly provider: string;
  /**
   * Runs one agent until its output is stored (here or by another worker), retrying a failed
   * call with backoff. Rejects with StepFailedError after `stepMaxAttempts` tries, with
   * LeaseLostError when the job is no longer this worker's.
   */
  run(agent: ReportAgent): Promise<void>;
}

export function createStepRunner(o: StepRunnerOptions): StepRunner {
  const { job, product, owner, repo, signal } = o;
  const outputs = new Map<string, string>();
  for (const s of o.steps) if (s.status === 'finished' && s.rawOutput !== null) outputs.set(s.stepId, s.rawOutput);
  const agentsById = new Map(product.agents.map((a) => [a.id, a]));
  let provider = job.provider ?? o.ai.provider;

  const storedOutput = async (agent: ReportAgent, fallback: string) => (await repo.steps(job.id)).find((s) => s.stepId === agent.id)?.rawOutput ?? fallback;
  const upstreamOf = (agent: ReportAgent): UpstreamFinding[] =>
    agent.dependsOn.map((d) => {
      const a = agentsById.get(d) as ReportAgent;
      return { id: d, title: a.title, agent: a.name, output: outputs.get(d) ?? '' };
    });
  const giveUp = (agent: ReportAgent, reason: string | null | undefined) =>
    new StepFailedError(agent.id, `The ${agent.name} could not complete "${agent.title}" after ${o.stepMaxAttempts} attempts${reason ? `: ${reason}` : ''}.`);

  /** One try of a step: 'done' once its output is stored, 'retry' after a failed call was recorded. */
  const attempt = async (agent: ReportAgent): Promise<'done' | 'retry'> => {
    const base = { step: agent.id, title: agent.title, agent: agent.name };
    if (signal.aborted) throw new LeaseLostError();
    const started = await repo.startStep(job.id, owner, agent.id, { type: 'step-started', ...base });
    if (started.state !== 'started') {
      if (started.state === 'lost') throw new LeaseLostError();
      outputs.set(agent.id, await storedOutput(agent, ''));
      return 'done';
    }
    o.notify();
    if (started.attempts > o.stepMaxAttempts) throw giveUp(agent, o.steps.find((s) => s.stepId === agent.id)?.error);
    try {
      if (signal.aborted) throw new LeaseLostError();
      // Step 3's interviews go only to the customer- and market-facing agents, who quote them.
      const evidence = job.evidence?.length && citesInterviewEvidence(agent.id) ? job.evidence : undefined;
      const sources = sourcesForAgent(agent.id, o.research);
      const input = {
        product,
        agent,
        inputs: job.inputs,
        upstream: upstreamOf(agent),
        sheet: o.sheet,
        ...(sources.length ? { sources } : {}),
        ...(evidence ? { evidence } : {}),
      };
      const written = await writeSection({ ai: o.ai, agent, input, signal, log: o.log, jobId: job.id });
      provider = written.provider;
      const text = written.text;
      const r = await repo.finishStep(job.id, owner, agent.id, text, { type: 'step-finished', ...base }, { sources: written.sources, check: written.check });
      if (r === 'lost') throw new LeaseLostError();
      outputs.set(agent.id, r === 'already' ? await storedOutput(agent, text) : text);
      o.notify();
      return 'done';
    } catch (err) {
      if (err instanceof LeaseLostError || signal.aborted) throw new LeaseLostError();
      const reason = describeFailure(err);
      o.log.warn({ job: job.id, step: agent.id, attempt: started.attempts, err: (err as Error).message }, 'report step failed');
      if (started.attempts >= o.stepMaxAttempts) throw giveUp(agent, reason);
      await repo.retryStep(job.id, owner, agent.id, reason, { type: 'step-retry', ...base, attempt: started.attempts });
      o.notify();
      await sleep(o.retryBaseMs * 2 ** (started.attempts - 1), signal);
      return 'retry';
    }
  };

  return {
    outputs,
    get provider() {
      return provider;
    },
    async run(agent) {
      while ((await attempt(agent)) === 'retry') {
        /* the next try */
      }
    },
  };
}
