import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import { maskEmail, type Logger } from '../logger';
import type { OutboxMail } from './repository';

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
  /** Sends every pending mail (several processes may flush at once: each row is claimed first). */
  flush(): Promise<number>;
  close(): void;
}

export interface ReportMailerOptions {
  knex: Knex;
  logger: Logger;
  smtpUrl?: string;
  from: string;
  /** Attachments of a mail, by its kind and ref (e.g. the report PDF). */
  attachments(kind: string, ref: string): Promise<MailAttachment[]>;
  /** Tries per mail before it is marked failed. */
  maxAttempts?: number;
}

interface OutboxRow {
  id: string;
  kind: string;
  ref: string | null;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number | string;
}

/** A mail stuck in 'sending' longer than this (its sender died) is tried again. */
const STALE_SENDING_MS = 5 * 60_000;

/**
 * Delivers outbox mails over SMTP (nodemailer). Without SMTP_URL nothing is sent: the mail stays
 * in the outbox table (status pending) and one log line with the masked address says so.
 */
export function createReportMailer(o: ReportMailerOptions): ReportMailer {
  const { knex, logger } = o;
  const maxAttempts = o.maxAttempts ?? 5;
  const transport: Transporter | null = o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : null;
  let flushing: Promise<number> | null = null;

  const sendOne = async (row: OutboxRow): Promise<boolean> => {
    const now = new Date();
    const claimed = await knex('outbox')
      .where({ id: row.id })
      .andWhere((q) => q.where('status', 'pending').orWhere((q2) => q2.where('status', 'sending').andWhere('updated_at', '<', new Date(now.getTime() - STALE_SENDING_MS))))
      .update({ status: 'sending', attempts: knex.raw('attempts + 1'), updated_at: now });
    if (!Number(claimed) || !transport) return false;
    try {
      const attachments = row.ref ? await o.attachments(row.kind, row.ref) : [];
      await transport.sendMail({
        from: o.from,
        to: row.to_email,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html ?? undefined,
        attachments,
      });
      await knex('outbox').where({ id: row.id }).update({ status: 'sent', sent_at: new Date(), updated_at: new Date(), last_error: null });
      logger.info({ to: maskEmail(row.to_email), kind: row.kind, ref: row.ref }, 'mail sent');
      return true;
    } catch (err) {
      const attempts = Number(row.attempts) + 1;
      const message = (err as Error).message?.slice(0, 500) ?? 'send failed';
      await knex('outbox')
        .where({ id: row.id })
        .update({ status: attempts >= maxAttempts ? 'failed' : 'pending', last_error: message, updated_at: new Date() });
      logger.warn({ to: maskEmail(row.to_email), kind: row.kind, ref: row.ref, attempts, err: message }, 'mail not sent');
      return false;
    }
  };

  const flushAll = async () => {
    if (!transport) return 0;
    let sent = 0;
    const rows = (await knex('outbox')
      .select('id', 'kind', 'ref', 'to_email', 'subject', 'body_text', 'body_html', 'attempts')
      .where('status', 'pending')
      .orWhere((q) => q.where('status', 'sending').andWhere('updated_at', '<', new Date(Date.now() - STALE_SENDING_MS)))
      .orderBy('created_at')
      .limit(50)) as OutboxRow[];
    for (const row of rows) if (await sendOne(row)) sent += 1;
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
    close() {
      transport?.close();
    },
  };
}
