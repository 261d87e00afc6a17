import type { Context, Middleware } from 'koa';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { sameOrigin } from '../middlewares/sameOrigin';
import type { Repositories } from '../repositories';
import { createAuthService, type AuthService, type EmbeddedProviderClient, type SignInRequest } from '../services/auth';
import { createPaymentsService, type PaymentsService, type ReportStarter } from '../services/payments';
import { authSessions, ephemeralSessionKey, type AuthSessions } from './authSession';

/** The paid flow's services and its HTTP glue, shared by its routers (`deps.services.paid`). */
export interface PaidFlow {
  sessions: AuthSessions;
  auth: AuthService;
  payments: PaymentsService;
  /** The public origin of a request: PUBLIC_URL's, else the request's own (never production). */
  originOf(ctx: Context): string;
  /** What the sign-in service needs to know of a request: its public origin and the socket it came in on. */
  signInRequest(ctx: Context): SignInRequest;
  /** CSRF guard for state-changing, cookie-authenticated routes. */
  csrf: Middleware;
}

/** `http://host:port` of the socket a request came in on (the embedded provider's back channel). */
function loopbackOf(ctx: Context): string {
  const sock = ctx.req.socket;
  const addr = (sock.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = addr === '::' || addr === '0.0.0.0' ? '127.0.0.1' : addr.includes(':') ? `[${addr}]` : addr;
  return `http://${host}:${sock.localPort}`;
}

/**
 * The paid flow's services, built once per app in `createServices` (so every router of the flow
 * shares one session key, one sign-in client and one embedded provider).
 */
export function createPaidFlow(deps: {
  config: Config;
  logger: Logger;
  repos: Pick<Repositories, 'signInSessions' | 'payments'>;
  /** The report engine (a paid checkout starts its report there). */
  reports: ReportStarter;
  /** The embedded development provider (`deps.dev.signIn`): the sign-in's provider without OIDC_ISSUER. */
  embedded: EmbeddedProviderClient | null;
}): PaidFlow {
  const { config, logger, repos } = deps;
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  // Koa 3's ctx.origin is the Origin request header; our own origin is protocol + host.
  const originOf = (ctx: Context) => publicOrigin ?? `${ctx.protocol}://${ctx.host}`;
  if (!config.SESSION_KEYS?.length) logger.info('SESSION_KEYS not set: sign-in cookies are signed with a random per-process key (they end at restart)');
  const sessions = authSessions({
    keys: config.SESSION_KEYS ?? [ephemeralSessionKey()],
    secure: config.isProduction,
    store: repos.signInSessions,
    maxAgeMs: config.SIGN_IN_SESSION_MAX_AGE_MS,
  });
  const auth = createAuthService({ config, logger, embedded: deps.embedded });
  const payments = createPaymentsService({ config, logger, payments: repos.payments, reports: deps.reports });
  return {
    sessions,
    auth,
    payments,
    originOf,
    signInRequest: (ctx) => ({ origin: originOf(ctx), loopback: loopbackOf(ctx) }),
    csrf: sameOrigin({ allowedOrigins: [config.PUBLIC_URL] }),
  };
}
