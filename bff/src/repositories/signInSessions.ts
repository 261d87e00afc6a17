import type { Knex } from 'knex';
import { toDate } from '../db/dates';

/** A signed-in visitor of the paid flow, as stored server-side. */
export interface SignInSession {
  email: string;
  name?: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Sign-in sessions of the paid flow, keyed by the SHA-256 of the random id in the visitor's
 * cookie. Every process reads the same rows, so a logout (a delete) ends the session everywhere.
 */
export interface SignInSessionRepository {
  create(idHash: string, s: SignInSession): Promise<void>;
  /** The live session (null when unknown or expired at `now`). */
  get(idHash: string, now: Date): Promise<SignInSession | null>;
  delete(idHash: string): Promise<void>;
  /** Deletes sessions expired at `now`; returns how many. */
  sweep(now: Date): Promise<number>;
}

interface Row {
  email: string;
  name: string | null;
  created_at: Date | string | number;
  expires_at: Date | string | number;
}

export function knexSignInSessionRepository(knex: Knex): SignInSessionRepository {
  return {
    async create(idHash, s) {
      await knex('sign_in_sessions').insert({ id: idHash, email: s.email, name: s.name ?? null, created_at: s.createdAt, expires_at: s.expiresAt });
    },
    async get(idHash, now) {
      const row = (await knex('sign_in_sessions').select('email', 'name', 'created_at', 'expires_at').where({ id: idHash }).first()) as Row | undefined;
      if (!row) return null;
      const expiresAt = toDate(row.expires_at);
      if (expiresAt.getTime() <= now.getTime()) return null;
      return { email: row.email, ...(row.name ? { name: row.name } : {}), createdAt: toDate(row.created_at), expiresAt };
    },
    async delete(idHash) {
      await knex('sign_in_sessions').where({ id: idHash }).del();
    },
    async sweep(now) {
      return Number(await knex('sign_in_sessions').where('expires_at', '<=', now).del());
    },
  };
}
