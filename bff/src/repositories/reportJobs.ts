import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AssumptionsInput, BasisInput, InterviewEvidence, ProductInputs, ReportEvent, ReportFactSheet, ReportStatus, SourceRef } from '@val/contracts';
import { toDate } from '../db/dates';
import type { Dialect } from '../db/knex';
import { parseEvidence } from './payments';

/** A report job as stored. */
export interface ReportJob {
  id: string;
  product: string;
  inputs: ProductInputs;
  /** Step 3's synthetic interviews the order carried (the citing agents quote them), or null. */
  evidence: InterviewEvidence | null;
  email: string | null;
  /** The buyer's sign-in name the report-ready mail greets, or null when unknown. */
  buyerName: string | null;
  status: ReportStatus;
  title: string;
  description: string;
  error: string | null;
  provider: string | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /** Times a worker claimed it. */
  attempts: number;
  workerId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The numbers the report rests on (null on jobs queued before fact sheets existed). */
  factSheet: ReportFactSheet | null;
  /** The search results fetched for this job (null when none were fetched yet, or no provider is set). */
  research: JobResearch | null;
  /** The founder's version (basis, assumptions, the sheet from them, sections written again), or null. */
  founderVersion: FounderVersion | null;
}

/** What the founder changed on a report, stored beside the original sheet (`POST /api/reports/{id}/basis`). */
export interface FounderVersion {
  basis: BasisInput;
  assumptions: AssumptionsInput;
  /** The sheet computed from them (the page and the PDF show it). */
  sheet: ReportFactSheet;
  /** Sections written again for this sheet, by step id (markdown). */
  rewrites: Record<string, string>;
  /** Rewrite rounds used (a few per report). */
  rewriteRounds: number;
  /** When it was set (ISO 8601). */
  at: string;
}

/** The search results of a job: fetched once, stored, reused when a worker resumes the job. */
export interface JobResearch {
  /** The provider that answered ('searxng', 'tavily', 'brave'). */
  provider: string;
  /** When the searches ran (ISO 8601). */
  at: string;
  /** Every result, numbered once for the whole report. */
  sources: SourceRef[];
  /** Which sources answer which topic ('competitors', 'market-size', 'trends', 'regulation'). */
  topics: Record<string, number[]>;
  /** Queries that failed (the report goes on without them). */
  errors: string[];
}

/** What the consistency check did to a step before it was stored. */
export interface StepCheck {
  removed: number;
  repaired: boolean;
  /** Set when the model's draft stayed hollow after its rounds and the offline analyst wrote the section from the sheet. */
  writtenBy?: 'offline-after-model';
}

export type StepStatus = 'pending' | 'running' | 'finished' | 'failed';

/** One step (agent output) of a job. */
export interface ReportStepRecord {
  stepId: string;
  position: number;
  status: StepStatus;
  title: string;
  rawOutput: string | null;
  attempts: number;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The sources this section cites as [n]. */
  sources: SourceRef[] | null;
  check: StepCheck | null;
}

/** What a finished step stores besides its text. */
export interface StepExtras {
  sources?: ReadonlyArray<SourceRef> | null;
  check?: StepCheck | null;
}

/** A stored event; `id` is the SSE event id. */
export interface StoredReportEvent {
  id: number;
  event: ReportEvent;
  createdAt: Date;
}

