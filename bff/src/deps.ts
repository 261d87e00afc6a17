import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { TokenBudget } from './ai/budget';
import type { Ai } from './ai/service';
import type { Config } from './config/env';
import type { Database } from './db/knex';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Repositories } from './repositories';
import type { CounterStore } from './repositories/counters';
import type { ReportEventHub } from './reports/eventHub';
import type { ReportService } from './reports/service';
import type { EmbeddedProviderClient } from './services/auth';
import type { AdminDashboard } from './services/adminDashboard';
import type { ContactService } from './services/contact';
import type { LoginThrottle } from './services/loginThrottle';
import type { PublicStatsService } from './services/publicStats';
import type { AnalyticsService } from './services/analytics';
import type { PaidFlow } from './http/paidFlow';
import type { SimulationService } from './services/simulation';
import type { ValidationService } from './services/validation';

/** Process state shared by routes (e.g. /readyz fails while shutting down). */
export interface Lifecycle {
  shuttingDown: boolean;
  /** Work to finish before the database closes (flush buffers, release leases). */
  onShutdown(fn: () => Promise<void> | void): void;
  runShutdownHooks(): Promise<void>;
}

/**
 * The use cases the routers call, each built once per app in `createServices` (never inside a
 * router, never cached on the side): routers, the worker and the tests take them from here.
 */
export interface Services {
  /** Step 1: Val's feedback from the AI layer, stored once (the validate routes, `val validate`). */
  validation: ValidationService;
  /** Step 3: personas, interviews, the six-month simulation, challenge feedback, Val's chat. */
  simulation: SimulationService;
  /** Click capture: buffers partner-link and product clicks for its batched writer. */
  analytics: AnalyticsService;
  /** The per-IP token allowance every AI route draws on (AI_TOKEN_BUDGET_PER_IP per window). */
  aiBudget: TokenBudget;
  /** The paid flow: sign-in sessions, the OpenID sign-in, payments (Stripe or the test checkout). */
  paid: PaidFlow;
  /** Report event streams: one database poll per report feeds all of its open streams. */
  reportEvents: ReportEventHub;
  /** Admin login attempts per IP (ADMIN_LOGIN_MAX_FAILURES per ADMIN_LOGIN_WINDOW_MS). */
  loginThrottle: LoginThrottle;
  /** The contact form's messages, stored for the operator. */
  contact: ContactService;
  /** The home page's validated count (cached) and trust badges. */
  publicStats: PublicStatsService;
  /** What the admin dashboard reads: click stats, daily clicks, contact messages. */
  adminDashboard: AdminDashboard;
}

/** The embedded OpenID provider (the development sign-in) as the app mounts it. */
export interface EmbeddedSignIn extends EmbeddedProviderClient {
  /** Koa middleware answering `/oidc/*` (except the sign-in pages); mounted BEFORE any body parser. */
  middleware(originOf: (ctx: Context) => string): Middleware;
  /** The "Development sign-in" pages (`/oidc/interaction/:uid`), on the auth router (after the body parser). */
  addInteractionRoutes(router: Router, originOf: (ctx: Context) => string, csrf: Middleware): void;
}

/** What the checkout router guards its pages with: HTML errors, the CSRF check, its rate limit. */
export interface TestCheckoutGuards {
  pageErrors: Middleware;
  csrf: Middleware;
  limit: Middleware;
}

/**
 * Development stand-ins (bff/src/dev), loaded by `createServices` through a dynamic import, each
 * only when the config turns it on; production modules never import bff/src/dev.
 */
export interface DevStandIns {
  /** Without OIDC_ISSUER, outside production: the embedded OpenID provider. */
  signIn: EmbeddedSignIn | null;
  /** Without STRIPE_SECRET_KEY, outside production: adds the TEST MODE card form's routes to the checkout router. */
  testCheckout: ((router: Router, deps: AppDeps, guards: TestCheckoutGuards) => void) | null;
  /** Routes of their own, on one router: outside production, the unpaid report start. */
  routes: ReadonlyArray<(router: Router, deps: AppDeps) => void>;
}

/** Production's stand-ins: none (a production process never loads bff/src/dev). */
export const NO_DEV_STAND_INS: DevStandIns = Object.freeze({ signIn: null, testCheckout: null, routes: [] });

/** Everything a router or service needs, built once in `createServices`. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Database;
  repos: Repositories;
  lifecycle: Lifecycle;
  /** The AI layer (openai or the offline analyst). */
  ai: Ai;
  /** The report engine: `reports.start({product, inputs, email})` queues a report and returns its id. */
  reports: ReportService;
  /** Per-client counters (rate limits, token budgets, login throttle): `repos.counters`. */
  counters: CounterStore;
  /** Prometheus metrics of this process (`GET /metrics` with METRICS_TOKEN). */
  metrics: Metrics;
  /** The clock admin sessions time out by (ms since 1970): Date.now, or a test's own. */
  now: () => number;
  /** The development stand-ins this config turns on. */
  dev: DevStandIns;
  /** The use cases (validation, simulation, analytics, AI budget, paid flow, report events, login throttle, contact, public stats, admin dashboard). */
  services: Services;
}

export function createLifecycle(logger: Logger): Lifecycle {
  const hooks: Array<() => Promise<void> | void> = [];
  return {
    shuttingDown: false,
    onShutdown(fn) {
      hooks.push(fn);
    },
    async runShutdownHooks() {
      for (const fn of hooks.reverse()) {
        try {
          await fn();
        } catch (err) {
          logger.error({ err }, 'shutdown hook failed');
        }
      }
    },
  };
}
