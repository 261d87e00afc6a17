import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { BatchWriter, type BatchWriterOptions, type SpillStore } from './batchWriter';
import { fileSpillStore } from './spill';

const logger = pino({ level: 'silent' });

function writer(over: Partial<BatchWriterOptions<number>> = {}) {
  const batches: number[][] = [];
  let failNext = 0;
  const w = new BatchWriter<number>({
    write: async (rows) => {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('database down');
      }
      batches.push(rows);
    },
    flushMs: 50,
    maxBatch: 5,
    maxBuffer: 20,
    retryBaseMs: 20,
    retryMaxMs: 40,
    closeTimeoutMs: 200,
    logger,
    ...over,
  });
  return { w, batches, fail: (n: number) => (failNext = n) };
}

describe('BatchWriter', () => {
  // The writer's clock (Date.now) and timers are jest's: each step says how much time has passed.
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());
  /** Lets `ms` pass on the fake clock, running the timers that fall due and the promises they start. */
  const pass = (ms: number) => jest.advanceTimersByTimeAsync(ms);

  it('writes a full batch at once, without waiting for the timer', async () => {
    const { w, batches } = writer({ flushMs: 10_000 });
    for (let i = 1; i <= 5; i++) w.enqueue(i);
    await pass(0);
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    expect(w.pending).toBe(0);
    await w.close();
  });

  it('writes a partial batch once the oldest row has waited flushMs', async () => {
    const { w, batches } = writer({ flushMs: 60 });
    w.enqueue(1);
    await pass(20);
    w.enqueue(2);
    await pass(39);
    expect(batches).toEqual([]);
    await pass(1);
    expect(batches).toEqual([[1, 2]]);
    await w.close();
  });

  it('retries a failed batch with the same id and exactly the same rows, even when more rows arrived meanwhile', async () => {
    const calls: Array<{ rows: number[]; id: string }> = [];
    let failures = 1;
    const w = new BatchWriter<number>({
      write: async (rows, id) => {
        calls.push({ rows, id });
        if (failures-- > 0) throw new Error('connection lost after COMMIT');
      },
      flushMs: 30,
      maxBatch: 5,
      maxBuffer: 20,
      retryBaseMs: 40,
      retryMaxMs: 40,
      logger,
    });
    w.enqueue(1);
    w.enqueue(2);
    await pass(30); // first attempt of [1, 2] fails
    expect(calls).toHaveLength(1);
    for (let i = 3; i <= 7; i++) w.enqueue(i);
    await w.flush();
    expect(calls[0].rows).toEqual([1, 2]);
    expect(calls[1]).toEqual({ rows: [1, 2], id: calls[0].id });
    expect(calls.slice(2).flatMap((c) => c.rows)).toEqual([3, 4, 5, 6, 7]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length - 1);
    await w.close();
  });

  it('gives up on a write that hangs (a silent partition) and retries the same batch, with its id', async () => {
    const calls: Array<{ rows: number[]; id: string }> = [];
    const w = new BatchWriter<number>({
      write: (rows, id) => {
        calls.push({ rows, id });
        return calls.length === 1 ? new Promise<void>(() => undefined) : Promise.resolve();
      },
      writeTimeoutMs: 60,
      flushMs: 10,
      maxBatch: 5,
      maxBuffer: 20,
      retryBaseMs: 20,
      retryMaxMs: 20,
      logger,
    });
    w.enqueue(1);
    w.enqueue(2);
    await pass(10); // the first write starts, and hangs
    expect(calls).toHaveLength(1);
    await pass(59);
    expect(calls).toHaveLength(1);
    expect(w.pending).toBe(2);
    await pass(1); // 60 ms: the write counts as failed; the retry waits 20 ms
    expect(String(w.lastError)).toMatch(/did not finish within 60 ms/);
    await pass(19);
    expect(calls).toHaveLength(1);
    await pass(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ rows: [1, 2], id: calls[0].id });
    expect(w.pending).toBe(0);
    expect(w.lastError).toBeNull();
    await w.close();
  });

  it('keeps the rows of a failed write and retries them, in order, with a growing wait', async () => {
    const { w, batches, fail } = writer();
    fail(2);
    for (let i = 1; i <= 3; i++) w.enqueue(i);
    await pass(50); // first try fails; the next waits retryBaseMs (20 ms)
    await pass(20); // second try fails; the next waits twice as long (40 ms, retryMaxMs)
    expect(batches).toEqual([]);
    expect(w.pending).toBe(3);
    w.enqueue(4);
    await pass(39);
    expect(batches).toEqual([]);
    await pass(1); // the retry writes exactly the failed batch; row 4 waits its own flushMs
    expect(batches).toEqual([[1, 2, 3]]);
    await pass(10);
    expect(batches).toEqual([[1, 2, 3], [4]]);
    expect(w.pending).toBe(0);
    expect(w.lastError).toBeNull();
    await w.close();
  });

  it('refuses rows beyond the buffer bound (the caller answers 503)', async () => {
    const { w, fail } = writer({ maxBuffer: 8 });
    fail(1000);
    const accepted = Array.from({ length: 12 }, (_, i) => w.enqueue(i)).filter(Boolean).length;
    expect(accepted).toBe(8);
    expect(w.pending).toBe(8);
    fail(0);
    await w.flush();
    expect(w.enqueue(99)).toBe(true);
    await w.close();
  });

  it('flush() writes everything buffered in batches of maxBatch and throws when the write fails', async () => {
    const { w, batches, fail } = writer({ flushMs: 10_000, maxBatch: 3 });
    for (let i = 1; i <= 7; i++) w.enqueue(i);
    await w.flush();
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    fail(1);
    w.enqueue(8);
    await expect(w.flush()).rejects.toThrow('database down');
    expect(w.pending).toBe(1);
    await w.flush();
    expect(batches.at(-1)).toEqual([8]);
    await w.close();
  });

  it('close() writes what is buffered, then refuses new rows', async () => {
    const { w, batches } = writer({ flushMs: 10_000 });
    w.enqueue(1);
    w.enqueue(2);
    await w.close();
    expect(batches).toEqual([[1, 2]]);
    expect(w.enqueue(3)).toBe(false);
  });

  it('close() spills rows it cannot write, and restore() brings them back', async () => {
    const saved: number[][] = [];
    const spill: SpillStore<number> = {
      save: async (rows) => {
        saved.push(rows);
      },
      load: async () => saved.splice(0).flat(),
    };
    const first = writer({ spill, flushMs: 10_000 });
    first.fail(1000);
    first.w.enqueue(1);
    first.w.enqueue(2);
    let closed = false;
    const closing = first.w.close().then(() => (closed = true));
    await pass(100); // close() keeps retrying for up to closeTimeoutMs (200 ms) before it spills
    expect(closed).toBe(false);
    expect(saved).toEqual([]);
    await pass(100);
    await closing;
    expect(saved).toEqual([[1, 2]]);

    const second = writer({ spill, flushMs: 10 });
    expect(await second.w.restore()).toBe(2);
    await pass(9);
    expect(second.batches).toEqual([]);
    await pass(1); // restored rows are written like new ones, once they have waited flushMs
    expect(second.batches).toEqual([[1, 2]]);
    expect(await second.w.restore()).toBe(0);
    await second.w.close();
  });
});

describe('fileSpillStore', () => {
  it('round-trips rows through a file and hands each spill out once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-spill-'));
    try {
      const a = fileSpillStore<{ n: number }>(dir);
      await a.save([{ n: 1 }, { n: 2 }]);
      await a.save([{ n: 3 }]);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
      expect((await a.load()).map((r) => r.n).sort()).toEqual([1, 2, 3]);
      expect(await fileSpillStore(dir).load()).toEqual([]);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps two spills of the same millisecond apart (neither overwrites the other)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-spill-'));
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_795_697_865_922);
    try {
      const a = fileSpillStore<{ n: number }>(dir);
      await Promise.all([a.save([{ n: 1 }, { n: 2 }]), a.save([{ n: 3 }])]);
      await a.save([{ n: 4 }]);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(3);
      expect((await a.load()).map((r) => r.n).sort()).toEqual([1, 2, 3, 4]);
    } finally {
      now.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
