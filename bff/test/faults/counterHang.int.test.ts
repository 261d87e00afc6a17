import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { PARTNER_TOOLS } from '@val/contracts';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { createServices } from '../../src/createServices';
import { createDb } from '../../src/db/knex';
import { CounterUnavailableError, knexCounterStore } from '../../src/repositories/counters';
import { skippedWithoutMysql, testDbs } from '../db';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/**
 * A silent network cut between the BFF and MySQL (packets dropped, no reset): the shared
 * counters behind every rate limit must not hold requests, and must not hand out more than the
 * limits allow. A counter call the database has not answered within COUNTER_STORE_TIMEOUT_MS
 * fails fast (and, while the database is out, at once); the outage is logged once (not per
 * request); the admin login then answers 503, other limits let the process allow its share, and
 * once the link is back the counts go to the database again. The server reaches MySQL through a
 * TCP proxy of our own that swallows everything while cut.
 */

const mysql = testDbs.find((d) => d.label === 'mysql');
/** Long enough that a busy 2-core machine answers in time when the link is up. */
const TIMEOUT_MS = 1000;
/** A request not answered within this long is held by the cut (never a slow machine's doing). */
const HANG_MS = 15_000;

/** Log lines of a real pino logger, parsed. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
  return { logger, lines, messages: () => lines.map((l) => l.msg) };
}

/** Runs `fn` and returns its result (or what it threw); fails past `limitMs` instead of waiting forever. */
async function timed<T>(fn: () => Promise<T>, limitMs = 5000): Promise<{ value?: T; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    fn().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A promise's outcome as it stands. */
function track<T>(p: Promise<T>): { done: boolean; value?: T; error?: unknown } {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  p.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

/** Moves jest's clock by `ms`, then lets the I/O callbacks and promise chains that are ready run. */
async function pass(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await new Promise((r) => setImmediate(r));
}

(mysql ? describe : describe.skip)(`shared counters during a silent network cut${skippedWithoutMysql}`, () => {
  let created: Awaited<ReturnType<NonNullable<typeof mysql>['create']>>;
  let proxy: TcpProxy;
  let proxiedUrl: string;
  beforeAll(async () => {
    created = await mysql!.create();
    await created.db.migrate();
    const u = new URL(created.url!);
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 3306) });
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port);
    proxiedUrl = u.toString();
  });
  afterAll(async () => {
    await proxy?.close();
    await created?.drop();
  });

  it('fails every counter call within the timeout, logs the outage once, and counts in the database again after it', async () => {
    const db = createDb({ url: proxiedUrl });
    const log = capturedLogger();
    try {
      const c = knexCounterStore(db.knex, { logger: log.logger, timeoutMs: TIMEOUT_MS }).counter('t-hang', 60_000);
      expect((await c.add('ip')).total).toBe(1);
      expect((await c.add('ip')).total).toBe(2);

      await proxy.cut('blackhole');
      // From here the store's clock and timers are jest's (sockets and I/O callbacks stay real):
      // the test says when time passes, so a busy machine cannot stretch or shrink a wait.
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
      try {
        // The first call goes to the database, which swallows it: it fails exactly at the timeout.
        const first = track(c.add('ip'));
        await pass(TIMEOUT_MS - 1);
        expect(first.done).toBe(false);
        await pass(1);
        expect(first.error).toBeInstanceOf(CounterUnavailableError);
        expect(String(first.error)).toContain(`within ${TIMEOUT_MS} ms`);
        // While the store is out, calls fail at once (no time passes), one by one and in parallel.
        for (let i = 0; i < 7; i++) {
          const call = track(c.add('ip'));
          await pass(0);
          expect(call.error).toBeInstanceOf(CounterUnavailableError);
        }
        const parallel = Array.from({ length: 20 }, () => track(c.add('other')));
        const peek = track(c.peek('ip'));
        await pass(0);
        expect(parallel.map((p) => p.error instanceof CounterUnavailableError)).toEqual(Array(20).fill(true));
        expect(peek.error).toBeInstanceOf(CounterUnavailableError);
        // A second later one call tries the database again (and waits its timeout); the others still fail at once.
        await pass(999);
        const early = track(c.add('ip'));
        await pass(0);
        expect(early.error).toBeInstanceOf(CounterUnavailableError);
        await pass(1);
        const probe = track(c.add('ip'));
        const beside = track(c.add('ip'));
        await pass(TIMEOUT_MS - 1);
        expect(probe.done).toBe(false);
        expect(beside.error).toBeInstanceOf(CounterUnavailableError);
        await pass(1);
        expect(probe.error).toBeInstanceOf(CounterUnavailableError);
        expect(log.messages().filter((m) => /unavailable/.test(m))).toHaveLength(1);
      } finally {
        jest.useRealTimers();
      }

      await proxy.restore();
      // Within a second or so one call tries the database again and finds it (15 s is only a cap).
      const deadline = Date.now() + 15_000;
      let back = false;
      while (!back && Date.now() < deadline) {
        back = !(await timed(() => c.peek('ip'))).error;
        if (!back) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back).toBe(true);
      // What was counted before the cut is still there; nothing was counted meanwhile.
      expect((await c.add('ip')).total).toBe(3);
      expect((await c.add('fresh')).total).toBe(1);
      const rows = await created.db.knex('rate_limits').where({ key: 't-hang:fresh' }).select('points');
      expect(rows).toEqual([{ points: 1 }]);
      expect(log.messages().filter((m) => /unavailable|answer again/.test(m))).toEqual([
        'shared counters unavailable: admin logins refused (503) and every other limit allows this process its share until the store answers',
        'shared counters answer again',
      ]);
    } finally {
      await proxy.restore();
      await db.close();
    }
  }, 60_000);

  it('keeps answering limited requests while the link swallows everything: clicks within the limit, admin logins with 503 + Retry-After', async () => {
    const db = createDb({ url: proxiedUrl });
    const log = capturedLogger();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      COUNTER_STORE_TIMEOUT_MS: String(TIMEOUT_MS),
      TRACK_RATE_LIMIT_PER_MINUTE: '60',
      ADMIN_PASSWORD: 'counter hang password',
    });
    const deps = await createServices(config, { db, logger: log.logger });
    deps.counters.start();
    const server = http.createServer(createApp(deps).callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const bubble = PARTNER_TOOLS.find((p) => p.company === 'bubble')!;
    const click = () =>
      fetch(`${url}/api/track-click`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ company: 'bubble', linkType: 'button', url: bubble.url }),
        signal: AbortSignal.timeout(HANG_MS),
      });
    try {
      // This process has registered (one process counts into the store).
      for (let i = 0; i < 50 && deps.counters.processes() === null; i++) await new Promise((r) => setTimeout(r, 100));
      expect(deps.counters.processes()).toBe(1);
      expect((await click()).status).toBe(202);
      await proxy.cut('blackhole');
      const answers = await Promise.all(Array.from({ length: 70 }, () => timed(async () => (await click()).status, HANG_MS)));
      // Every request is answered: a hung counter query would hold them for good (TCP gives up
      // after minutes), so HANG_MS only tells "answered" from "held". That each counter call ends
      // exactly at its timeout is checked on jest's clock in the test above.
      expect(answers.filter((a) => a.error)).toEqual([]);
      // The limit (60 a minute, one click before the cut) still holds.
      expect(answers.filter((a) => a.value === 202)).toHaveLength(59);
      expect(answers.filter((a) => a.value === 429)).toHaveLength(11);
      const login = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ password: 'counter hang password' }),
      });
      expect(login.status).toBe(503);
      expect(Number(login.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await login.json()) as { error: { message: string } }).error.message).toBe('Sign-in is paused for a moment. Please try again shortly.');
      expect(log.messages().filter((m) => /shared counters unavailable/.test(m))).toHaveLength(1);
    } finally {
      await proxy.restore();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await deps.lifecycle.runShutdownHooks();
    }
  }, 60_000);
});
