import { LimitUnavailableError } from '../errors';
import { CounterUnavailableError, type CounterStore, type WindowCounter } from '../repositories/counters';

/** What one `take` got: allowed or not, what is left of the window (across processes, as last known) and when it ends. */
export interface Take {
  allowed: boolean;
  remaining: number;
  msLeft: number;
}

export interface WindowLimitOptions {
  /** Where the counts live (`deps.counters`). */
  store: CounterStore;
  /** Name of the counters (limits that share a name share their buckets). */
  name: string;
  windowMs: number;
  /** Points (hits, tokens) allowed per key and window, across every process. */
  max: number;
  /**
   * When the shared store cannot answer: `closed` refuses with 503 + Retry-After; `share` lets
   * this process allow its share of what was left (the limit divided by the processes counting
   * into the store, as last read), so N processes together still allow the limit at most.
   */
  whenUnavailable: 'closed' | 'share';
  /**
   * Ask the store on every take (no blocks held in this process, no refusal remembered): for
   * counts another process may reset, such as login attempts.
   */
  exact?: boolean;
  /** Refused takes count too (login attempts: every guess counts); otherwise only what was allowed stays counted. */
  countRefused?: boolean;
  /** What the 503 says when `closed` and the store cannot answer. */
  unavailableMessage?: string;
}

/**
 * A fixed-window limit over a counter store, shared by every process on a shared store.
 * - `take(key, n)` gets `n` points or none (default 1).
 * - `adjust(key, delta)` adds points that are never refused (tokens a call spent beyond what it
 *   took) or, negative, gives back points taken and not used; it resolves once the store has
 *   them (callers need not wait).
 */
