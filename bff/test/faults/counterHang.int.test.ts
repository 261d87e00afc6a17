import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { PARTNER_TOOLS } from '@val/contracts';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { createServices } from '../../src/createServices';
import { createDb } from '../../src/db/knex';
import { knexCounterStore } from '../../src/repositories/counters';
import { skippedWithoutMysql, testDbs } from '../db';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/**
 * A silent network cut between the BFF and MySQL (packets dropped, no reset): the shared
 * counters behind every rate limit must not hold requests. A counter call the database has not
 * answered within COUNTER_STORE_TIMEOUT_MS counts in memory instead, the outage is logged once
 * (not per request), and once the link is back the counts go to the database again. The server
 * reaches MySQL through a TCP proxy of our own that swallows everything while cut.
 */

const mysql = testDbs.find((d) => d.label === 'mysql');
const TIMEOUT_MS = 300;

/** Log lines of a real pino logger, parsed. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
  return { logger, lines, messages: () => lines.map((l) => l.msg) };
}

/** Runs `fn` and returns its result with how long it took; fails past `limitMs` instead of waiting forever. */
async function timed<T>(fn: () => Promise<T>, limitMs = 5000): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const value = await Promise.race([
    fn(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return { value, ms: Date.now() - t0 };
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

  it('answers every counter call within the timeout from memory, logs the outage once, and counts in the database again after it', async () => {
    const db = createDb({ url: proxiedUrl });
    const log = capturedLogger();
    try {
      const c = knexCounterStore(db.knex, { logger: log.logger, timeoutMs: TIMEOUT_MS }).counter('t-hang', 60_000);
      expect((await c.add('ip')).total).toBe(1);
      expect((await c.add('ip')).total).toBe(2);

      await proxy.cut('blackhole');
      const during: number[] = [];
      for (let i = 0; i < 8; i++) {
        const { value, ms } = await timed(() => c.add('ip'));
        during.push(ms);
        expect(value.total).toBe(i + 1); // counted in this process's memory
      }
      // Each call waits at most the timeout (plus scheduling slack), many calls in parallel too.
      expect(Math.max(...during)).toBeLessThan(TIMEOUT_MS + 250);
      const parallel = await timed(() => Promise.all(Array.from({ length: 20 }, () => c.add('other'))));
      expect(parallel.ms).toBeLessThan(TIMEOUT_MS + 250);
      expect(parallel.value.map((r) => r.total).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const peek = await timed(() => c.peek('ip'));
      expect(peek.value?.total).toBe(8);
      expect(peek.ms).toBeLessThan(TIMEOUT_MS + 250);
      expect(log.messages().filter((m) => /unavailable/.test(m))).toHaveLength(1);

      await proxy.restore();
      // Within a second or so one call tries the database again and finds it.
      const deadline = Date.now() + 5000;
      let back = false;
      while (!back && Date.now() < deadline) {
        await c.add('ip');
        back = log.messages().some((m) => /answer again/.test(m));
        if (!back) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back).toBe(true);
      expect((await c.add('fresh')).total).toBe(1);
      const rows = await created.db.knex('rate_limits').where({ key: 't-hang:fresh' }).select('points');
      expect(rows).toEqual([{ points: 1 }]);
      expect(log.messages().filter((m) => /unavailable|answer again/.test(m))).toEqual([
        'shared counters unavailable: counting in this process until the database answers',
        'shared counters answer again: counting in the database',
      ]);
    } finally {
      await proxy.restore();
      await db.close();
    }
  }, 30_000);

  it('keeps answering rate-limited requests (click tracking) while the link swallows everything', async () => {
    const db = createDb({ url: proxiedUrl });
    const log = capturedLogger();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', COUNTER_STORE_TIMEOUT_MS: String(TIMEOUT_MS) });
    const deps = await createServices(config, { db, logger: log.logger });
    const server = http.createServer(createApp(deps).callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const bubble = PARTNER_TOOLS.find((p) => p.company === 'bubble')!;
    const click = () =>
      fetch(`${url}/api/track-click`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ company: 'bubble', linkType: 'button', url: bubble.url }),
        signal: AbortSignal.timeout(5000),
      });
    try {
      expect((await click()).status).toBe(202);
      await proxy.cut('blackhole');
      const answers = await Promise.all(Array.from({ length: 10 }, () => timed(async () => (await click()).status)));
      expect(answers.map((a) => a.value)).toEqual(Array(10).fill(202));
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(TIMEOUT_MS + 700);
      expect(log.messages().filter((m) => /shared counters unavailable/.test(m))).toHaveLength(1);
    } finally {
      await proxy.restore();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await deps.lifecycle.runShutdownHooks();
    }
  }, 30_000);
});
