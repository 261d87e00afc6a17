import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { startClickLoad, tally } from './clickLoad';
import { spawnServer, type SpawnedServer } from './spawnServer';
import { startTcpProxy, type CutMode } from './tcpProxy';

export interface OutageOptions {
  /** MySQL server, e.g. mysql://root@127.0.0.1:3306 (a fresh database is created and dropped). */
  mysqlUrl: string;
  mode?: CutMode;
  /** Load before the cut, the cut itself, load after the cut (ms). */
  beforeMs?: number;
  cutMs?: number;
  afterMs?: number;
  /** Cut the link this many times (each `cutMs`, with `upMs` of working link in between): a flapping network. */
  cuts?: number;
  upMs?: number;
  /** Click load: parallel loops and the pause after each request. */
  workers?: number;
  gapMs?: number;
  log?: (line: string) => void;
}

/** Clicks of one phase: what the clients saw and what the database holds. */
export interface PhaseFigures {
  company: string;
  sent: number;
  accepted: number;
  httpErrors: number;
  noAnswer: number;
  statuses: Record<string, number>;
  /** Raw click events stored for this phase's partner. */
  stored: number;
  /** The admin link-stats total for this phase's partner (the rollups). */
  rollup: number;
}

export interface OutageFigures {
  mode: CutMode;
  cutMs: number;
  cuts: number;
  /** From the cut to the first /readyz 503 (ms); null if none came. */
  readyzDownAfterMs: number | null;
  /** From the end of the cut to /readyz answering 200 again, for good (ms). */
  readyzUpAfterMs: number | null;
  /** Slowest /readyz answer during the outage (ms). */
  readyzSlowestMs: number;
  phases: Record<'before' | 'during' | 'after', PhaseFigures>;
  /** From the end of the cut until every accepted click was stored (ms). */
  backlogWrittenAfterMs: number | null;
  /** Statuses of DB-backed API calls during the outage (POST /api/validate writes, GET /api/admin/link-stats reads). */
  apiDuringOutage: Record<string, number>;
  spilledFiles: number;
}

const PHASE_COMPANY = { before: 'bubble', during: 'beehiiv', after: 'notion' } as const;
const ADMIN_PASSWORD = 'outage-admin-password-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A database outage under a steady click load: the built server talks to MySQL through a TCP
 * proxy of our own; the proxy is cut for `cutMs` and restored. Measures how fast /readyz turns
 * 503 and back, and whether every click the API accepted (before, during and after the cut,
 * each phase on its own partner) is stored exactly once, in the raw events and the rollups.
 */
