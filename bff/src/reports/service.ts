import { EventEmitter } from 'node:events';
import os from 'node:os';
import {
  basisInputSchema,
  interviewEvidenceSchema,
  type BasisInput,
  type CatalogueProduct,
  type InterviewEvidence,
  type ProductId,
  type ProductInputs,
  type ReportBasisRequest,
  type ReportBasisResponse,
  type ReportRewriteResponse,
  type ReportStatusResponse,
} from '@val/contracts';
import { checkProductInputs, getProduct } from '@val/content';
import type { Ai } from '../ai/service';
import type { Config } from '../config/env';
import { InputError } from '../errors';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { checkBasis } from '../analysis/basis';
import { buildReportSheet } from '../analysis/reportSheet';
import { describeIssues } from '../http/parse';
import { rewriteSections, setFounderBasis, shownSheet, staleSections } from './founderVersion';
import { createSearchProvider } from '../search';
import { newReportId, newWorkerId } from './ids';
import { createReportMailer, reportReadyMail, type ReportMailer } from './mailer';
import { renderReportPdf, reportPdfFileName } from './pdf';
import type { Repositories } from '../repositories';
import type { OutboxMail, ReportJob, ReportRepository, StoredReportEvent } from '../repositories/reportJobs';
import { createReportWorker, type ReportWorker } from './worker';

/** What starts a report: a catalogue product, its form inputs and where to mail it. */
export interface StartReport {
  product: string;
  inputs: Record<string, unknown>;
  /** Step 3's synthetic interviews (checked by the contract's schema): the citing agents quote them. */
  evidence?: InterviewEvidence | null;
  email?: string | null;
  /** The buyer's sign-in name, for the report-ready mail's greeting. */
  name?: string | null;
  /** The same key never starts a second job (e.g. a checkout session id); its job's id is returned. */
  dedupeKey?: string;
  /** What the founder sets (market, segment, place, buyer kind, product kind, price): the sheet is computed from it. */
  basis?: BasisInput | null;
}

/** The report engine as the rest of the BFF sees it (`deps.reports`). */
export interface ReportService {
  /** Queues a report and returns its id (random, unguessable: the public link). Bad input → InputError. */
  start(req: StartReport): Promise<string>;
  /** The spec's polling answer, or null for an unknown id. */
  status(id: string): Promise<ReportStatusResponse | null>;
  /** The job as stored, or null. */
  get(id: string): Promise<ReportJob | null>;
  /** Events after `afterId` (SSE, Last-Event-ID). */
  events(id: string, afterId: number): Promise<StoredReportEvent[]>;
  /** Resolves when this process sees a change to the job, after `ms`, or on abort (whichever first). */
  waitForChange(id: string, ms: number, signal?: AbortSignal): Promise<void>;
  /** Sets (or, with reset, drops) the founder's version of a finished report: 404 unknown, 409 not finished, 400 bad input. */
  setBasis(id: string, req: ReportBasisRequest): Promise<ReportBasisResponse>;
  /** Writes the sections written for the original numbers again for the founder's (offline, at once). */
  rewrite(id: string, sections?: ReadonlyArray<string>): Promise<ReportRewriteResponse>;
  /** The report as a PDF; null for an unknown id or a report with no finished step yet. */
  pdf(id: string): Promise<{ filename: string; data: Buffer } | null>;
  /** The public link of a report. */
  link(id: string): string;
  /** A worker over this engine (not started). */
  createWorker(opts?: { concurrency?: number; id?: string }): ReportWorker;
  readonly repo: ReportRepository;
  readonly mailer: ReportMailer;
}

export interface ReportServiceDeps {
  config: Config;
  logger: Logger;
  /** The report jobs and the mail outbox (`createRepositories`). */
  repos: Pick<Repositories, 'reportJobs' | 'outbox'>;
  ai: Ai;
  /** Job outcomes are counted here when given. */
  metrics?: Pick<Metrics, 'reportJobs'>;
}

