import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StrictMode, type ReactNode } from 'react';
import { configure, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@val/ui/router';
import { QueryClient } from '@tanstack/react-query';
import type { ProductInputs, ReportStatusResponse } from '@val/contracts';
import { ThemeProvider } from '@val/ui';
import { QueryProvider } from '../query';

/*
 * The dom tests' real parts: the BFF in-process (bff/test/app.ts, SQLite in memory), and a
 * loopback server for the answers the BFF cannot be made to give. The BFF's helpers are loaded
 * with requireActual and typed here by what the tests use (bff/ is outside this package's tsc root).
 */

export interface TestWorker {
  start(): void;
  stop(): Promise<void>;
}

export interface BffTestApp {
  url: string;
  deps: {
    reports: {
      start(req: { product: string; inputs: ProductInputs; email?: string }): Promise<string>;
      status(id: string): Promise<ReportStatusResponse | null>;
      createWorker(): TestWorker;
    };
  };
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

// The pages here wait on a real server (and the first answers of a fresh BFF can take a while on a busy machine).
configure({ asyncUtilTimeout: 5000 });

/** The BFF's database, for what a test checks the server recorded. */
export const tableRows = (app: BffTestApp, table: string): Promise<Array<Record<string, unknown>>> =>
  (app.deps as unknown as { db: { knex(t: string): { select(): Promise<Array<Record<string, unknown>>> } } }).db.knex(table).select();

/**
 * A checkout for `email` as the BFF stores it once paid at its TEST MODE page (a sign-in at the
 * embedded provider cannot run in jsdom: its Web Crypto answers with ArrayBuffers of another realm).
 */
export async function paidTestCheckout(app: BffTestApp, email: string, product = 'new-product-feasibility-study'): Promise<string> {
  const payments = (app.deps as unknown as { repos: { payments: PaymentsRepo } }).repos.payments;
  const sid = `cs_test_${Math.random().toString(36).slice(2).padEnd(24, '0')}`;
  await payments.create({ checkoutSessionId: sid, provider: 'test', email, product, inputs: null, amountCents: 2500, currency: 'usd' });
  await payments.markPaid(sid, { customerId: `cus_test_${sid.slice(8, 20)}`, paidAt: new Date() });
  return sid;
}
interface PaymentsRepo {
  create(p: {
    checkoutSessionId: string;
    provider: 'test';
    email: string;
    product: string;
    inputs: null;
    amountCents: number;
    currency: string;
  }): Promise<unknown>;
  markPaid(sid: string, at: { customerId: string; paidAt: Date }): Promise<boolean>;
}

export const { startTestApp } = jest.requireActual<{ startTestApp(opts?: { env?: Record<string, string> }): Promise<BffTestApp> }>('../../../bff/test/app');
export const { waitForReport, FEASIBILITY_INPUTS } = jest.requireActual<{
  waitForReport(reports: BffTestApp['deps']['reports'], id: string, ms?: number): Promise<ReportStatusResponse>;
  FEASIBILITY_INPUTS: { targetMarket: string; productIdea: string };
}>('../../../bff/test/reports');

declare global {
  interface Window {
    /** The origin relative URLs resolve against in the dom tests (tooling/jest/domEnvironment.js). */
    VAL_TEST_ORIGIN?: string;
  }
}

/** What a loopback server saw: method, path, body. */
export interface SeenRequest {
  method: string;
  path: string;
  body: string;
}

/** A loopback HTTP server answering as the API would; `answer` picks status and JSON body per request. */
export async function loopback(answer: (req: SeenRequest, n: number) => { status: number; json?: unknown }) {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      seen.push(r);
      const a = answer(r, seen.filter((s) => s.path === r.path).length);
      res.writeHead(a.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(a.json === undefined ? '' : JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A fresh query client per test, no retries (the app's own polling is what retries). */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a page as the shell does: theme, router (at `path`), and this test's own query client. */
export function renderPage(
  ui: ReactNode,
  { path = '/', client = testQueryClient(), strict = false }: { path?: string; client?: QueryClient; strict?: boolean } = {},
): RenderResult & { client: QueryClient } {
  const page = (
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <QueryProvider client={client}>{ui}</QueryProvider>
      </MemoryRouter>
    </ThemeProvider>
  );
  return { client, ...render(strict ? <StrictMode>{page}</StrictMode> : page) };
}

/** Where the router is: a route element that shows the path it matched. */
export function Location() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}