/** A mail to queue in the outbox together with the job's completion. */
export interface OutboxMail {
  kind: string;
  ref: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface NewReportJob {
  id: string;
  product: string;
  inputs: ProductInputs;
  evidence?: InterviewEvidence | null;
  email: string | null;
  buyerName?: string | null;
  title: string;
  description: string;
  dedupeKey?: string;
  steps: ReadonlyArray<{ stepId: string; title: string }>;
  factSheet?: ReportFactSheet | null;
}

/**
 * Jobs, steps and events of the report engine. Every write a worker makes after claiming a job
 * is fenced by its lease: it only lands while that worker still owns the job, so a worker that
 * lost its lease (paused, cut off) can never overwrite the worker that resumed the job.
 */
export interface ReportRepository {
  /** Inserts a queued job with its pending steps; with a dedupeKey already used, returns that job's id. */
  create(job: NewReportJob): Promise<{ id: string; created: boolean }>;
  get(id: string): Promise<ReportJob | null>;
  steps(jobId: string): Promise<ReportStepRecord[]>;
  /** Stores the founder's version of a job (null = back to the original); false for an unknown job. */
  setFounderVersion(jobId: string, version: FounderVersion | null): Promise<boolean>;
  /** Events with id > afterId, oldest first. */
  eventsAfter(jobId: string, afterId: number, limit?: number): Promise<StoredReportEvent[]>;
  /** Jobs in a state, across every process (metrics: the queue's depth). */
  countByStatus(status: ReportJob['status']): Promise<number>;
  /**
   * Claims the oldest queued job, or a running job whose lease expired (its worker died), for
   * `owner` until now + leaseMs. MySQL: SELECT … FOR UPDATE SKIP LOCKED in a transaction;
   * SQLite: one UPDATE … WHERE id = (SELECT …) RETURNING (SQLite has a single writer).
   */
  claim(owner: string, leaseMs: number): Promise<ReportJob | null>;
  /** Extends the lease; false when `owner` no longer holds the job. */
  renew(jobId: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Gives the job back (graceful stop): queued again, the interrupted attempt not counted. */
  release(jobId: string, owner: string): Promise<boolean>;
  /** Marks a step running and counts the attempt. 'finished' when it already was; 'lost' without the lease. */
  startStep(jobId: string, owner: string, stepId: string, event: ReportEvent): Promise<{ state: 'started'; attempts: number } | { state: 'finished' | 'lost' }>;
  /** Stores a step's output, with the sources it cites and what the check did (first writer wins). */
  finishStep(jobId: string, owner: string, stepId: string, output: string, event: ReportEvent, extras?: StepExtras): Promise<'ok' | 'already' | 'lost'>;
  /**
   * Stores the job's research and its sheet (whose sources note now says what was consulted) if
   * `owner` still holds the job and no research is stored yet; returns the research stored (this
   * one, or the one another worker stored first), or null without the lease.
   */
  saveResearch(jobId: string, owner: string, research: JobResearch, sheet: ReportFactSheet | null): Promise<JobResearch | null>;
  /** Records a failed attempt that will be retried. */
  retryStep(jobId: string, owner: string, stepId: string, error: string, event: ReportEvent): Promise<boolean>;
  /** Marks the job finished (and queues its mail) if `owner` still holds it. */
  finishJob(jobId: string, owner: string, provider: string, mail: OutboxMail | null): Promise<boolean>;
  /** Marks the job failed with a readable error; `stepId` (optional) is the step that kept failing. */
  failJob(jobId: string, owner: string, error: string, stepId?: string): Promise<boolean>;
}

interface JobRow {
  id: string;
  product: string;
  inputs: string;
  evidence?: string | null;
  fact_sheet?: string | null;
  research?: string | null;
  founder_version?: string | null;
  email: string | null;
  buyer_name?: string | null;
  status: string;
  title: string;
  description: string;
  error: string | null;
  provider: string | null;
  lease_owner: string | null;
  lease_until: Date | string | number | null;
  attempts: number | string;
  worker_id: string | null;
  created_at: Date | string | number;
  started_at: Date | string | number | null;
  finished_at: Date | string | number | null;
}

interface StepRow {
  step_id: string;
  position: number | string;
  status: string;
  title: string;
  raw_output: string | null;
  attempts: number | string;
  error: string | null;
  started_at: Date | string | number | null;
  finished_at: Date | string | number | null;
  sources?: string | null;
  check_result?: string | null;
}

const optDate = (v: Date | string | number | null | undefined) => (v === null || v === undefined ? null : toDate(v));

function parseInputs(s: string): ProductInputs {
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ProductInputs) : {};
  } catch {
    return {};
  }
}

/** JSON text → value, or null when absent or unreadable (a damaged row never breaks the report page). */
function parseJson<T>(s: string | null | undefined): T | null {
  if (!s) return null;
  try {
    return JSON.parse(s) as T;
  } catch {
    return null;
  }
}

