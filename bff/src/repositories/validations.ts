import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AiProviderName } from '@val/contracts';
import { toDate } from '../db/dates';

export interface StoredValidation {
  id: string;
  idea: string;
  targetCustomer: string;
  problemSolved: string;
  feedback: string;
  provider: AiProviderName;
  createdAt: Date;
}

/** Stored validations. */
export interface ValidationRepository {
  create(v: Omit<StoredValidation, 'id' | 'createdAt'>): Promise<StoredValidation>;
  get(id: string): Promise<StoredValidation | null>;
  count(): Promise<number>;
}

interface Row {
  id: string;
  idea: string;
  target_customer: string;
  problem_solved: string;
  feedback: string;
  provider: string;
  created_at: Date | string | number;
}

export function knexValidationRepository(knex: Knex): ValidationRepository {
  return {
    async create(v) {
      const row = { id: randomUUID(), createdAt: new Date(), ...v };
      await knex('validations').insert({
        id: row.id,
        idea: row.idea,
        target_customer: row.targetCustomer,
        problem_solved: row.problemSolved,
        feedback: row.feedback,
        provider: row.provider,
        created_at: row.createdAt,
      });
      return row;
    },
    async get(id) {
      const r = (await knex('validations').where({ id }).first()) as Row | undefined;
      if (!r) return null;
      return {
        id: r.id,
        idea: r.idea,
        targetCustomer: r.target_customer,
        problemSolved: r.problem_solved,
        feedback: r.feedback,
        provider: r.provider as AiProviderName,
        createdAt: toDate(r.created_at),
      };
    },
    async count() {
      const r = (await knex('validations').count<{ n: number | string }[]>({ n: '*' }))[0];
      return Number(r?.n ?? 0);
    },
  };
}
