import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterMySQL, RLWrapperTimeouts, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
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

/** How long a shared counter may take before the call counts in memory instead (COUNTER_STORE_TIMEOUT_MS). */
export const DEFAULT_COUNTER_TIMEOUT_MS = 500;
/** While the shared counters are unavailable, how often one call tries the database again. */
const PROBE_EVERY_MS = 1000;

export interface KnexCounterStoreOptions {
  logger?: Logger;
  /**
   * A call the database has not answered within this many ms counts in memory (default 500). The
   * wait for a pooled connection is part of it: measured here, 200 parallel hits on one key take up
   * to ~0.5 s on a busy MariaDB (they queue for the row lock), single hits a few ms.
   */
  timeoutMs?: number;
}

/**
 * Counters in the shared MySQL table `rate_limits`, through rate-limiter-flexible's MySQL store
 * over our knex pool (an atomic `INSERT … ON DUPLICATE KEY UPDATE` per hit). The table comes
 * from our migrations (`tableCreated`), expired rows are swept by the library every 5 minutes.
 *
 * A database outage must not turn every limited route into a 500 or a request that never ends:
 * the library's own timeout wrapper (`RLWrapperTimeouts`) gives each call `timeoutMs`, and when
 * the database fails or does not answer in time (a silent network cut drops packets and sends no
 * reset, so a query just waits), its `insuranceLimiter` — the same counter in this process's
 * memory — answers instead. While the database is out, calls go to memory directly and one call a
 * second tries the database again, so hung queries do not pile up in the pool. The outage is
 * logged once when it starts (warn) and once when the database answers again (info).
 */
export function knexCounterStore(knex: Knex, opts: KnexCounterStoreOptions = {}): CounterStore {
  const { logger, timeoutMs = DEFAULT_COUNTER_TIMEOUT_MS } = opts;
  const dbName = mysqlDatabaseName(knex);
  // One outage state for the whole store: every counter shares the database.
  let down = false;
  let lastProbe = 0;
  const failed = (err: unknown) => {
    lastProbe = Date.now();
    if (down) return;
    down = true;
    const reason = err instanceof Error ? err.message : String(err);
    logger?.warn({ err: reason, timeoutMs }, 'shared counters unavailable: counting in this process until the database answers');
  };
  const answered = () => {
    if (!down) return;
    down = false;
    logger?.info('shared counters answer again: counting in the database');
  };
  /** True when this call should try the database (always, unless it is out and was tried in the last second). */
  const tryDatabase = () => {
    if (!down) return true;
    if (Date.now() - lastProbe < PROBE_EVERY_MS) return false;
    lastProbe = Date.now();
    return true;
  };

  /** The library's timeout wrapper, told when it falls back to the insurance limiter and when the database answered. */
  class Guarded extends RLWrapperTimeouts {
    _handleError(err: unknown, funcName: string, resolve: (v: unknown) => void, reject: (e: unknown) => void, params: unknown[]) {
      // A RateLimiterRes is an answer (not an error) of the database: only real failures fall back.
      if (!(err && typeof err === 'object' && 'msBeforeNext' in err)) failed(err);
      // @ts-expect-error _handleError is not in the library's typings
      super._handleError(err, funcName, resolve, reject, params);
    }
    _run(funcName: string, params: unknown[]) {
      // @ts-expect-error _run is not in the library's typings
      return (super._run(funcName, params) as Promise<unknown>).then((r) => {
        answered();
        return r;
      });
    }
  }

  return {
    kind: 'database',
    counter: cached((name, windowMs) => {
      const base = { keyPrefix: name, points: MAX_POINTS, duration: windowMs / 1000 };
      const memory = new RateLimiterMemory(base);
      const shared = new RateLimiterMySQL({ ...base, storeClient: knex, storeType: 'knex', dbName, tableName: COUNTERS_TABLE, tableCreated: true });
      const guarded = wrap(new Guarded({ limiter: shared, timeoutMs, insuranceLimiter: memory }) as unknown as RateLimiterAbstract);
      const fallback = wrap(memory);
      const pick =
        <A extends unknown[], R>(fn: (c: WindowCounter) => (...a: A) => Promise<R>) =>
        (...a: A): Promise<R> =>
          fn(tryDatabase() ? guarded : fallback)(...a);
      return {
        add: pick((c) => c.add),
        peek: pick((c) => c.peek),
        reset: pick((c) => c.reset),
      };
    }),
  };
}

/** The store for a database: shared on MySQL, this process's memory on SQLite (one process). */
export function createCounterStore(
  db: { knex: Knex; dialect: 'sqlite' | 'mysql' },
  logger?: Logger,
  opts: { timeoutMs?: number } = {},
): CounterStore {
  return db.dialect === 'mysql' ? knexCounterStore(db.knex, { logger, timeoutMs: opts.timeoutMs }) : memoryCounterStore();
}
