import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createServices, startBackgroundWork } from '../src/createServices';
import type { AppDeps } from '../src/deps';
import { testDbs, type TestDb } from './db';

export interface TestApp {
  url: string;
  deps: AppDeps;
  /** fetch against the app: `app.fetch('/api/x', { method: 'POST', json: {...} })`. */
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The real Koa app over a fresh database, listening on a free loopback port. */
export async function startTestApp(
  opts: { env?: Record<string, string>; dbKind?: TestDb; extraRouters?: Array<(d: AppDeps) => Router> } = {},
): Promise<TestApp> {
  const kind = opts.dbKind ?? testDbs[0];
  const created = await kind.create();
  await created.db.migrate();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...opts.env });
  const deps = await createServices(config, { db: created.db });
  const app = createApp(deps, { extraRouters: opts.extraRouters });
  startBackgroundWork(deps);
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deps,
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
      await created.drop();
    },
  };
}

/** A response's JSON body, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(r: Response): Promise<any> {
  return r.json();
}