export interface WindowLimit {
  take(key: string, points?: number): Promise<Take>;
  /**
   * `take` when this process can answer from memory (points held, or a window known to be used
   * up; never on the memory store, `exact` limits or while a store call for the key is on its
   * way): the same answer, at once. Null when only `take` can answer.
   */
  takeNow(key: string, points?: number): Take | null;
  adjust(key: string, delta: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** A block held by a process is this part of the limit (at least 1). */
const BLOCK_PARTS = 20;
/** Seconds a closed limit asks the client to wait while the store is out. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
/** Keys kept in memory at most (a flood of new addresses sweeps out the oldest tenth at once). */
const MAX_KEYS = 100_000;
const SWEEP_EVERY_MS = 10_000;

interface Waiter {
  points: number;
  resolve: (t: Take) => void;
  reject: (e: unknown) => void;
}

/** What this process knows of one key. */
interface KeyState {
  /** When the store's window of the key ends (this process's clock); 0: unknown. */
  ends: number;
  /** The store's total at its last answer. */
  total: number;
  /** Points counted in the store for this process and not handed out yet. */
  held: number;
  waiting: Waiter[];
  /** A store call for this key is on its way. */
  busy: boolean;
  /** While the store is out: the end of this process's own window, and what it allowed in it. */
  outEnds: number;
  outUsed: number;
  /** Points allowed while the store was out and not counted in it yet (added to the next call). */
  owed: number;
}

/**
 * A limit that keeps hot paths off the store:
 * - One store call per key at a time: takes that arrive while it is on its way wait and go
 *   together in the next call (a burst of 1,000 parallel hits on one key is two calls, not 1,000
 *   queued for one row lock).
 * - Unless `exact`, a process adds a block of points (a twentieth of the limit) at once and hands
 *   them out from memory: a click limit of 300 a minute costs one store call per 15 clicks, and
 *   the blocks never add up to more than the limit. A key whose window is used up is refused from
 *   memory until the window ends.
 * - When the store cannot answer (`CounterUnavailableError`): blocks already held are still
 *   handed out (they are counted); then `closed` answers 503 with Retry-After, `share` allows
 *   (limit − the key's last known total) ÷ processes in this process's own window, and adds
 *   what it allowed to the store's count with its next call once the store answers again.
 * On the memory store every take is exact (there is nothing to save).
 */
export function windowLimit(opts: WindowLimitOptions): WindowLimit {
  const { store, max, windowMs, whenUnavailable } = opts;
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('windowLimit: windowMs must be > 0');
  if (!Number.isInteger(max) || max < 1) throw new RangeError('windowLimit: max must be an integer >= 1');
  const counter: WindowCounter = store.counter(opts.name, windowMs);
  const exact = opts.exact === true || store.kind === 'memory';
  const block = exact ? 0 : Math.max(1, Math.floor(max / BLOCK_PARTS));
  const keys = new Map<string, KeyState>();
  let nextSweep = 0;

  const idle = (s: KeyState) => !s.busy && !s.waiting.length;
  /** Forgets keys whose windows have ended; past MAX_KEYS the oldest idle ones too (what they held stays counted). */
  const sweep = (now: number) => {
    if (now < nextSweep && keys.size < MAX_KEYS) return;
    nextSweep = now + SWEEP_EVERY_MS;
    for (const [k, s] of keys) if (s.ends <= now && s.outEnds <= now && idle(s)) keys.delete(k);
    let over = keys.size - Math.floor(MAX_KEYS * 0.9);
    for (const [k, s] of keys) {
      if (over <= 0) break;
      if (idle(s)) {
        keys.delete(k);
        over -= 1;
      }
    }
  };
  const stateOf = (key: string, now: number): KeyState => {
    let s = keys.get(key);
    if (!s) {
      sweep(now);
      s = { ends: 0, total: 0, held: 0, waiting: [], busy: false, outEnds: 0, outUsed: 0, owed: 0 };
      keys.set(key, s);
    } else if (s.ends && s.ends <= now) {
      s.ends = 0;
      s.total = 0;
      s.held = 0;
    }
    return s;
  };
  /** A take's answer from what this process knows of the key (what is left across processes, as last known). */
  const answer = (allowed: boolean, s: KeyState, now: number): Take => ({
    allowed,
    remaining: Math.max(0, max - s.total + s.held),
    msLeft: Math.max(0, s.ends - now),
  });

  /**
   * Hands out held points to the waiters in order and answers them; returns the waiters that do
   * not fit, with their answer (given once what they leave unused has gone back to the store).
   */
  const serve = (s: KeyState, batch: Waiter[], now: number) => {
    const refused: Array<{ w: Waiter; t: Take }> = [];
    for (const w of batch) {
      if (s.held >= w.points) {
        s.held -= w.points;
        w.resolve(answer(true, s, now));
      } else refused.push({ w, t: answer(false, s, now) });
    }
    return refused;
  };

  /** Points go back to the store (a failure leaves them counted: never more than the limit). */
  const giveBack = async (key: string, points: number) => {
    await counter.add(key, -points).catch(() => undefined);
  };

  const outage = (s: KeyState, batch: Waiter[], err: CounterUnavailableError) => {
    const now = Date.now();
    const n = store.processes();
    if (whenUnavailable === 'closed' || n === null) {
      const refusal = new LimitUnavailableError(opts.unavailableMessage, UNAVAILABLE_RETRY_AFTER_S);
      for (const w of batch) w.reject(Object.assign(refusal, { cause: err }));
      return;
    }
    if (s.outEnds <= now) {
      s.outEnds = now + windowMs;
      s.outUsed = 0;
    }
    const known = s.ends > now ? s.total : 0;
    const share = Math.floor(Math.max(0, max - known) / n);
    for (const w of batch) {
      let allowed = true;
      if (s.held >= w.points) s.held -= w.points;
      else if (s.outUsed + w.points <= share) {
        s.outUsed += w.points;
        s.owed += w.points;
      } else allowed = false;
      w.resolve({ allowed, remaining: Math.max(0, share - s.outUsed) + s.held, msLeft: s.outEnds - now });
    }
  };

  const pump = async (key: string, s: KeyState) => {
    s.busy = true;
    try {
      while (s.waiting.length) {
        const batch = s.waiting.splice(0);
        const need = batch.reduce((n, w) => n + w.points, 0) - s.held;
        if (need <= 0) {
          serve(s, batch, Date.now());
          continue;
        }
        const ask = Math.max(need, block);
        const owed = s.owed;
        try {
          const r = await counter.add(key, ask + owed);
          s.owed -= owed;
          const now = Date.now();
          const granted = Math.min(ask, Math.max(0, max - (r.total - ask)));
          // Points counted past the limit go back (unless refused takes count), and so does what
          // is held when nothing is to be kept (exact) or it was too little for a take.
          const over = opts.countRefused ? 0 : ask - granted;
          s.total = r.total - over;
          s.ends = now + r.msLeft;
          s.held += granted;
          const refused = serve(s, batch, now);
          const spare = exact || refused.length ? s.held : 0;
          s.held -= spare;
          s.total -= spare;
          if (over + spare > 0) await giveBack(key, over + spare);
          for (const { w, t } of refused) w.resolve(t);
        } catch (err) {
          if (err instanceof CounterUnavailableError) outage(s, batch, err);
          else for (const w of batch) w.reject(err);
        }
      }
    } finally {
      s.busy = false;
    }
  };

  /** The answer from memory for a key's state, if there is one (taking the points when allowed). */
  const fromMemory = (s: KeyState, points: number, now: number): Take | null => {
    if (s.busy || s.waiting.length || exact) return null;
    if (s.held >= points) {
      s.held -= points;
      return answer(true, s, now);
    }
    if (s.ends > now && s.total >= max) return answer(false, s, now);
    return null;
  };

  return {
    take(key, points = 1) {
      const now = Date.now();
      const s = stateOf(key, now);
      const known = fromMemory(s, points, now);
      if (known) return Promise.resolve(known);
      return new Promise<Take>((resolve, reject) => {
        s.waiting.push({ points, resolve, reject });
        if (!s.busy) void pump(key, s);
      });
    },
    takeNow(key, points = 1) {
      if (exact) return null;
      const now = Date.now();
      return fromMemory(stateOf(key, now), points, now);
    },
    async adjust(key, delta) {
      if (!delta) return;
      const now = Date.now();
      const s = stateOf(key, now);
      if (s.outEnds > now && s.owed > 0) {
        s.outUsed = Math.max(0, s.outUsed + delta);
        s.owed = Math.max(0, s.owed + delta);
        return;
      }
      if (!exact && s.ends > now) {
        // Spend from what is held; what comes back is held up to one block, the rest goes back.
        const fromHeld = delta > 0 ? Math.min(delta, s.held) : Math.max(delta, s.held - block);
        s.held -= fromHeld;
        delta -= fromHeld;
        if (!delta) return;
      }
      // Nothing goes back into a window that ends now: a new window must not start below 0.
      if (delta < 0 && !(s.ends > now + 1000)) return;
      s.total += delta;
      if (delta < 0) return giveBack(key, -delta);
      await counter.add(key, delta).catch(() => undefined);
    },
    async reset(key) {
      keys.delete(key);
      await counter.reset(key);
    },
  };
}
