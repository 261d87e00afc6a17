import nodemailer, { type Transporter } from 'nodemailer';
import { maskEmail, type Logger } from '../logger';
import type { OutboxRepository, OutboxRow } from '../repositories/outbox';
import type { OutboxMail } from '../repositories/reportJobs';

/** An attachment built when the mail is sent (the report PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface ReportMailer {
  /** True when SMTP_URL is set (mails are sent); false keeps them in the outbox. */
  readonly enabled: boolean;
  /** Called after a mail was queued: logs it when SMTP is off, else sends what is pending. */
  queued(mail: OutboxMail, link: string): Promise<void>;
  /** Sends every pending mail that is due (several processes may flush at once: each row is claimed first). */
  flush(): Promise<number>;
  /**
   * Retries pending mail on a timer (every `retryPollMs`, unref'd): a mail that failed because
   * SMTP was down goes out once it is due again, without waiting for another report. No-op
   * without SMTP. `close()` stops it.
   */
  startRetryTimer(): void;
  close(): void;
}

export interface ReportMailerOptions {
  outbox: OutboxRepository;
  logger: Logger;
  smtpUrl?: string;
  from: string;
  /** Attachments of a mail, by its kind and ref (e.g. the report PDF). */
  attachments(kind: string, ref: string): Promise<MailAttachment[]>;
  /** Tries per mail before it is marked failed (default 8). */
  maxAttempts?: number;
  /** Wait before the first retry (ms); doubled per try, capped at an hour (default 60 s). */
  retryBaseMs?: number;
  /** How often the retry timer looks for due mail (ms, default 30 s). */
  retryPollMs?: number;
  now?: () => Date;
}

/** What the report-ready mail is about. */
export interface ReportReadyMailInput {
  job: { id: string; title: string; email: string; buyerName?: string | null };
  /** The product's title ("New Product Feasibility Study"); a job's title starts with it. */
  productTitle: string;
  /** The report's public link. */
  url: string;
}

/** A name fit for a greeting: one line, no control characters, at most 100 characters; null when empty. */
function greetingName(name: string | null | undefined): string | null {
  const n = (name ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return n || null;
}

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The mail sent when a report is ready: greets the buyer by their sign-in name when it is known
 * ("Hello Maria Lopez,", else "Hello,"), names the product once and the report's subject once
 * (a job's title is "<product>: <subject>", so it is not repeated after the product), links the
 * report and says the PDF is attached.
 */
export function reportReadyMail({ job, productTitle, url }: ReportReadyMailInput): OutboxMail {
  const name = greetingName(job.buyerName);
  const hello = name ? `Hello ${name},` : 'Hello,';
  const prefix = `${productTitle}: `;
  const about = job.title.startsWith(prefix) ? job.title.slice(prefix.length).trim() : job.title === productTitle ? '' : job.title;
  const ready = about ? `your ${productTitle} on “${about}” is ready.` : `your ${productTitle} is ready.`;
  const text = [hello, '', ready, '', `Read it online: ${url}`, 'The full report is attached as a PDF.', '', 'Thank you for using Val.'].join('\n');
  const readyHtml = about ? `your ${escHtml(productTitle)} on <strong>“${escHtml(about)}”</strong> is ready.` : `your ${escHtml(productTitle)} is ready.`;
  const html = `<p>${escHtml(hello)}</p><p>${readyHtml}</p><p><a href="${escHtml(url)}">Read it online</a> (${escHtml(url)}). The full report is attached as a PDF.</p><p>Thank you for using Val.</p>`;
  return { kind: 'report-ready', ref: job.id, to: job.email, subject: `Your ${productTitle} is ready`, text, html };
}

/** Longest wait between two tries of one mail. */
export const MAIL_RETRY_MAX_MS = 3_600_000;

/** When a mail that failed its `attempts`-th try is due again: base · 2^(attempts-1), at most an hour. */
export function mailRetryDelay(attempts: number, baseMs: number): number {
  return Math.min(MAIL_RETRY_MAX_MS, baseMs * 2 ** Math.max(0, Math.min(30, attempts - 1)));
}

/** A mail stuck in 'sending' longer than this (its sender died) is tried again. */
const STALE_SENDING_MS = 5 * 60_000;

/**
 * Delivers outbox mails over SMTP (nodemailer). Without SMTP_URL nothing is sent: the mail stays
 * in the outbox table (status pending) and one log line with the masked address says so.
 */
export function createReportMailer(o: ReportMailerOptions): ReportMailer {
  const { outbox, logger } = o;
  const maxAttempts = o.maxAttempts ?? 8;
  const retryBaseMs = o.retryBaseMs ?? 60_000;
  const clock = o.now ?? (() => new Date());
  const transport: Transporter | null = o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : null;
  let flushing: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const sendOne = async (row: OutboxRow): Promise<boolean> => {
    if (!(await outbox.claim(row.id, clock(), STALE_SENDING_MS)) || !transport) return false;
    try {
      const attachments = row.ref ? await o.attachments(row.kind, row.ref) : [];
      await transport.sendMail({
        from: o.from,
        to: row.toEmail,
        subject: row.subject,
        text: row.bodyText,
        html: row.bodyHtml ?? undefined,
        attachments,
      });
      await outbox.markSent(row.id, clock());
      logger.info({ to: maskEmail(row.toEmail), kind: row.kind, ref: row.ref }, 'mail sent');
      return true;
    } catch (err) {
      const attempts = row.attempts + 1;
      const message = (err as Error).message?.slice(0, 500) ?? 'send failed';
      const failed = attempts >= maxAttempts;
      const t = clock();
      const next = failed ? null : new Date(t.getTime() + mailRetryDelay(attempts, retryBaseMs));
      await outbox.markFailed(row.id, t, message, next);
      logger.warn(
        { to: maskEmail(row.toEmail), kind: row.kind, ref: row.ref, attempts, err: message, retryAt: next?.toISOString() ?? null },
        failed ? 'mail not sent: giving up' : 'mail not sent: will retry',
      );
      return false;
    }
  };

  const flushAll = async () => {
    if (!transport) return 0;
    let sent = 0;
    for (const row of await outbox.due(clock(), STALE_SENDING_MS, 50)) if (await sendOne(row)) sent += 1;
    return sent;
  };

  return {
    enabled: !!transport,
    async queued(mail, link) {
      if (!transport) {
        logger.info({ to: maskEmail(mail.to), kind: mail.kind, ref: mail.ref, link }, 'SMTP_URL is not set: the mail is kept in the outbox table');
        return;
      }
      await this.flush();
    },
    flush() {
      if (!flushing) {
        flushing = flushAll().finally(() => {
          flushing = null;
        });
      }
      return flushing;
    },
    startRetryTimer() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        this.flush().catch((err) => logger.warn({ err }, 'outbox retry failed'));
      }, o.retryPollMs ?? 30_000);
      timer.unref();
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
      transport?.close();
    },
  };
}