export async function runOutageScenario(o: OutageOptions): Promise<OutageFigures> {
  const mode = o.mode ?? 'refuse';
  const beforeMs = o.beforeMs ?? 3000;
  const cutMs = o.cutMs ?? 10_000;
  const afterMs = o.afterMs ?? 6000;
  const log = o.log ?? (() => undefined);
  const base = new URL(o.mysqlUrl);
  const name = `val_outage_${randomBytes(4).toString('hex')}`;
  const root = new URL(o.mysqlUrl);
  root.pathname = '/';
  const admin = knexFactory({ client: 'mysql2', connection: root.toString() });
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const direct = new URL(base.toString());
  direct.pathname = `/${name}`;
  const db: Knex = knexFactory({ client: 'mysql2', connection: direct.toString() });
  const proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 3306) });
  const viaProxy = new URL(direct.toString());
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-outage-'));
  let server: SpawnedServer | null = null;
  try {
    server = await spawnServer({
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      TRACK_RATE_LIMIT_PER_MINUTE: '100000',
      VALIDATE_RATE_LIMIT_PER_MINUTE: '1000',
      REPORT_WORKER: 'off',
    });
    log(`server up at ${server.url}, MySQL through the proxy on port ${proxy.port}`);
    const url = server.url;
    const cookie = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    }).then((r) =>
      r.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
    let phase: keyof typeof PHASE_COMPANY = 'before';
    const readyz: Array<{ at: number; ms: number; status: number }> = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const t = Date.now();
        let status: number;
        try {
          status = (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;
        } catch {
          status = 0;
        }
        readyz.push({ at: Date.now(), ms: Date.now() - t, status });
        await sleep(100);
      }
    })();
    const load = startClickLoad({ url: url, workers: o.workers ?? 4, gapMs: o.gapMs ?? 20, company: () => PHASE_COMPANY[phase] });
    await sleep(beforeMs);

    phase = 'during';
    const cutAt = Date.now();
    const cuts = o.cuts ?? 1;
    await proxy.cut(mode);
    log(`cut the database link (${mode}) for ${cutMs / 1000} s${cuts > 1 ? `, ${cuts} times` : ''}`);
    const apiDuringOutage: Record<string, number> = {};
    const probes = (async () => {
      while (Date.now() - cutAt < cutMs - 1500) {
        await sleep(1000);
        const write = await fetch(`${url}/api/validate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idea: 'Outage-proof idea', targetCustomer: 'Operators', problemSolved: 'Databases go away' }),
          signal: AbortSignal.timeout(10_000),
        }).then(
          (r) => `POST /api/validate ${r.status}${r.headers.get('retry-after') ? ' Retry-After' : ''}`,
          () => 'POST /api/validate no answer',
        );
        const stats = await fetch(`${url}/api/admin/link-stats`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) }).then(
          (r) => `GET /api/admin/link-stats ${r.status}${r.headers.get('retry-after') ? ' Retry-After' : ''}`,
          () => 'GET /api/admin/link-stats no answer',
        );
        for (const k of [write, stats]) apiDuringOutage[k] = (apiDuringOutage[k] ?? 0) + 1;
      }
    })();
    await sleep(cutMs);
    for (let i = 1; i < cuts; i++) {
      await proxy.restore();
      await sleep(o.upMs ?? 500);
      await proxy.cut(mode);
      await sleep(cutMs);
    }
    await probes;

    phase = 'after';
    const upAt = Date.now();
    await proxy.restore();
    log('restored the database link');
    const storedBy = async () => {
      const rows = (await db('link_click_events').select('company').count({ n: '*' }).groupBy('company')) as Array<{ company: string; n: number | string }>;
      return Object.fromEntries(rows.map((r) => [r.company, Number(r.n)]));
    };
    // The clicks buffered during the cut reach the database once the link is back (the writer retries with backoff).
    const duringAccepted = () => load.results.filter((r) => r.company === PHASE_COMPANY.during && r.status >= 200 && r.status < 300).length;
    let backlogWrittenAfterMs: number | null = null;
    for (const deadline = upAt + Math.max(afterMs, 30_000); Date.now() < deadline; await sleep(100)) {
      if (((await storedBy())[PHASE_COMPANY.during] ?? 0) >= duringAccepted()) {
        backlogWrittenAfterMs = Date.now() - upAt;
        break;
      }
    }
    log(`backlog written after ${backlogWrittenAfterMs} ms`);
    await sleep(Math.max(0, upAt + afterMs - Date.now()));
    const results = await load.stop();
    const counts = tally(results);
    log(`load stopped: ${results.length} clicks sent`);
    let stored: Record<string, number> = {};
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
      stored = await storedBy();
      if (Object.values(PHASE_COMPANY).every((c) => (stored[c] ?? 0) >= (counts.get(c)?.accepted ?? 0))) break;
    }
    await sleep(500);
    stored = await storedBy();
    polling = false;
    await poller;

    const statsRes = await fetch(`${url}/api/admin/link-stats`, { headers: { cookie } });
    if (statsRes.status !== 200) throw new Error(`GET /api/admin/link-stats answered ${statsRes.status} after the outage: ${await statsRes.text()}`);
    const stats = (await statsRes.json()) as Array<{ company: string; clickCount: number }>;
    const rollup = (c: string) => stats.filter((s) => s.company === c).reduce((n, s) => n + s.clickCount, 0);
    const phases = Object.fromEntries(
      (Object.keys(PHASE_COMPANY) as Array<keyof typeof PHASE_COMPANY>).map((p) => {
        const c = PHASE_COMPANY[p];
        const t = counts.get(c) ?? { accepted: 0, httpErrors: 0, noAnswer: 0, statuses: {} };
        return [p, { company: c, sent: t.accepted + t.httpErrors + t.noAnswer, ...t, stored: stored[c] ?? 0, rollup: rollup(c) }];
      }),
    ) as OutageFigures['phases'];

    const firstDown = readyz.find((r) => r.at >= cutAt && r.status !== 200);
    const lastBad = [...readyz].reverse().find((r) => r.status !== 200);
    const during = readyz.filter((r) => r.at >= cutAt && r.at - r.ms <= upAt);
    return {
      mode,
      cutMs,
      cuts,
      readyzDownAfterMs: firstDown ? firstDown.at - cutAt : null,
      readyzUpAfterMs: lastBad ? Math.max(0, (readyz.find((r) => r.at > lastBad.at)?.at ?? Number.NaN) - upAt) : 0,
      readyzSlowestMs: Math.max(0, ...during.map((r) => r.ms)),
      phases,
      backlogWrittenAfterMs,
      apiDuringOutage,
      spilledFiles: fs.readdirSync(dataDir).filter((f) => f.startsWith('analytics-spill-')).length,
    };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      server.kill('SIGKILL');
    }
    await proxy.close();
    await db.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
    await admin.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