/** The subject of a report title: the idea (or the main field) in a few words. */
function subjectOf(product: CatalogueProduct, inputs: ProductInputs): string {
  const main =
    product.fields.find((f) => /idea/i.test(f.name)) ?? product.fields.find((f) => /productOrDomain|topic|area|market/.test(f.name)) ?? product.fields[0];
  const s = (inputs[main.name] ?? '').replace(/\s+/g, ' ').trim();
  return s.length > 90 ? `${s.slice(0, 87).replace(/\s+\S*$/, '')}...` : s;
}

/** Title and description stored with a new job. */
export function describeReport(product: CatalogueProduct, inputs: ProductInputs): { title: string; description: string } {
  const subject = subjectOf(product, inputs);
  const given = product.fields.map((f) => `${f.label}: ${(inputs[f.name] ?? '').replace(/\s+/g, ' ').trim()}`).join(' · ');
  const agents = product.agents.length;
  return {
    title: `${product.title}: ${subject}`,
    description: `${given}. Researched by ${agents} AI agent${agents === 1 ? '' : 's'}.`.slice(0, 2000),
  };
}

export function createReportService(d: ReportServiceDeps): ReportService {
  const { config, logger, ai } = d;
  const repo = d.repos.reportJobs;
  const search = createSearchProvider(config, logger);
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const publicBase = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const link = (id: string) => `${publicBase}/report/${encodeURIComponent(id)}`;

  const pdfOf = async (id: string) => {
    const job = await repo.get(id);
    if (!job) return null;
    const product = getProduct(job.product);
    const steps = await repo.steps(id);
    const hidden = new Set(product?.agents.filter((a) => a.internal).map((a) => a.id) ?? []);
    const shown = steps.filter((s) => s.status === 'finished' && s.rawOutput && !hidden.has(s.stepId));
    if (!shown.length) return null;
    const stale = new Set(staleSections(job, steps, hidden));
    const rewrites = job.founderVersion?.rewrites ?? {};
    const data = renderReportPdf({
      id,
      title: job.title,
      description: job.description,
      productTitle: product?.title ?? job.product,
      status: job.status,
      createdAt: job.createdAt,
      link: link(id),
      provider: job.provider,
      steps: shown.map((s) => ({
        id: s.stepId,
        title: s.title,
        raw_output: rewrites[s.stepId] ?? s.rawOutput ?? '',
        sources: s.sources,
        ...(stale.has(s.stepId) ? { writtenForOriginal: true } : {}),
        ...(s.check?.writtenBy ? { writtenBy: s.check.writtenBy } : {}),
      })),
      evidence: job.evidence,
      sheet: shownSheet(job),
    });
    return { filename: reportPdfFileName(job.title, id), data };
  };

  const mailer = createReportMailer({
    outbox: d.repos.outbox,
    logger,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryPollMs: config.MAIL_RETRY_POLL_MS,
    async attachments(kind, ref) {
      if (kind !== 'report-ready') return [];
      const pdf = await pdfOf(ref);
      return pdf ? [{ filename: pdf.filename, content: pdf.data, contentType: 'application/pdf' }] : [];
    },
  });

  const mailFor = (job: ReportJob, product: CatalogueProduct): OutboxMail | null =>
    job.email ? reportReadyMail({ job: { ...job, email: job.email }, productTitle: product.title, url: link(job.id) }) : null;

  return {
    repo,
    mailer,
    link,
    async start(req) {
      const checked = checkProductInputs(req.product, req.inputs);
      if (!checked.ok) throw new InputError(checked.message);
      const email = req.email?.trim() || null;
      if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) throw new InputError('email must be a valid email address');
      const { product, inputs } = checked;
      let evidence: InterviewEvidence | null = null;
      if (req.evidence?.length) {
        const e = interviewEvidenceSchema.safeParse(req.evidence);
        if (!e.success) throw new InputError(e.error.issues[0]?.message ?? 'evidence is not valid');
        evidence = e.data;
      }
      let basis: BasisInput | undefined;
      if (req.basis) {
        const b = basisInputSchema.safeParse(req.basis);
        if (!b.success) throw new InputError(describeIssues(b.error.issues.map((i) => ({ ...i, path: ['basis', ...i.path] }))));
        const placeError = checkBasis(b.data);
        if (placeError) throw new InputError(placeError);
        basis = b.data;
      }
      const { title, description } = describeReport(product, inputs);
      const { id, created } = await repo.create({
        id: newReportId(),
        product: product.id,
        inputs,
        evidence,
        email,
        title,
        description,
        dedupeKey: req.dedupeKey,
        steps: product.agents.map((a) => ({ stepId: a.id, title: a.title })),
        factSheet: buildReportSheet({ product, inputs, evidence, basis }),
        buyerName: req.name?.trim() || null,
      });
      if (created) {
        logger.info({ report: id, product: product.id }, 'report queued');
        bus.emit('job-queued');
      }
      return id;
    },
    get: (id) => repo.get(id),
    async status(id) {
      const job = await repo.get(id);
      if (!job) return null;
      const product = getProduct(job.product);
      const steps = await repo.steps(id);
      const hidden = new Set(product?.agents.filter((a) => a.internal).map((a) => a.id) ?? []);
      const v = job.founderVersion;
      const stale = new Set(staleSections(job, steps, hidden));
      return {
        processing_status: job.status,
        title: job.title,
        description: job.description,
        flow_execution_steps: steps
          .filter((s) => s.status === 'finished' && !hidden.has(s.stepId))
          .map((s) => ({
            id: s.stepId,
            title: s.title,
            raw_output: v?.rewrites[s.stepId] ?? s.rawOutput ?? '',
            ...(s.sources?.length ? { sources: s.sources } : {}),
            ...(s.check ? { check: { removed: s.check.removed, repaired: s.check.repaired } } : {}),
            ...(s.check?.writtenBy ? { written_by: s.check.writtenBy } : {}),
            ...(v ? { written_for: stale.has(s.stepId) ? ('original' as const) : ('yours' as const) } : {}),
          })),
        product: job.product as ProductId,
        error: job.error,
        provider: job.provider,
        progress: {
          finished: steps.filter((s) => s.status === 'finished').length,
          total: steps.length,
          running: steps.filter((s) => s.status === 'running').map((s) => s.stepId),
        },
        ...(job.evidence?.length ? { evidence: job.evidence } : {}),
        ...(job.factSheet ? { fact_sheet: shownSheet(job) ?? job.factSheet } : {}),
        ...(v && job.factSheet ? { original_fact_sheet: job.factSheet } : {}),
      };
    },
    events: (id, afterId) => repo.eventsAfter(id, afterId),
    waitForChange(id, ms, signal) {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          bus.off(`job:${id}`, done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const t = setTimeout(done, ms);
        bus.on(`job:${id}`, done);
        signal?.addEventListener('abort', done);
      });
    },
    async setBasis(id, req) {
      const r = await setFounderBasis(repo, id, req);
      bus.emit(`job:${id}`);
      return r;
    },
    rewrite: (id, sections) => rewriteSections(repo, id, sections),
    pdf: pdfOf,
    createWorker(opts = {}) {
      return createReportWorker({
        id: opts.id ?? newWorkerId(os.hostname(), process.pid),
        repo,
        ai,
        logger,
        bus,
        concurrency: opts.concurrency ?? config.REPORT_WORKER_CONCURRENCY,
        leaseMs: config.REPORT_LEASE_MS,
        pollMs: config.REPORT_POLL_MS,
        stepMaxAttempts: config.REPORT_STEP_MAX_ATTEMPTS,
        jobMaxAttempts: config.REPORT_JOB_MAX_ATTEMPTS,
        mailFor,
        search,
        searchLimit: config.SEARCH_MAX_RESULTS,
        onOutcome: d.metrics ? (outcome) => d.metrics?.reportJobs.inc({ outcome }) : undefined,
        onFinished: async (job, mail) => {
          if (mail) await mailer.queued(mail, link(job.id)).catch((err) => logger.warn({ report: job.id, err }, 'mail delivery failed; kept in the outbox'));
        },
      });
    },
  };
}
