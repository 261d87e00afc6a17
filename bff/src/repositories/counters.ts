import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger';

/** A key's current window: what was added in it and how long it still runs. */
export interface CounterState {
  total: number;
  /** Milliseconds until the window ends (and the count starts again at 0). */
  msLeft: number;
}

/**
 * Fixed-window counters of one kind (`name`): e.g. validations per IP and minute, AI tokens per
 * IP and hour, admin login attempts per IP. The first `add` of a key opens its window. On a
 * shared store every call rejects with `CounterUnavailableError` when the store does not answer
 * in time (nothing is counted in this process's memory instead: `windowLimit` decides what a
 * limit does then).
 */
export interface WindowCounter {
  /** Adds `points` (default 1; negative gives back) to `key` atomically and returns the window's new total. */
  add(key: string, points?: number): Promise<CounterState>;
  /** The key's open window, or null when it has none. */
  peek(key: string): Promise<CounterState | null>;
  /** Ends the key's window (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

/**
 * Where the per-client counters (rate limits, AI token budgets, the admin login throttle) live.
 * `redis` (REDIS_URL) and `database` (MySQL's `rate_limits` table): shared by every BFF process,
 * so N processes still give a client one allowance; `memory`: this process only (the
 * single-process SQLite default, tests).
 */
export interface CounterStore {
  readonly kind: 'memory' | 'database' | 'redis';
  /** The counters of one kind; `name` keeps their keys apart from every other kind's. */
  counter(name: string, windowMs: number): WindowCounter;
  /**
   * How many BFF processes count into this store, as last read from it (1 for memory); null
   * while unknown (never read). While the store is out, the last count read stays.
   */
  processes(): number | null;
  /** Registers this process as one that serves limits and keeps the registration fresh (serving processes only). */
  start(): void;
  /** Ends the registration and closes the store's own connections (Redis). */
  close(): Promise<void>;
}

/** A shared store that did not answer (failed, timed out, or out since a recent failure). */
export class CounterUnavailableError extends Error {
  constructor(reason: string) {
    super(`shared counters unavailable: ${reason}`);
    this.name = 'CounterUnavailableError';
  }
}

/** Largest count a window of the memory and Redis stores holds (the library's `points`). */
const MAX_POINTS = 2_000_000_000;
/** The table of the database store (migration 20261127100000_rate_limits). */
export const COUNTERS_TABLE = 'rate_limits';
/** Counter name of the registrations of serving processes. */
const PROCESSES = 'bff-processes';
/** How often a serving process renews its registration and reads the count. */
export const HEARTBEAT_MS = 5000;
/** A registration not renewed for this long is a process gone. */
const PROCESS_TTL_MS = 3 * HEARTBEAT_MS;

const state = (r: RateLimiterRes): CounterState => ({ total: r.consumedPoints, msLeft: Math.max(0, r.msBeforeNext) });

function wrap(limiter: RateLimiterAbstract): WindowCounter {
  return {
    async add(key, points = 1) {
      return state(points >= 0 ? await limiter.penalty(key, points) : await limiter.reward(key, -points));
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

/** Counters in this process's memory (rate-limiter-flexible's memory store). */
export function memoryCounterStore(): CounterStore {
  return {
    kind: 'memory',
    counter: cached((name, windowMs) => wrap(new RateLimiterMemory({ keyPrefix: name, points: MAX_POINTS, duration: windowMs / 1000 }))),
    processes: () => 1,
    start: () => undefined,
    close: async () => undefined,
  };
}

/** How long a shared counter call may take before it counts as unavailable (COUNTER_STORE_TIMEOUT_MS). */
export const DEFAULT_COUNTER_TIMEOUT_MS = 1500;
/** While the shared counters are unavailable, how often one call tries the store again. */
const PROBE_EVERY_MS = 1000;

export interface SharedCounterStoreOptions {
  logger?: Logger;
  /**
   * A call the store has not answered within this many ms is unavailable (default 1500). The wait
   * for a pooled connection and for this process's own event loop are part of it: measured here,
   * a process reading 500 parallel requests at once on a busy 2-core machine answers its MySQL
   * round trips 250+ ms late, so 500 ms turned a plain burst into an outage.
   */
  timeoutMs?: number;
}

/** What differs between the shared stores: their counters, and the registry of serving processes. */
interface SharedBackend {
  kind: 'database' | 'redis';
  /** What the outage log lines call the store. */
  what: string;
  counter(name: string, windowMs: number): WindowCounter;
  /** Renews this process's registration (`ttlMs`) and returns how many processes are registered. */
  register(id: string, ttlMs: number): Promise<number>;
  unregister(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A shared store over a backend. Every call gets `timeoutMs`; a call that fails or does not
 * answer in time (a silent network cut drops packets and sends no reset, so a query just waits)
 * rejects with CounterUnavailableError. While the store is out, calls reject at once and one call
 * a second tries the store again, so hung queries do not pile up in the pool. The outage is logged
 * once when it starts (warn) and once when the store answers again (info).
 */
function sharedCounterStore(backend: SharedBackend, opts: SharedCounterStoreOptions): CounterStore {
  const { logger, timeoutMs = DEFAULT_COUNTER_TIMEOUT_MS } = opts;
  const id = randomUUID();
  let down = false;
  let lastProbe = 0;
  let failedAt = 0;
  let processes: number | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  const failed = (err: unknown) => {
    lastProbe = Date.now();
    failedAt = lastProbe;
    if (down) return;
    down = true;
    const reason = err instanceof Error ? err.message : String(err);
    logger?.warn(
      { err: reason, timeoutMs, store: backend.what, processes },
      'shared counters unavailable: admin logins refused (503) and every other limit allows this process its share until the store answers',
    );
  };
  const answered = () => {
    if (!down) return;
    down = false;
    logger?.info({ store: backend.what }, 'shared counters answer again');
  };
  /** True when this call should try the store (always, unless it is out and was tried in the last second). */
  const tryStore = () => {
    if (!down) return true;
    if (Date.now() - lastProbe < PROBE_EVERY_MS) return false;
    lastProbe = Date.now();
    return true;
  };

  const guarded = <T>(call: () => Promise<T>): Promise<T> => {
    if (!tryStore()) return Promise.reject(new CounterUnavailableError(`${backend.what} is out (tried again once a second)`));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CounterUnavailableError(`no answer from ${backend.what} within ${timeoutMs} ms`)), timeoutMs);
    });
    const startedAt = Date.now();
    return Promise.race([call(), timeout]).then(
      (v) => {
        clearTimeout(timer);
        // Only a call made after the last failure says the store is back (not one sent before it).
        if (startedAt > failedAt) answered();
        return v;
      },
      (err: unknown) => {
        clearTimeout(timer);
        failed(err);
        throw err instanceof CounterUnavailableError ? err : new CounterUnavailableError(err instanceof Error ? err.message : String(err));
      },
    );
  };

  const beat = async () => {
    try {
      processes = await guarded(() => backend.register(id, PROCESS_TTL_MS));
    } catch {
      /* the last count stays; the outage is logged by `guarded` */
    }
  };

  return {
    kind: backend.kind,
    counter: cached((name, windowMs) => {
      const c = backend.counter(name, windowMs);
      return {
        add: (key, points) => guarded(() => c.add(key, points)),
        peek: (key) => guarded(() => c.peek(key)),
        reset: (key) => guarded(() => c.reset(key)),
      };
    }),
    processes: () => processes,
    start() {
      if (heartbeat || closed) return;
      void beat();
      heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
      heartbeat.unref();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (heartbeat) {
        clearInterval(heartbeat);
        heartbeat = null;
        await guarded(() => backend.unregister(id)).catch(() => undefined);
      }
      await backend.close();
    },
  };
}

/** Most keys one batch of the database store writes. */
const MAX_BATCH = 500;
/** Rows whose window ended this long ago are deleted by the sweep (a serving process runs it every five minutes). */
const SWEEP_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;
/** MySQL's "deadlock found" error: the batch is retried once. */
const ER_LOCK_DEADLOCK = 1213;

interface PendingAdd {
  key: string;
  points: number;
  windowMs: number;
  resolve: (s: CounterState) => void;
  reject: (e: unknown) => void;
}

/**
 * The adds of every counter of a process, written in batches: while one batch is on its way,
 * the adds that arrive wait and go together in the next, so a burst over many keys takes one
 * pooled connection for two statements instead of one connection per key (200 parallel login
 * guesses from 200 addresses no longer queue for the pool past the timeout). A batch is a
 * multi-row `INSERT … ON DUPLICATE KEY UPDATE` (a key whose window has ended starts a new one;
 * rows in key order, so two processes lock them in the same order), then a read of the new
 * totals, in one transaction: the totals are exact, so an exact limit lets exactly its number
 * through across processes.
 */
function batchedAdds(knex: Knex, timeoutMs: number): (key: string, points: number, windowMs: number) => Promise<CounterState> {
  let pending: PendingAdd[] = [];
  let running = false;

  const write = async (batch: PendingAdd[]) => {
    const byKey = new Map<string, { points: number; windowMs: number; ops: PendingAdd[] }>();
    for (const op of batch) {
      const k = byKey.get(op.key);
      if (k) {
        k.points += op.points;
        k.ops.push(op);
      } else byKey.set(op.key, { points: op.points, windowMs: op.windowMs, ops: [op] });
    }
    const keys = [...byKey.keys()].sort();
    const now = Date.now();
    const values = keys.flatMap((k) => [k, byKey.get(k)!.points, now + byKey.get(k)!.windowMs]);
    // One transaction: the rows stay locked from the upsert to the read, so each total read is
    // exactly this batch's (another process's adds land before or after it, never in between).
    const upsert = () =>
      knex.transaction(async (trx) => {
        await trx.raw(
          `INSERT INTO ?? (\`key\`, points, expire) VALUES ${keys.map(() => '(?, ?, ?)').join(', ')}
           ON DUPLICATE KEY UPDATE points = IF(expire <= ?, GREATEST(VALUES(points), 0), points + VALUES(points)), expire = IF(expire <= ?, VALUES(expire), expire)`,
          [COUNTERS_TABLE, ...values, now, now],
        );
        return (await trx(COUNTERS_TABLE).select('key', 'points', 'expire').whereIn('key', keys)) as Array<{
          key: string;
          points: number | string;
          expire: number | string;
        }>;
      });
    let rows: Awaited<ReturnType<typeof upsert>>;
    try {
      rows = await upsert();
    } catch (err) {
      if ((err as { errno?: number }).errno !== ER_LOCK_DEADLOCK) throw err;
      rows = await upsert();
    }
    const at = Date.now();
    const found = new Map(rows.map((r) => [r.key, { total: Number(r.points), msLeft: Math.max(0, Number(r.expire) - at) }]));
    for (const [k, { ops }] of byKey) {
      const row = found.get(k);
      if (!row) {
        for (const op of ops) op.reject(new Error(`counter row ${k} missing after its upsert`));
        continue;
      }
      // Several adds of one key in a batch: each sees the total as if it came in order.
      let total = row.total - ops.reduce((n, op) => n + op.points, 0);
      for (const op of ops) {
        total += op.points;
        op.resolve({ total, msLeft: row.msLeft });
      }
    }
  };

  const run = async () => {
    while (pending.length) {
      const batch = pending.slice(0, MAX_BATCH);
      pending = pending.slice(MAX_BATCH);
      const written = write(batch).catch((err: unknown) => {
        for (const op of batch) op.reject(err);
      });
      // A batch stuck on a dead connection (a silent cut) must not hold the next ones: after the
      // timeout its adds have failed anyway, and the next batch takes another connection.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([written, new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
      clearTimeout(timer);
    }
    running = false;
  };

  return (key, points, windowMs) =>
    new Promise<CounterState>((resolve, reject) => {
      pending.push({ key, points, windowMs, resolve, reject });
      if (running) return;
      running = true;
      // The adds of the requests read in this turn of the event loop go together.
      setImmediate(() => void run());
    });
}

/**
 * Counters in the shared MySQL table `rate_limits` (key, points, expire: rate-limiter-flexible's
 * layout, from our migrations), written in batches over our knex pool (`batchedAdds`). Serving
 * processes register as `bff-processes:<id>` rows of the same table, and sweep rows whose window
 * ended a minute ago every five minutes.
 */
export function knexCounterStore(knex: Knex, opts: SharedCounterStoreOptions = {}): CounterStore {
  const add = batchedAdds(knex, opts.timeoutMs ?? DEFAULT_COUNTER_TIMEOUT_MS);
  let nextSweep = Date.now() + SWEEP_EVERY_MS;
  const counter = (name: string, windowMs: number): WindowCounter => ({
    add: (key, points = 1) => add(`${name}:${key}`, points, windowMs),
    async peek(key) {
      const row = (await knex(COUNTERS_TABLE).select('points', 'expire').where('key', `${name}:${key}`).first()) as
        { points: number | string; expire: number | string } | undefined;
      const msLeft = row ? Number(row.expire) - Date.now() : 0;
      return row && msLeft > 0 ? { total: Number(row.points), msLeft } : null;
    },
    async reset(key) {
      await knex(COUNTERS_TABLE).where('key', `${name}:${key}`).del();
    },
  });
  const registry = counter(PROCESSES, PROCESS_TTL_MS);
  return sharedCounterStore(
    {
      kind: 'database',
      what: 'the database',
      counter,
      async register(id, ttlMs) {
        const now = Date.now();
        await knex.raw('INSERT INTO ?? (`key`, points, expire) VALUES (?, 1, ?) ON DUPLICATE KEY UPDATE points = 1, expire = VALUES(expire)', [
          COUNTERS_TABLE,
          `${PROCESSES}:${id}`,
          now + ttlMs,
        ]);
        const [row] = await knex(COUNTERS_TABLE).where('key', 'like', `${PROCESSES}:%`).andWhere('expire', '>', now).count<{ n: number }[]>({ n: '*' });
        if (now >= nextSweep) {
          nextSweep = now + SWEEP_EVERY_MS;
          await knex(COUNTERS_TABLE)
            .where('expire', '<', now - SWEEP_AFTER_MS)
            .del();
        }
        return Math.max(1, Number(row?.n ?? 1));
      },
      unregister: (id) => registry.reset(id),
      close: async () => undefined,
    },
    opts,
  );
}

export interface RedisCounterStoreOptions extends SharedCounterStoreOptions {
  /** Put before every key (REDIS_KEY_PREFIX), so several deployments can share one Redis. */
  prefix?: string;
}

/**
 * Counters in Redis (REDIS_URL), through rate-limiter-flexible's Redis store (one Lua script per
 * call: INCRBY with the window's expiry) over an ioredis client this store owns: the calls of one
 * turn of the event loop go in one pipeline (auto-pipelining), it connects on first use, fails calls at once while disconnected (no offline queue: the outage rule of
 * `windowLimit` applies instead of a wait), reconnects by itself, and is closed by `close`.
 * Keys: `<prefix>:<name>:<client key>`; serving processes register in the sorted set
 * `<prefix>:bff-processes` (scored by when their registration ends).
 */
export function redisCounterStore(url: string, opts: RedisCounterStoreOptions = {}): CounterStore {
  const prefix = opts.prefix ?? 'val';
  const processesKey = `${prefix}:${PROCESSES}`;
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, enableAutoPipelining: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  // Failures reach the callers (and the outage log); without a listener ioredis prints each one.
  client.on('error', () => undefined);
  // The first connection is awaited (calls made meanwhile wait for it, within their timeout);
  // after that a call while disconnected fails at once and ioredis reconnects by itself.
  let first: Promise<void> | null = null;
  const connected = () => {
    if (client.status === 'wait') {
      first = client.connect().then(
        () => undefined,
        (err: unknown) => {
          first = null;
          throw err;
        },
      );
    }
    return client.status === 'ready' || !first ? Promise.resolve() : first;
  };
  return sharedCounterStore(
    {
      kind: 'redis',
      what: 'Redis',
      counter(name, windowMs) {
        const c = wrap(
          new RateLimiterRedis({
            keyPrefix: `${prefix}:${name}`,
            points: MAX_POINTS,
            duration: windowMs / 1000,
            storeClient: client,
            rejectIfRedisNotReady: true,
          }),
        );
        return {
          add: (key, points) => connected().then(() => c.add(key, points)),
          peek: (key) => connected().then(() => c.peek(key)),
          reset: (key) => connected().then(() => c.reset(key)),
        };
      },
      async register(id, ttlMs) {
        await connected();
        const now = Date.now();
        const res = await client
          .multi()
          .zadd(processesKey, now + ttlMs, id)
          .zremrangebyscore(processesKey, '-inf', now)
          .zcard(processesKey)
          .pexpire(processesKey, ttlMs * 2)
          .exec();
        return Math.max(1, Number(res?.[2]?.[1] ?? 1));
      },
      async unregister(id) {
        await connected();
        await client.zrem(processesKey, id);
      },
      async close() {
        if (client.status === 'wait' || client.status === 'end') client.disconnect();
        else await client.quit().catch(() => client.disconnect());
      },
    },
    opts,
  );
}

/**
 * The store for a deployment: Redis when REDIS_URL is set, else shared in MySQL, else this process's memory (SQLite: one process).
 */
export function createCounterStore(
  db: { knex: Knex; dialect: 'sqlite' | 'mysql' },
  logger?: Logger,
  opts: { timeoutMs?: number; redisUrl?: string; redisPrefix?: string } = {},
): CounterStore {
  if (opts.redisUrl) return redisCounterStore(opts.redisUrl, { logger, timeoutMs: opts.timeoutMs, prefix: opts.redisPrefix });
  return db.dialect === 'mysql' ? knexCounterStore(db.knex, { logger, timeoutMs: opts.timeoutMs }) : memoryCounterStore();
}
