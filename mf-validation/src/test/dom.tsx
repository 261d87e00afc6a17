import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter } from '@val/ui/router';
import { ThemeProvider, Toaster } from '@val/ui';

/*
 * Helpers of this remote's React Testing Library tests (`*.dom.test.tsx`): the real BFF in-process,
 * a loopback server for the answers the real one cannot be made to give (a 500, a 429), and the
 * page's frame (theme, router, toaster) around the component under test.
 */

// The real server answers in milliseconds, but the first call of a test file also compiles the API client's chunk.
configure({ asyncUtilTimeout: 5000 });

/** The part of bff/test/app.ts's TestApp these tests use. */
export interface RealBff {
  url: string;
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** The app's parts, loosely typed: its database (knex) and its analytics writer. */
  deps: {
    db: { knex(table: string): { select(...columns: string[]): Promise<Record<string, unknown>[]> } };
    services: { analytics: { writer: { flush(): Promise<void> } } };
  };
  close(): Promise<void>;
}

/**
 * The real Koa app over a fresh in-memory SQLite, on a loopback port; the offline analyst answers.
 * Required at run time: bff/test sits outside this package's TypeScript rootDir.
 */
export function startBff(env: Record<string, string> = {}): Promise<RealBff> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- outside this package's rootDir (as e2e/ does)
  const { startTestApp } = require('../../../bff/test/app') as { startTestApp(opts: { env: Record<string, string> }): Promise<RealBff> };
  return startTestApp({ env: { AI_PROVIDER: 'offline', ...env } });
}

/** Points the page's relative fetches (apiBase '') at `origin`, as if the page were served from there. */
export function servePageFrom(origin: string): void {
  (window as unknown as { VAL_TEST_ORIGIN?: string }).VAL_TEST_ORIGIN = origin;
}

export interface Loopback {
  url: string;
  /** Requests received, as "METHOD /path". */
  hits: string[];
  close(): Promise<void>;
}

export type LoopbackAnswer = { status: number; json?: unknown; headers?: Record<string, string> };

/** A loopback HTTP server answering every request with `answer(method, path)`, as the API would (status + its JSON). */
export async function startLoopback(answer: (method: string, path: string) => LoopbackAnswer): Promise<Loopback> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const method = req.method ?? 'GET';
    hits.push(`${method} ${path}`);
    req.resume();
    req.on('end', () => {
      const a = answer(method, path);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.json === undefined ? '' : JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The API's error body: `{ error: { code, message } }`. */
export const apiError = (code: string, message: string) => ({ error: { code, message } });

/** Renders `ui` as the shell would: theme, a router at `path`, and the toast viewport. */
export function renderInPage(ui: ReactElement, { path = '/', wrapper: Extra }: { path?: string; wrapper?: (p: { children: ReactNode }) => ReactElement } = {}) {
  const inner = Extra ? <Extra>{ui}</Extra> : ui;
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>{inner}</MemoryRouter>
      <Toaster />
    </ThemeProvider>,
  );
}