const fromJobRow = (r: JobRow): ReportJob => ({
  id: r.id,
  product: r.product,
  inputs: parseInputs(r.inputs),
  evidence: parseEvidence(r.evidence),
  email: r.email,
  buyerName: r.buyer_name ?? null,
  status: r.status as ReportStatus,
  title: r.title,
  description: r.description,
  error: r.error,
  provider: r.provider,
  leaseOwner: r.lease_owner,
  leaseUntil: optDate(r.lease_until),
  attempts: Number(r.attempts),
  workerId: r.worker_id,
  createdAt: toDate(r.created_at),
  startedAt: optDate(r.started_at),
  finishedAt: optDate(r.finished_at),
  factSheet: parseJson<ReportFactSheet>(r.fact_sheet),
  research: parseJson<JobResearch>(r.research),
  founderVersion: parseJson<FounderVersion>(r.founder_version),
});

const fromStepRow = (r: StepRow): ReportStepRecord => ({
  stepId: r.step_id,
  position: Number(r.position),
  status: r.status as StepStatus,
  title: r.title,
  rawOutput: r.raw_output,
  attempts: Number(r.attempts),
  error: r.error,
  startedAt: optDate(r.started_at),
  finishedAt: optDate(r.finished_at),
  sources: parseJson<SourceRef[]>(r.sources),
  check: parseJson<StepCheck>(r.check_result),
});

/** Deadlocks and busy databases are retried a few times before the error surfaces. */
function isTransient(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e?.code === 'SQLITE_BUSY' ||
    e?.code === 'SQLITE_BUSY_SNAPSHOT' ||
    e?.code === 'ER_LOCK_DEADLOCK' ||
    e?.code === 'ER_LOCK_WAIT_TIMEOUT' ||
    e?.errno === 1213 ||
    e?.errno === 1205
  );
}

async function retrying<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 5 || !isTransient(err)) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
    }
  }
}

/** Rows changed by an update (knex returns a number on both dialects). */
const changed = (n: unknown) => Number(n) > 0;

