import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { InterviewEvidence } from '@val/contracts';
import { toDate } from '../db/dates';

export type PaymentProvider = 'stripe' | 'test';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';

/** One checkout and, once paid, a credit for exactly one report. */
export interface Payment {
  id: string;
  checkoutSessionId: string;
  provider: PaymentProvider;
  email: string;
  product: string;
  /** The product inputs given at checkout, or null when the start request brings them. */
  inputs: Record<string, string> | null;
  /** Step 3's synthetic interviews given at checkout (already checked), or null. */
  evidence: InterviewEvidence | null;
  /** The buyer's sign-in name when the signed-in buyer created the checkout, else null. */
  buyerName: string | null;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  customerId: string | null;
  reportId: string | null;
  consumedAt: Date | null;
  createdAt: Date;
  paidAt: Date | null;
}

export type NewPayment = Pick<Payment, 'checkoutSessionId' | 'provider' | 'email' | 'product' | 'inputs' | 'amountCents' | 'currency'> & {
  id?: string;
  evidence?: InterviewEvidence | null;
  buyerName?: string | null;
};

/** Payments and processed Stripe events. */
export interface PaymentRepository {
  create(p: NewPayment): Promise<Payment>;
  getBySession(checkoutSessionId: string): Promise<Payment | null>;
  /** pending → paid (idempotent: false when it was not pending). */
  markPaid(checkoutSessionId: string, at: { customerId: string | null; paidAt: Date }): Promise<boolean>;
  /** pending → failed | expired (false when it was not pending). */
  markUnpaid(checkoutSessionId: string, status: 'failed' | 'expired'): Promise<boolean>;
  /** The oldest paid, unspent credit of an email. */
  findCredit(email: string, now: Date, claimTimeoutMs: number): Promise<Payment | null>;
  /**
   * Claims a paid credit for a start: true for exactly one caller. A claim left by a crashed
   * start (no report after `claimTimeoutMs`) may be taken over.
   */
  claim(id: string, token: string, now: Date, claimTimeoutMs: number): Promise<boolean>;
  /** Records the report a claim started. */
  setReport(id: string, token: string, reportId: string): Promise<boolean>;
  /** Gives a claim back (the start failed). */
  release(id: string, token: string): Promise<void>;
  /** Remembers a webhook event; false when it was already recorded (a duplicate). */
  recordEvent(id: string, type: string, receivedAt: Date): Promise<boolean>;
  /** Forgets an event whose processing failed, so Stripe's retry is processed. */
  forgetEvent(id: string): Promise<void>;
}

interface Row {
  id: string;
  checkout_session_id: string;
  provider: string;
  email: string;
  product: string;
  inputs: string | null;
  evidence?: string | null;
  buyer_name?: string | null;
  amount_cents: number | string;
  currency: string;
  status: string;
  customer_id: string | null;
  report_id: string | null;
  claim_token: string | null;
  consumed_at: Date | string | number | null;
  created_at: Date | string | number;
  paid_at: Date | string | number | null;
}

function parseInputs(json: string | null): Record<string, string> | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Stored evidence JSON (written after the contract's check), or null when absent or unreadable. */
export function parseEvidence(json: string | null | undefined): InterviewEvidence | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) && v.length ? (v as InterviewEvidence) : null;
  } catch {
    return null;
  }
}

function fromRow(r: Row): Payment {
  return {
    id: r.id,
    checkoutSessionId: r.checkout_session_id,
    provider: r.provider as PaymentProvider,
    email: r.email,
    product: r.product,
    inputs: parseInputs(r.inputs),
    evidence: parseEvidence(r.evidence),
    buyerName: r.buyer_name ?? null,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    status: r.status as PaymentStatus,
    customerId: r.customer_id,
    reportId: r.report_id,
    consumedAt: r.consumed_at === null ? null : toDate(r.consumed_at),
    createdAt: toDate(r.created_at),
    paidAt: r.paid_at === null ? null : toDate(r.paid_at),
  };
}

/** A primary-key / unique violation on SQLite or MySQL. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ER_DUP_ENTRY' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

export function knexPaymentRepository(knex: Knex): PaymentRepository {
  const claimable = (q: Knex.QueryBuilder, now: Date, claimTimeoutMs: number) =>
    q
      .where({ status: 'paid' })
      .whereNull('report_id')
      .andWhere((w) => {
        w.whereNull('consumed_at').orWhere('consumed_at', '<', new Date(now.getTime() - claimTimeoutMs));
      });

  return {
    async create(p) {
      const row: Payment = {
        id: p.id ?? randomUUID(),
        checkoutSessionId: p.checkoutSessionId,
        provider: p.provider,
        email: p.email,
        product: p.product,
        inputs: p.inputs,
        evidence: p.evidence?.length ? p.evidence : null,
        buyerName: p.buyerName?.trim().slice(0, 100) || null,
        amountCents: p.amountCents,
        currency: p.currency,
        status: 'pending',
        customerId: null,
        reportId: null,
        consumedAt: null,
        createdAt: new Date(),
        paidAt: null,
      };
      await knex('payments').insert({
        id: row.id,
        checkout_session_id: row.checkoutSessionId,
        provider: row.provider,
        email: row.email,
        product: row.product,
        inputs: row.inputs ? JSON.stringify(row.inputs) : null,
        evidence: row.evidence ? JSON.stringify(row.evidence) : null,
        buyer_name: row.buyerName,
        amount_cents: row.amountCents,
        currency: row.currency,
        status: row.status,
        created_at: row.createdAt,
      });
      return row;
    },
    async getBySession(checkoutSessionId) {
      const r = (await knex('payments').where({ checkout_session_id: checkoutSessionId }).first()) as Row | undefined;
      return r ? fromRow(r) : null;
    },
    async markPaid(checkoutSessionId, { customerId, paidAt }) {
      const n = await knex('payments')
        .where({ checkout_session_id: checkoutSessionId, status: 'pending' })
        .update({ status: 'paid', customer_id: customerId, paid_at: paidAt });
      return n === 1;
    },
    async markUnpaid(checkoutSessionId, status) {
      const n = await knex('payments').where({ checkout_session_id: checkoutSessionId, status: 'pending' }).update({ status });
      return n === 1;
    },
    async findCredit(email, now, claimTimeoutMs) {
      const r = (await claimable(knex('payments').where({ email }), now, claimTimeoutMs).orderBy('paid_at', 'asc').orderBy('id', 'asc').first()) as
        Row | undefined;
      return r ? fromRow(r) : null;
    },
    async claim(id, token, now, claimTimeoutMs) {
      const n = await claimable(knex('payments').where({ id }), now, claimTimeoutMs).update({ claim_token: token, consumed_at: now });
      return n === 1;
    },
    async setReport(id, token, reportId) {
      const n = await knex('payments').where({ id, claim_token: token }).whereNull('report_id').update({ report_id: reportId });
      return n === 1;
    },
    async release(id, token) {
      await knex('payments').where({ id, claim_token: token }).whereNull('report_id').update({ claim_token: null, consumed_at: null });
    },
    async recordEvent(id, type, receivedAt) {
      try {
        await knex('stripe_events').insert({ id, type: type.slice(0, 128), received_at: receivedAt });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    async forgetEvent(id) {
      await knex('stripe_events').where({ id }).del();
    },
  };
}
