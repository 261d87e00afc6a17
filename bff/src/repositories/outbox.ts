import type { Knex } from 'knex';

/** A mail waiting in the outbox (queued with its report's completion, see ReportRepository.finishJob). */
export interface OutboxRow {
  id: string;
  kind: string;
  ref: string | null;
  toEmail: string;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  /** Tries so far. */
  attempts: number;
}

/**
 * The mail outbox (`outbox` table): what the report mailer sends. Several processes may send at
 * once: a mail is claimed (status `sending`) before it is sent, and a claim older than
 * `staleMs` (its sender died) may be taken again.
 */
export interface OutboxRepository {
  /** Pending mails that are due at `now` and stale claims, oldest first. */
  due(now: Date, staleMs: number, limit: number): Promise<OutboxRow[]>;
  /** Claims a mail for sending and counts the try; false when another sender has it. */
  claim(id: string, now: Date, staleMs: number): Promise<boolean>;
  markSent(id: string, at: Date): Promise<void>;
  /** A failed try: pending again from `nextAttemptAt`, or failed for good when that is null. */
  markFailed(id: string, at: Date, error: string, nextAttemptAt: Date | null): Promise<void>;
}

interface Row {
  id: string;
  kind: string;
  ref: string | null;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number | string;
}

export function knexOutboxRepository(knex: Knex): OutboxRepository {
  const staleBefore = (now: Date, staleMs: number) => new Date(now.getTime() - staleMs);
  return {
    async due(now, staleMs, limit) {
      const rows = (await knex('outbox')
        .select('id', 'kind', 'ref', 'to_email', 'subject', 'body_text', 'body_html', 'attempts')
        .where((q) => q.where('status', 'pending').andWhere((d) => d.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now)))
        .orWhere((q) => q.where('status', 'sending').andWhere('updated_at', '<', staleBefore(now, staleMs)))
        .orderBy('created_at')
        .limit(limit)) as Row[];
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        ref: r.ref,
        toEmail: r.to_email,
        subject: r.subject,
        bodyText: r.body_text,
        bodyHtml: r.body_html,
        attempts: Number(r.attempts),
      }));
    },
    async claim(id, now, staleMs) {
      const n = await knex('outbox')
        .where({ id })
        .andWhere((q) => q.where('status', 'pending').orWhere((q2) => q2.where('status', 'sending').andWhere('updated_at', '<', staleBefore(now, staleMs))))
        .update({ status: 'sending', attempts: knex.raw('attempts + 1'), updated_at: now });
      return Number(n) > 0;
    },
    async markSent(id, at) {
      await knex('outbox').where({ id }).update({ status: 'sent', sent_at: at, updated_at: at, last_error: null, next_attempt_at: null });
    },
    async markFailed(id, at, error, nextAttemptAt) {
      await knex('outbox')
        .where({ id })
        .update({ status: nextAttemptAt ? 'pending' : 'failed', last_error: error, updated_at: at, next_attempt_at: nextAttemptAt });
    },
  };
}