export function knexReportRepository(knex: Knex, dialect: Dialect): ReportRepository {
  const leaseHeld = (jobId: string, owner: string) =>
    function (this: Knex.QueryBuilder) {
      this.select(knex.raw('1')).from('report_jobs').where({ id: jobId, lease_owner: owner, status: 'running' });
    };

  /**
   * Serialises the event writes of one job (MySQL): a transaction that will add an event locks the
   * job's row first, so event ids commit in id order. Without it, two agents' transactions could
   * commit ids 11 then 10, and a stream reading "id > 10" in between would never see 10. SQLite has
   * one writer at a time, so its ids already commit in order.
   */
  const lockJobEvents = async (trx: Knex.Transaction, jobId: string) => {
    if (dialect === 'mysql') await trx('report_jobs').select('id').where({ id: jobId }).forUpdate();
  };

  const addEvent = (trx: Knex | Knex.Transaction, jobId: string, event: ReportEvent, at: Date) => {
    const { type, ...data } = event;
    return trx('report_events').insert({ job_id: jobId, type, data: JSON.stringify(data), created_at: at });
  };

  const getJob = async (id: string, q: Knex | Knex.Transaction = knex) => {
    const r = (await q('report_jobs').where({ id }).first()) as JobRow | undefined;
    return r ? fromJobRow(r) : null;
  };

  return {
    async create(job) {
      const now = new Date();
      return retrying(() =>
        knex.transaction(async (trx) => {
          if (job.dedupeKey) {
            const existing = (await trx('report_jobs').select('id').where({ dedupe_key: job.dedupeKey }).first()) as { id: string } | undefined;
            if (existing) return { id: existing.id, created: false };
          }
          await trx('report_jobs').insert({
            id: job.id,
            product: job.product,
            inputs: JSON.stringify(job.inputs),
            evidence: job.evidence?.length ? JSON.stringify(job.evidence) : null,
            fact_sheet: job.factSheet ? JSON.stringify(job.factSheet) : null,
            email: job.email,
            buyer_name: job.buyerName?.trim().slice(0, 100) || null,
            status: 'queued',
            title: job.title,
            description: job.description,
            dedupe_key: job.dedupeKey ?? null,
            attempts: 0,
            created_at: now,
            updated_at: now,
          });
          await trx('report_steps').insert(
            job.steps.map((s, i) => ({
              job_id: job.id,
              step_id: s.stepId,
              position: i,
              status: 'pending',
              title: s.title,
              attempts: 0,
            })),
          );
          return { id: job.id, created: true };
        }),
      );
    },

    get: (id) => getJob(id),

    async steps(jobId) {
      const rows = (await knex('report_steps').where({ job_id: jobId }).orderBy('position')) as StepRow[];
      return rows.map(fromStepRow);
    },

    async countByStatus(status) {
      const [{ n }] = (await knex('report_jobs').where({ status }).count({ n: '*' })) as Array<{ n: number | string }>;
      return Number(n);
    },
    async eventsAfter(jobId, afterId, limit = 500) {
      const rows = (await knex('report_events')
        .select('id', 'type', 'data', 'created_at')
        .where('job_id', jobId)
        .andWhere('id', '>', afterId)
        .orderBy('id')
        .limit(limit)) as Array<{ id: number | string; type: string; data: string; created_at: Date | string | number }>;
      return rows.map((r) => ({
        id: Number(r.id),
        event: { type: r.type, ...(JSON.parse(r.data) as object) } as ReportEvent,
        createdAt: toDate(r.created_at),
      }));
    },

    async claim(owner, leaseMs) {
      return retrying(async () => {
        const now = new Date();
        const until = new Date(now.getTime() + leaseMs);
        if (dialect === 'sqlite') {
          const rows = (await knex.raw(
            `UPDATE report_jobs
                SET status = 'running', lease_owner = ?, lease_until = ?, attempts = attempts + 1,
                    worker_id = ?, updated_at = ?, started_at = COALESCE(started_at, ?)
              WHERE id = (SELECT id FROM report_jobs
                           WHERE status = 'queued' OR (status = 'running' AND lease_until < ?)
                           ORDER BY created_at, id LIMIT 1)
             RETURNING *`,
            [owner, until, owner, now, now, now],
          )) as JobRow[];
          return rows.length ? fromJobRow(rows[0]) : null;
        }
        return knex.transaction(async (trx) => {
          const row = (await trx('report_jobs')
            .select('id')
            .where((q) => q.where('status', 'queued').orWhere((q2) => q2.where('status', 'running').andWhere('lease_until', '<', now)))
            .orderBy([{ column: 'created_at' }, { column: 'id' }])
            .limit(1)
            .forUpdate()
            .skipLocked()) as Array<{ id: string }>;
          if (!row.length) return null;
          await trx('report_jobs')
            .where({ id: row[0].id })
            .update({
              status: 'running',
              lease_owner: owner,
              lease_until: until,
              attempts: trx.raw('attempts + 1'),
              worker_id: owner,
              updated_at: now,
              started_at: trx.raw('COALESCE(started_at, ?)', [now]),
            });
          return getJob(row[0].id, trx);
        });
      });
    },

    async renew(jobId, owner, leaseMs) {
      const now = new Date();
      const n = await retrying(() =>
        knex('report_jobs')
          .where({ id: jobId, lease_owner: owner, status: 'running' })
          .update({ lease_until: new Date(now.getTime() + leaseMs), updated_at: now }),
      );
      return changed(n);
    },

    async release(jobId, owner) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          const n = await trx('report_jobs')
            .where({ id: jobId, lease_owner: owner, status: 'running' })
            .update({ status: 'queued', lease_owner: null, lease_until: null, attempts: trx.raw('attempts - 1'), updated_at: new Date() });
          if (!changed(n)) return false;
          await trx('report_steps')
            .where({ job_id: jobId, status: 'running' })
            .update({ status: 'pending', attempts: trx.raw('CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END') });
          return true;
        }),
      );
    },

    async startStep(jobId, owner, stepId, event) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          await lockJobEvents(trx, jobId);
          const now = new Date();
          const n = await trx('report_steps')
            .where({ job_id: jobId, step_id: stepId })
            .whereNot('status', 'finished')
            .whereExists(leaseHeld(jobId, owner))
            .update({ status: 'running', started_at: now, attempts: trx.raw('attempts + 1') });
          const row = (await trx('report_steps').select('status', 'attempts').where({ job_id: jobId, step_id: stepId }).first()) as
            { status: string; attempts: number | string } | undefined;
          if (!changed(n)) return { state: row?.status === 'finished' ? ('finished' as const) : ('lost' as const) };
          await addEvent(trx, jobId, event, now);
          return { state: 'started' as const, attempts: Number(row?.attempts ?? 1) };
        }),
      );
    },

    async finishStep(jobId, owner, stepId, output, event, extras) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          await lockJobEvents(trx, jobId);
          const now = new Date();
          const n = await trx('report_steps')
            .where({ job_id: jobId, step_id: stepId })
            .whereNot('status', 'finished')
            .whereExists(leaseHeld(jobId, owner))
            .update({
              status: 'finished',
              raw_output: output,
              finished_at: now,
              error: null,
              sources: extras?.sources?.length ? JSON.stringify(extras.sources) : null,
              check_result: extras?.check && (extras.check.removed || extras.check.repaired || extras.check.writtenBy) ? JSON.stringify(extras.check) : null,
            });
          if (changed(n)) {
            await addEvent(trx, jobId, event, now);
            return 'ok' as const;
          }
          const row = (await trx('report_steps').select('status').where({ job_id: jobId, step_id: stepId }).first()) as { status: string } | undefined;
          return row?.status === 'finished' ? ('already' as const) : ('lost' as const);
        }),
      );
    },

    async setFounderVersion(jobId, version) {
      const n = await retrying(() =>
        knex('report_jobs')
          .where({ id: jobId })
          .update({ founder_version: version ? JSON.stringify(version) : null, updated_at: new Date() }),
      );
      return changed(n);
    },

    async saveResearch(jobId, owner, research, sheet) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          const n = await trx('report_jobs')
            .where({ id: jobId, lease_owner: owner, status: 'running' })
            .whereNull('research')
            .update({ research: JSON.stringify(research), ...(sheet ? { fact_sheet: JSON.stringify(sheet) } : {}), updated_at: new Date() });
          const row = (await trx('report_jobs').select('research', 'lease_owner').where({ id: jobId }).first()) as
            { research: string | null; lease_owner: string | null } | undefined;
          if (!changed(n) && row?.lease_owner !== owner) return null;
          return parseJson<JobResearch>(row?.research);
        }),
      );
    },

    async retryStep(jobId, owner, stepId, error, event) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          await lockJobEvents(trx, jobId);
          const now = new Date();
          const n = await trx('report_steps')
            .where({ job_id: jobId, step_id: stepId, status: 'running' })
            .whereExists(leaseHeld(jobId, owner))
            .update({ status: 'pending', error });
          if (changed(n)) await addEvent(trx, jobId, event, now);
          return changed(n);
        }),
      );
    },

    async finishJob(jobId, owner, provider, mail) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          const now = new Date();
          const n = await trx('report_jobs')
            .where({ id: jobId, lease_owner: owner, status: 'running' })
            .update({ status: 'finished', provider, lease_owner: null, lease_until: null, finished_at: now, updated_at: now, error: null });
          if (!changed(n)) return false;
          await addEvent(trx, jobId, { type: 'job-finished' }, now);
          if (mail) {
            await trx('outbox').insert({
              id: randomUUID(),
              kind: mail.kind,
              ref: mail.ref,
              to_email: mail.to,
              subject: mail.subject,
              body_text: mail.text,
              body_html: mail.html ?? null,
              status: 'pending',
              attempts: 0,
              created_at: now,
              updated_at: now,
            });
          }
          return true;
        }),
      );
    },

    async failJob(jobId, owner, error, stepId) {
      return retrying(() =>
        knex.transaction(async (trx) => {
          const now = new Date();
          const n = await trx('report_jobs')
            .where({ id: jobId, lease_owner: owner, status: 'running' })
            .update({ status: 'failed', error, lease_owner: null, lease_until: null, finished_at: now, updated_at: now });
          if (!changed(n)) return false;
          if (stepId) await trx('report_steps').where({ job_id: jobId, step_id: stepId }).whereNot('status', 'finished').update({ status: 'failed', error });
          await trx('report_steps').where({ job_id: jobId, status: 'running' }).update({ status: 'pending' });
          await addEvent(trx, jobId, { type: 'job-failed', error }, now);
          return true;
        }),
      );
    },
  };
}
