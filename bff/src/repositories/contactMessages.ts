import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { toDate } from '../db/dates';

/** A message from the contact form. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}

/** Stored contact-form messages; the admin reads them newest first. */
export interface ContactMessageRepository {
  create(m: Omit<ContactMessage, 'id' | 'createdAt'>): Promise<ContactMessage>;
  /** Newest first; `limit` is clamped to 1..500, `offset` to >= 0. */
  list(page: { limit: number; offset: number }): Promise<ContactMessage[]>;
  count(): Promise<number>;
}

interface Row {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date | string | number;
}

const fromRow = (r: Row): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: toDate(r.created_at),
});

export function knexContactMessageRepository(knex: Knex): ContactMessageRepository {
  return {
    async create(m) {
      const saved: ContactMessage = { id: randomUUID(), createdAt: new Date(), ...m };
      await knex('contact_messages').insert({
        id: saved.id,
        name: saved.name,
        email: saved.email,
        subject: saved.subject,
        message: saved.message,
        created_at: saved.createdAt,
      });
      return saved;
    },
    async list({ limit, offset }) {
      const l = Math.min(500, Math.max(1, Math.floor(limit) || 1));
      const o = Math.max(0, Math.floor(offset) || 0);
      const rows = (await knex('contact_messages')
        .select('id', 'name', 'email', 'subject', 'message', 'created_at')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(l)
        .offset(o)) as Row[];
      return rows.map(fromRow);
    },
    async count() {
      const r = (await knex('contact_messages').count<{ n: number | string }[]>({ n: '*' }))[0];
      return Number(r?.n ?? 0);
    },
  };
}
