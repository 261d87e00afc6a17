import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  VALIDATION_INPUTS,
  inputsOf,
  type AiProviderName,
  type StoredValidationView,
  type ValidationInputName,
  type ValidationFactSheet,
} from '@val/contracts';
import { toDate } from '../db/dates';

/**
 * A stored validation: the API's view of it (`StoredValidationView`), with the time it was made as
 * a Date, the hash of its delete token, and a fact sheet that is null when it has none.
 */
export interface StoredValidation extends Omit<StoredValidationView, 'createdAt' | 'factSheet'> {
  /** sha256 (hex) of the delete token; null for validations made before tokens existed. */
  deleteTokenHash: string | null;
  createdAt: Date;
  /** The numbers the feedback rests on; null on validations made before fact sheets existed. */
  factSheet: ValidationFactSheet | null;
}

/** Stored validations. */
export interface ValidationRepository {
  /** Stores one (score and delete-token hash default to null). */
  create(
    v: Omit<StoredValidation, 'id' | 'createdAt' | 'score' | 'deleteTokenHash' | 'factSheet'> &
      Partial<Pick<StoredValidation, 'score' | 'deleteTokenHash' | 'factSheet'>>,
  ): Promise<StoredValidation>;
  get(id: string): Promise<StoredValidation | null>;
  /** Deletes one; false when there was none. */
  remove(id: string): Promise<boolean>;
  count(): Promise<number>;
}

/** A row of `validations`: these columns, plus each input's (`VALIDATION_INPUTS`' `column`). */
interface Row {
  id: string;
  feedback: string;
  provider: string;
  score: number | string | null;
  delete_token_hash: string | null;
  created_at: Date | string | number;
  fact_sheet?: string | null;
  [inputColumn: string]: unknown;
}

/** Each described input in its column (null for an optional one left out). */
const inputColumns = (v: Partial<Record<ValidationInputName, string>>): Record<string, string | null> =>
  Object.fromEntries(VALIDATION_INPUTS.map((f) => [f.column, v[f.name] ?? null]));

/** The inputs of a row, by name (an optional one stored as null is left out). */
const inputsOfRow = (r: Row) => inputsOf(Object.fromEntries(VALIDATION_INPUTS.map((f) => [f.name, r[f.column]])));

/** The stored sheet, or null when absent or unreadable (an old or damaged row still opens). */
function parseSheet(s: string | null | undefined): ValidationFactSheet | null {
  if (!s) return null;
  try {
    return JSON.parse(s) as ValidationFactSheet;
  } catch {
    return null;
  }
}

export function knexValidationRepository(knex: Knex): ValidationRepository {
  return {
    async create(v) {
      const row: StoredValidation = { id: randomUUID(), createdAt: new Date(), score: null, deleteTokenHash: null, factSheet: null, ...v };
      await knex('validations').insert({
        id: row.id,
        ...inputColumns(row),
        feedback: row.feedback,
        provider: row.provider,
        score: row.score,
        delete_token_hash: row.deleteTokenHash,
        created_at: row.createdAt,
        fact_sheet: row.factSheet ? JSON.stringify(row.factSheet) : null,
      });
      return row;
    },
    async get(id) {
      const r = (await knex('validations').where({ id }).first()) as Row | undefined;
      if (!r) return null;
      return {
        id: r.id,
        ...inputsOfRow(r),
        feedback: r.feedback,
        provider: r.provider as AiProviderName,
        score: r.score === null || r.score === undefined ? null : Number(r.score),
        deleteTokenHash: r.delete_token_hash ?? null,
        createdAt: toDate(r.created_at),
        factSheet: parseSheet(r.fact_sheet),
      };
    },
    async remove(id) {
      return (await knex('validations').where({ id }).delete()) > 0;
    },
    async count() {
      const r = (await knex('validations').count<{ n: number | string }[]>({ n: '*' }))[0];
      return Number(r?.n ?? 0);
    },
  };
}
