import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logger';
import { outsideRequest } from '../../requestContext';

/** Where rows that could not be written at shutdown go, and come back from at the next start. */
export interface SpillStore<T> {
  save(rows: T[]): Promise<void>;
  /** Claims and returns rows spilled earlier (each spill is handed out once). */
  load(): Promise<T[]>;
}

export interface BatchWriterOptions<T> {
  /**
   * Writes one batch atomically; a throw keeps the rows for a retry. A retry carries the same
   * `batchId` and exactly the same rows, so the store can skip a batch it already committed
   * (a COMMIT whose answer was lost) instead of storing it twice.
   */
  write(rows: T[], batchId: string): Promise<void>;
  /** Makes batch ids (default: random UUIDs). */
  newBatchId?: () => string;
  /**
   * A write that has not settled after this long counts as failed and is retried (same id, same
   * rows), so a silent network partition cannot stall the writer for TCP's minutes-long timeouts.
   */
  writeTimeoutMs?: number;
  /** The oldest buffered row waits at most this long (ms). */
  flushMs: number;
  /** Rows per write; a full batch is written at once. */
  maxBatch: number;
  /** Rows buffered at most; beyond it `enqueue` refuses. */
  maxBuffer: number;
  logger: Logger;
  /** First retry delay after a failed write (doubles up to retryMaxMs). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long `close()` keeps retrying before spilling what is left. */
  closeTimeoutMs?: number;
  spill?: SpillStore<T>;
  now?: () => number;
}

interface Entry<T> {
  row: T;
  at: number;
}

/**
 * Buffers rows and writes them in batches: when `maxBatch` rows are waiting, or when the oldest
 * has waited `flushMs`. A failed write keeps its rows at the head of the buffer and is retried
 * with backoff; `enqueue` refuses (returns false) once `maxBuffer` rows wait, so callers can
 * answer 503 instead of accepting what cannot be stored. `close()` writes everything left,
 * retrying for a while, and spills the rest to the SpillStore so the next start writes them.
 */
export class BatchWriter<T> {
  private buffer: Entry<T>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private failures = 0;
  /** The batch whose last write failed: retried with the same id and the same rows. */
  private retryBatch: { id: string; size: number } | null = null;
  private closed = false;
  private readonly now: () => number;
  /** The last write error (cleared by a successful write). */
  lastError: unknown = null;
  /** Rows written since the start. */
  written = 0;

  constructor(private readonly opts: BatchWriterOptions<T>) {
    this.now = opts.now ?? Date.now;
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Buffers a row; false when the buffer is full or the writer is closed (answer 503). */
  enqueue(row: T): boolean {
    if (this.closed || this.buffer.length >= this.opts.maxBuffer) return false;
    this.buffer.push({ row, at: this.now() });
    if (this.buffer.length >= this.opts.maxBatch && this.failures === 0) void this.pump(false);
    else this.arm();
    return true;
  }

  /** Re-buffers spilled rows from an earlier run (ignores the buffer bound). */
  async restore(): Promise<number> {
    if (!this.opts.spill) return 0;
    const rows = await this.opts.spill.load();
    const at = this.now();
    for (const row of rows) this.buffer.push({ row, at });
    if (rows.length) {
      this.opts.logger.info({ rows: rows.length }, 'analytics: restored spilled click events');
      this.arm(0);
    }
    return rows.length;
  }

  /** Writes everything buffered now; throws if a write fails (the rows stay buffered). */
  async flush(): Promise<void> {
    for (;;) {
      if (this.pumping) await this.pumping;
      if (!this.buffer.length) return;
      await this.pump(true);
      if (this.buffer.length && this.lastError) throw this.lastError;
    }
  }

  /** Stops accepting rows, writes what is left (retrying), spills anything that still fails. */
  async close(): Promise<void> {
    this.closed = true;
    this.disarm();
    const deadline = this.now() + (this.opts.closeTimeoutMs ?? 5000);
    let delay = this.opts.retryBaseMs ?? 250;
    for (;;) {
      try {
        await this.flush();
        return;
      } catch {
        if (this.now() + delay > deadline) break;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, this.opts.retryMaxMs ?? 5000);
      }
    }
    const rows = this.buffer.map((e) => e.row);
    this.buffer = [];
    this.retryBatch = null;
    if (!rows.length) return;
    if (this.opts.spill) {
      try {
        await this.opts.spill.save(rows);
        this.opts.logger.error(
          { rows: rows.length, err: this.lastError },
          'analytics: database unavailable at shutdown; click events spilled to disk for the next start',
        );
        return;
      } catch (err) {
        this.opts.logger.error({ err }, 'analytics: could not spill click events');
      }
    }
    this.opts.logger.error({ rows: rows.length, err: this.lastError }, 'analytics: click events lost at shutdown');
  }

  private arm(delay?: number) {
    if (this.timer || !this.buffer.length || this.pumping) return;
    const wait = delay ?? Math.max(0, this.buffer[0].at + this.opts.flushMs - this.now());
    // The click that arms the timer is one of many its batch writes: no request's id on its lines.
    this.timer = outsideRequest(() =>
      setTimeout(() => {
        this.timer = null;
        void this.pump(false);
      }, wait),
    );
    this.timer.unref?.();
  }

  private disarm() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(force: boolean): Promise<void> {
    if (this.pumping) return this.pumping;
    this.disarm();
    this.pumping = this.run(force).finally(() => {
      this.pumping = null;
      if (!this.closed) this.arm(this.failures ? this.backoff() : undefined);
    });
    return this.pumping;
  }

  private timed(p: Promise<void>): Promise<void> {
    const ms = this.opts.writeTimeoutMs;
    if (!ms) return p;
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      p,
      new Promise<void>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`click batch write did not finish within ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  private backoff(): number {
    const base = this.opts.retryBaseMs ?? 250;
    return Math.min(this.opts.retryMaxMs ?? 5000, base * 2 ** Math.max(0, this.failures - 1));
  }

  private async run(force: boolean): Promise<void> {
    while (this.buffer.length) {
      const due = this.buffer.length >= this.opts.maxBatch || this.now() - this.buffer[0].at >= this.opts.flushMs;
      if (!force && !due) return;
      const retry = this.retryBatch;
      const batch = this.buffer.slice(0, retry ? retry.size : this.opts.maxBatch);
      const id = retry?.id ?? (this.opts.newBatchId ?? randomUUID)();
      try {
        await this.timed(
          this.opts.write(
            batch.map((e) => e.row),
            id,
          ),
        );
      } catch (err) {
        this.failures += 1;
        this.lastError = err;
        this.retryBatch = { id, size: batch.length };
        this.opts.logger.warn({ err, rows: batch.length, pending: this.buffer.length, attempt: this.failures }, 'analytics: batch write failed; will retry');
        return;
      }
      this.buffer.splice(0, batch.length);
      this.written += batch.length;
      this.retryBatch = null;
      this.failures = 0;
      this.lastError = null;
    }
  }
}
