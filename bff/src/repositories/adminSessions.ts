import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { toDate } from '../db/dates';

/**
 * Admin sessions (`admin_sessions`), the store behind koa-session (middlewares/adminSession.ts).
 * The cookie carries a signed random id; the table holds only its SHA-256, so a leaked table does
 * not hand out live sessions.
 */
export interface AdminSessionRepository {
  /** The session's data, or undefined when unknown, unreadable or expired at `now` (an expired row is deleted). */
  get(id: string, now: Date): Promise<Record<string, unknown> | undefined>;
  set(id: string, data: unknown, expiresAt: Date): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Deletes the sessions expired at `now`. */
  sweep(now: Date): Promise<void>;
}

const storeKey = (id: string) => createHash('sha256').update(id).digest('hex');

export function knexAdminSessionRepository(knex: Knex): AdminSessionRepository {
  return {
    async get(id, now) {
      const row = (await knex('admin_sessions')
        .where({ id: storeKey(id) })
        .first()) as { data: string; expires_at: Date | string | number } | undefined;
      if (!row) return undefined;
      if (toDate(row.expires_at).getTime() <= now.getTime()) {
        await knex('admin_sessions')
          .where({ id: storeKey(id) })
          .del();
        return undefined;
      }
      try {
        return JSON.parse(row.data) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    },
    async set(id, data, expiresAt) {
      await knex('admin_sessions')
        .insert({ id: storeKey(id), data: JSON.stringify(data), expires_at: expiresAt })
        .onConflict('id')
        .merge(['data', 'expires_at']);
    },
    async destroy(id) {
      await knex('admin_sessions')
        .where({ id: storeKey(id) })
        .del();
    },
    async sweep(now) {
      await knex('admin_sessions').where('expires_at', '<', now).del();
    },
  };
}
