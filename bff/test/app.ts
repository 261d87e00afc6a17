import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createServices, startBackgroundWork } from '../src/createServices';
import type { AppDeps } from '../src/deps';
import { createDb } from '../src/db/knex';
import { testDbs, type TestDb } from './db';
import { startTcpProxy, type TcpProxy } from './faults/tcpProxy';

export interface TestApp {
  url: string;
  deps: AppDeps;
  /** The TCP proxy between the app and MySQL (`proxyDb: true`): slow it, cut it, count its queries. */
  dbProxy?: TcpProxy;
  /** fetch against the app: `app.fetch('/api/x', { method: 'POST', json: {...} })`. */
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The real Koa app over a fresh database, listening on a free loopback port. */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    dbKind?: TestDb;
    extraRouters?: Array<(d: AppDeps) => Router>;
    proxyDb?: boolean;
    /** The app's clock (admin session timeouts); default Date.now. */
    now?: () => number;
    /** The test's own wiring: replaces parts of the dependencies (e.g. a service over a stand-in) before the app is built. */
    wire?: (deps: AppDeps) => void;
  } = {},
): Promise<TestApp> {
  const kind = opts.dbKind ?? testDbs[0];
  const created = await kind.create();
  await created.db.migrate();
  let db = created.db;
  let dbProxy: TcpProxy | undefined;
  if (opts.proxyDb) {
    if (!created.url) throw new Error('proxyDb needs MySQL');
    const u = new URL(created.url);
    dbProxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 3306) });
    u.hostname = '127.0.0.1';
    u.port = String(dbProxy.port);
    db = createDb({ url: u.toString() });
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...opts.env });
  const deps = await createServices(config, { db, now: opts.now });
  opts.wire?.(deps);
  const app = createApp(deps, { extraRouters: opts.extraRouters });
  startBackgroundWork(deps);
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deps,
    dbProxy,
    fetch(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(url + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await deps.lifecycle.runShutdownHooks();
      if (db !== created.db) await db.close();
      await dbProxy?.close();
      await created.drop();
    },
  };
}

/** A response's JSON body, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on any field of any answer
export async function json(r: Response): Promise<any> {
  return r.json();
}
