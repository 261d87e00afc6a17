import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterMySQL, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger';

/** A key's current window: what was added in it and how long it still runs. */
export interface CounterState {
  total: number;
  /** Milliseconds until the window ends (and the count starts again at 0). */
  msLeft: number;
}

/**
 * Fixed-window counters of one kind (`name`): e.g. validations per IP and minute, AI tokens per
 * IP and hour, failed admin logins per IP. The first `add` of a key opens its window.
 */
export interface WindowCounter {
  /** Adds `points` (default 1) to `key` atomically and returns the window's new total. */
  add(key: string, points?: number): Promise<CounterState>;
  /** The key's open window, or null when it has none. */
  peek(key: string): Promise<CounterState | null>;
  /** Ends the key's window (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

/**
 * Where the per-client counters (rate limits, AI token budgets, the admin login throttle) live.
 * `database`: one table every BFF process on the same MySQL shares, so N processes still give a
 * client one allowance; `memory`: this process only (the single-process SQLite default, tests).
 */
export interface CounterStore {
  readonly kind: 'memory' | 'database';
  /** The counters of one kind; `name` keeps their keys apart from every other kind's. */
  counter(name: string, windowMs: number): WindowCounter;
}

/** Largest count a window holds (the table's INT column). */
const MAX_POINTS = 2_000_000_000;
/** The table of the database store (migration 20261127100000_rate_limits). */
export const COUNTERS_TABLE = 'rate_limits';

const state = (r: RateLimiterRes): CounterState => ({ total: r.consumedPoints, msLeft: Math.max(0, r.msBeforeNext) });

function wrap(limiter: RateLimiterAbstract): WindowCounter {
  return {
    async add(key, points = 1) {
      return state(await limiter.penalty(key, points));
    },
    async peek(key) {
      const r = await limiter.get(key);
      return r && r.msBeforeNext > 0 ? state(r) : null;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

function checkName(name: string, windowMs: number) {
  if (!/^[a-z0-9:_-]{1,40}$/i.test(name)) throw new RangeError(`counter name "${name}" must be 1-40 letters, digits, : _ -`);
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('counter windowMs must be > 0');
}

/** Counters in this process's memory (rate-limiter-flexible's memory store). */
export function memoryCounterStore(): CounterStore {
  return {
    kind: 'memory',
    counter: cached((name, windowMs) => wrap(new RateLimiterMemory({ keyPrefix: name, points: MAX_POINTS, duration: windowMs / 1000 }))),
  };
}

/** One counter per name (asking twice for the same name shares its counts). */
function cached(make: (name: string, windowMs: number) => WindowCounter): CounterStore['counter'] {
  const made = new Map<string, { windowMs: number; counter: WindowCounter }>();
  return (name, windowMs) => {
    checkName(name, windowMs);
    const found = made.get(name);
    if (found) {
      if (found.windowMs !== windowMs) throw new RangeError(`counter "${name}" already exists with another window`);
      return found.counter;
    }
    const counter = make(name, windowMs);
    made.set(name, { windowMs, counter });
    return counter;
  };
}

/** The database name of a knex MySQL connection (from its URL). */
function mysqlDatabaseName(knex: Knex): string {
  const conn = (knex.client as { config: { connection?: unknown } }).config.connection as { uri?: string; database?: string } | string | undefined;
  const uri = typeof conn === 'string' ? conn : conn?.uri;
  const name = uri ? decodeURIComponent(new URL(uri).pathname.replace(/^\//, '')) : conn && typeof conn === 'object' ? conn.database : undefined;
  if (!name) throw new Error('The MySQL connection names no database: DATABASE_URL must end with /<database>');
  return name;
}

/**
 * Counters in the shared MySQL table `rate_limits`, through rate-limiter-flexible's MySQL store
 * over our knex pool (an atomic `INSERT … ON DUPLICATE KEY UPDATE` per hit). The table comes
 * from our migrations (`tableCreated`), expired rows are swept by the library every 5 minutes.
 * When the database fails, a hit is counted in memory instead (logged once a minute): a database
 * outage must not turn every limited route into a 500.
 */
export function knexCounterStore(knex: Knex, logger?: Logger): CounterStore {
  const dbName = mysqlDatabaseName(knex);
  let lastWarn = 0;
  const warn = (err: unknown) => {
    const t = Date.now();
    if (t - lastWarn < 60_000) return;
    lastWarn = t;
    logger?.warn({ err }, 'shared counters unavailable: counting in this process until the database answers');
  };
  return {
    kind: 'database',
    counter: cached((name, windowMs) => {
      const opts = { keyPrefix: name, points: MAX_POINTS, duration: windowMs / 1000 };
      const fallback = wrap(new RateLimiterMemory(opts));
      const shared = wrap(
        new RateLimiterMySQL({
          ...opts,
          storeClient: knex,
          storeType: 'knex',
          dbName,
          tableName: COUNTERS_TABLE,
          tableCreated: true,
        }),
      );
      const guarded =
        <A extends unknown[], R>(fn: (...a: A) => Promise<R>, alt: (...a: A) => Promise<R>) =>
        async (...a: A): Promise<R> => {
          try {
            return await fn(...a);
          } catch (err) {
            warn(err);
            return alt(...a);
          }
        };
      return {
        add: guarded(shared.add, fallback.add),
        peek: guarded(shared.peek, fallback.peek),
        reset: guarded(shared.reset, fallback.reset),
      };
    }),
  };
}

/** The store for a database: shared on MySQL, this process's memory on SQLite (one process). */
export function createCounterStore(db: { knex: Knex; dialect: 'sqlite' | 'mysql' }, logger?: Logger): CounterStore {
  return db.dialect === 'mysql' ? knexCounterStore(db.knex, logger) : memoryCounterStore();
}
