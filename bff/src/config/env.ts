import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '@val/contracts';
import { DEFAULT_VALIDATED_BASELINE, TRUST_BADGES } from '@val/content';

/** Development-only default of ANALYTICS_HASH_KEY; production refuses to start with it. */
export const DEV_ANALYTICS_HASH_KEY = 'val-dev-only-analytics-hash-key';

/** The repository root (the folder whose package.json declares the workspaces). */
export function findRepoRoot(start = __dirname): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      try {
        if (JSON.parse(fs.readFileSync(pkg, 'utf8')).workspaces) return dir;
      } catch {
        /* keep walking */
      }
    }
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** An empty variable counts as unset. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optionalUrl = z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional());

/** Every setting the BFF reads from the environment, with defaults that make `npm start` work. */
const schema = z.object({
  /** development | production | test. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port; 0 picks a free one. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** The public origin (used in links and mails); defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  /** `mysql://user:pass@host:3306/db` for MySQL/MariaDB; unset means the embedded SQLite file. */
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(mysql|mariadb):\/\//, { error: 'must start with mysql:// (unset it to use SQLite)' })
      .optional(),
  ),
  /** Folder for the SQLite file and other local data. */
  DATA_DIR: z.string().optional(),
  /** Folder of the built shell (index.html and assets). */
  SHELL_DIST: z.string().optional(),
  /** Where each remote is deployed: its folder, its mf-manifest.json or its remoteEntry.js; defaults to this server's /remotes/<name>/. */
  REMOTE_VALIDATION_URL: optionalUrl,
  REMOTE_SIMULATION_URL: optionalUrl,
  REMOTE_CATALOGUE_URL: optionalUrl,
  REMOTE_ADMIN_URL: optionalUrl,
  /** Slug of the founder page (the spec's `/{name}`). */
  FOUNDER_SLUG: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'must be lower-case letters, digits and dashes' })
    .default('founder'),
  /** Largest accepted request body. */
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(kb|mb)$/i, { error: 'must look like 100kb or 1mb' })
    .default('100kb'),
  /** How long a graceful shutdown may take before connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Shared admin password (admin is disabled, 503, when neither this nor ADMIN_PASSWORD_HASH is set). */
  ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().max(1024).optional()),
  /**
   * scrypt hash of the admin password, `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`; make one with
   * `val admin hash-password`. Wins over ADMIN_PASSWORD.
   */
  ADMIN_PASSWORD_HASH: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=_-]+\$[A-Za-z0-9+/=_-]+$/, {
        error: 'must look like scrypt$16384$8$1$<salt base64>$<hash base64>',
      })
      .optional(),
  ),
  /** Comma-separated cookie signing keys (newest first, each 32+ characters); required in production when admin is enabled. */
  SESSION_KEYS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const keys = v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean);
        if (!keys.length || keys.some((k) => k.length < 32)) ctx.addIssue({ code: 'custom', message: 'every key must be at least 32 characters' });
        return keys;
      }),
  ),
  /** Admin session idle timeout (ms). */
  ADMIN_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(30 * 60_000),
  /** Admin session absolute lifetime (ms). */
  ADMIN_SESSION_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(7 * 86_400_000)
    .default(8 * 3_600_000),
  /** Failed admin logins allowed per IP within ADMIN_LOGIN_WINDOW_MS before 429. */
  ADMIN_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  ADMIN_LOGIN_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(15 * 60_000),
  /** Key of the HMAC that turns click emails into hashes (production must set its own). */
  ANALYTICS_HASH_KEY: z.preprocess(blankToUndefined, z.string().min(16, { error: 'must be at least 16 characters' }).default(DEV_ANALYTICS_HASH_KEY)),
  /** Batched click writer: flush after this many ms or rows, refuse (503) beyond the buffer bound. */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(5).max(250).default(250),
  ANALYTICS_FLUSH_ROWS: z.coerce.number().int().min(1).max(500).default(500),
  ANALYTICS_MAX_BUFFER: z.coerce.number().int().min(10).max(1_000_000).default(20_000),
  /**
   * How long a rate-limit or budget counter may wait for the shared store (Redis or MySQL, ms);
   * past it the store counts as unavailable: the admin login answers 503, every other limit
   * allows each process its share, so a silent network cut does not hang limited requests.
   */
  COUNTER_STORE_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(1500),
  /**
   * Redis for the shared per-client counters (rate limits, token budgets, the login throttle),
   * e.g. `redis://:password@host:6379/0` (`rediss://` for TLS). Unset: MySQL's table, or memory on SQLite.
   */
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => /^rediss?:\/\/[^\s]+$/.test(v), { message: 'must be a redis:// or rediss:// URL' })
      .optional(),
  ),
  /** Put before every Redis key of this deployment (several deployments can share one Redis). */
  REDIS_KEY_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,40}$/, { message: 'must be 1-40 letters, digits, : _ -' })
      .default('val'),
  ),
  /** Click-tracking requests allowed per IP and minute. */
  TRACK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Idea validations (POST /api/validate and /api/validate/stream together) allowed per IP and minute. */
  VALIDATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Step-3 chat calls (interview replies, Val's feedback and chat) allowed per IP and minute. */
  SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(40),
  /** Step-3 generations (personas, the 6-month simulation) allowed per IP and minute. */
  SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Tokens (prompt + answer, estimated at 4 characters a token) one IP may spend on AI routes per window; past it, 429. */
  AI_TOKEN_BUDGET_PER_IP: z.coerce.number().int().min(1000).max(1_000_000_000).default(300_000),
  /** The window of AI_TOKEN_BUDGET_PER_IP (ms, default one hour). */
  AI_TOKEN_BUDGET_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30 * 86_400_000)
    .default(3_600_000),
  /** AI provider: auto (openai when OPENAI_API_KEY or OPENAI_BASE_URL is set, else offline), openai, offline. */
  AI_PROVIDER: z.enum(['auto', 'openai', 'offline']).default('auto'),
  /** Key for the openai provider (never logged). */
  OPENAI_API_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  /** Any OpenAI-compatible server: OpenAI, Azure, OpenRouter, vLLM, Ollama, llama.cpp. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Time limit of one model call (ms). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(60000),
  /** Retries (with backoff) on 429, 5xx and connection errors. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(6).default(2),
  /** Cap on generated tokens per call. */
  AI_MAX_TOKENS: z.coerce.number().int().min(16).max(32000).default(2500),
  /**
   * Web search the reports cite: `none` (default: reports say no live sources were consulted),
   * `searxng` (needs SEARCH_URL), `tavily` or `brave` (need SEARCH_API_KEY).
   */
  SEARCH_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['none', 'searxng', 'tavily', 'brave']).default('none'),
  ),
  /** SearxNG: the instance's address (required). Tavily, Brave: another address of their API (a proxy). */
  SEARCH_URL: optionalUrl,
  /** Key of the tavily or brave provider (never logged). */
  SEARCH_API_KEY: z.preprocess(blankToUndefined, z.string().trim().min(1).max(1024).optional()),
  /** Time limit of one search (ms); a search past it is recorded as failed and the report goes on without it. */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** Results kept per search query (at most 10). */
  SEARCH_MAX_RESULTS: z.coerce.number().int().min(1).max(10).default(5),
  /** Artificial latency of the offline analyst per answer (ms): for demos and benchmarks. */
  OFFLINE_AI_DELAY_MS: z.coerce.number().int().min(0).max(600000).default(0),
  /** Report worker inside this server: `inline` (default) runs jobs here, `off` leaves them to `npm run worker -w bff`. */
  REPORT_WORKER: z.enum(['inline', 'off']).default('inline'),
  /** Report jobs one worker process runs at the same time. */
  REPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How long a worker's claim on a job lasts without renewal (ms); after it another worker resumes the job. */
  REPORT_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** How often an idle worker looks for queued jobs (ms). */
  REPORT_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  /** Attempts per report step (agent) before the job fails. */
  REPORT_STEP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Claims per job (crashes included) before it is failed. */
  REPORT_JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  /** `smtp://user:pass@host:587` (or smtps://) for report mails; unset keeps mails in the outbox table. */
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  /** Sender of report mails. */
  MAIL_FROM: z.string().min(3).default('Val Reports <reports@val.localhost>'),
  /**
   * OpenID Connect provider of the paid flow's sign-in (e.g. https://accounts.google.com).
   * Unset outside production: an embedded development provider on this origin ("Development
   * sign-in"). Production refuses to start without it.
   */
  OIDC_ISSUER: optionalUrl,
  /** Client id registered at OIDC_ISSUER (redirect URI: PUBLIC_URL + /log). */
  OIDC_CLIENT_ID: z.preprocess(blankToUndefined, z.string().max(512).optional()),
  /** Client secret registered at OIDC_ISSUER (never logged). */
  OIDC_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().max(1024).optional()),
  /**
   * A sign-in unlocks paid reports by its email, so only an email the provider marks
   * `email_verified: true` (a JSON boolean) signs in. `true` also accepts a provider that omits
   * the claim (one that verifies every address but never says so); a claim saying anything but
   * true is refused either way.
   */
  OIDC_TRUST_UNVERIFIED_EMAIL: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Stripe secret key: real Stripe Checkout. Unset outside production: the built-in TEST MODE checkout. */
  STRIPE_SECRET_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must look like sk_test_… or sk_live_…' })
      .optional(),
  ),
  /** Signing secret of the Stripe webhook endpoint POST /api/stripe/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, { error: 'must look like whsec_…' })
      .optional(),
  ),
  /** Stripe API address override (e.g. http://localhost:12111 for stripe-mock). */
  STRIPE_API_URL: optionalUrl,
  /** Base URL the browser calls for the feasibility start and the /test page (default: this origin). */
  FEASIBILITY_BASE_URL: optionalUrl,
  /** Base URL of sign-in, the login callback and the post-sign-in checkout redirect (default: this origin). */
  AUTH_BASE_URL: optionalUrl,
  /** Base URL of the checkout form POST (default: this origin). */
  PLAN_BASE_URL: optionalUrl,
  /**
   * Reverse proxies in front of this server, as a hop count: the client address is the N-th
   * X-Forwarded-For entry from the right (the one our nearest proxy wrote; entries further left
   * are the client's own words). 0 / false: no proxy, the socket's peer is the client.
   * `true` means 1 (one proxy), as before. X-Forwarded-Proto/Host are trusted when N > 0.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .default('false')
    .transform((v, ctx) => {
      if (v === 'true') return 1;
      if (v === 'false' || v === '') return 0;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      ctx.addIssue({ code: 'custom', message: 'must be a number of proxy hops (0-99), true (= 1) or false (= 0)' });
      return 0;
    }),
  /**
   * IPv6 clients are counted by their network of this many leading bits (default 64: one
   * subscriber's /64 is one client for every per-IP limit and budget); 128 counts each address.
   */
  IPV6_PREFIX_BITS: z.coerce.number().int().min(16).max(128).default(64),
  /**
   * Bearer token of `GET /metrics` (Prometheus text format). Unset: no metrics endpoint (404).
   * At least 16 characters; compared in constant time.
   */
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, { error: 'must be at least 16 characters' }).max(512).optional()),
  /** Open report event streams (`GET /api/reports/:id/events`) allowed per IP and process; past it, 429. */
  REPORT_EVENT_STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * `shared` (default): one database poll per report and process feeds every open stream of it;
   * `per-stream`: each stream polls on its own (the old way; kept for the benchmark's baseline).
   */
  REPORT_EVENTS_POLL: z.enum(['shared', 'per-stream']).default('shared'),
  /** Lifetime of a paid-flow sign-in (ms; default 1 h: enough to pay, short if a device is shared). Logout ends it at once. */
  SIGN_IN_SESSION_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(30 * 86_400_000)
    .default(3_600_000),
  /** First retry of a mail that could not be sent (ms); doubled per try, at most an hour apart. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** How often a process looks for mails due again (ms). */
  MAIL_RETRY_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Tries per mail before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /**
   * Serve the remotes' build metadata (`@mf-types.zip`, `@mf-types/`, `mf-stats.json`: exposed
   * types and webpack's stats, which nothing at run time loads). Unset: yes outside production, no in it.
   */
  SERVE_REMOTE_TYPES: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** Run migrations when the server starts. */
  MIGRATE_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** "Entrepreneurs validated" = stored validations + this baseline (GET /api/public-stats). */
  VALIDATED_BASELINE: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1e12).default(DEFAULT_VALIDATED_BASELINE)),
  /**
   * Trust badges this deployment shows: unset = every badge enabled in the content module,
   * `none` = no badges, or a comma list of badge ids (e.g. `gdpr`).
   */
  TRUST_BADGES: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return null;
        if (v.trim().toLowerCase() === 'none') return [] as string[];
        const ids = v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean);
        const known = TRUST_BADGES.map((b) => b.id);
        const unknown = ids.filter((id) => !known.includes(id));
        if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown badge ${unknown.join(', ')} (known: ${known.join(', ')}, or none)` });
        return ids;
      }),
  ),
});

type RawConfig = z.infer<typeof schema>;

/** The parsed configuration. */
export interface Config extends Omit<RawConfig, 'DATA_DIR' | 'SHELL_DIST'> {
  repoRoot: string;
  dataDir: string;
  shellDist: string;
  /** Built remote folders served under /remotes/<name>/. */
  remoteDists: Record<RemoteName, string>;
  /** Remote name → its `mf-manifest.json` (or `remoteEntry.js`) URL: absolute, or a path on this origin. */
  remoteUrls: Record<RemoteName, string>;
  isProduction: boolean;
  /** SERVE_REMOTE_TYPES, resolved: served unless production (or the variable) says no. */
  serveRemoteTypes: boolean;
}

/** Thrown when the environment is invalid; lists every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A remote's address as the shell loads it: the URL of its `mf-manifest.json` or `remoteEntry.js`
 * is kept as given; a folder gets `mf-manifest.json` appended (the manifest lets the shell preload
 * the remote's chunks and pick up a redeploy on the next page load).
 */
export function remoteEntryUrl(address: string): string {
  const pathname = /^https?:\/\//.test(address) ? new URL(address).pathname : address.replace(/[?#].*$/, '');
  if (/\.(json|m?js)$/.test(pathname)) return address;
  return `${address.replace(/\/?$/, '/')}mf-manifest.json`;
}

/** What the search settings lack for the chosen provider (each a clear sentence naming the variable to set). */
function searchProblems(raw: Pick<RawConfig, 'SEARCH_PROVIDER' | 'SEARCH_URL' | 'SEARCH_API_KEY'>): string[] {
  if (raw.SEARCH_PROVIDER === 'searxng' && !raw.SEARCH_URL) {
    return ['SEARCH_URL: SEARCH_PROVIDER=searxng needs SEARCH_URL, the address of your SearxNG instance (e.g. http://localhost:8888)'];
  }
  if ((raw.SEARCH_PROVIDER === 'tavily' || raw.SEARCH_PROVIDER === 'brave') && !raw.SEARCH_API_KEY) {
    return [
      `SEARCH_API_KEY: SEARCH_PROVIDER=${raw.SEARCH_PROVIDER} needs SEARCH_API_KEY, your ${raw.SEARCH_PROVIDER === 'tavily' ? 'Tavily' : 'Brave Search'} API key`,
    ];
  }
  return [];
}

/** Parses the environment (process.env by default). The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const raw = parsed.data;
  const productionProblems: string[] = [];
  if (raw.NODE_ENV === 'production') {
    if (raw.ANALYTICS_HASH_KEY === DEV_ANALYTICS_HASH_KEY) productionProblems.push('ANALYTICS_HASH_KEY: must be set in production');
    if ((raw.ADMIN_PASSWORD || raw.ADMIN_PASSWORD_HASH) && !raw.SESSION_KEYS)
      productionProblems.push('SESSION_KEYS: must be set in production when the admin is enabled');
    if (!raw.SESSION_KEYS && !(raw.ADMIN_PASSWORD || raw.ADMIN_PASSWORD_HASH))
      productionProblems.push('SESSION_KEYS: must be set in production (it signs the sign-in cookie of the paid flow)');
    if (!raw.PUBLIC_URL)
      productionProblems.push('PUBLIC_URL: must be set in production (the exact sign-in redirect URI and checkout return URLs are built from it)');
    if (!raw.OIDC_ISSUER)
      productionProblems.push(
        'OIDC_ISSUER: must be set in production — the embedded development sign-in never runs in production; set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (e.g. https://accounts.google.com)',
      );
    if (!raw.STRIPE_SECRET_KEY || !raw.STRIPE_WEBHOOK_SECRET)
      productionProblems.push(
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: must be set in production — the built-in TEST MODE checkout never runs in production',
      );
  }
  productionProblems.push(...searchProblems(raw));
  if (raw.OIDC_ISSUER && (!raw.OIDC_CLIENT_ID || !raw.OIDC_CLIENT_SECRET))
    productionProblems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: must be set with OIDC_ISSUER');
  if (productionProblems.length) throw new ConfigError(productionProblems);
  const repoRoot = findRepoRoot();
  const remoteDists = Object.fromEntries(REMOTE_NAMES.map((n) => [n, path.join(repoRoot, `mf-${n}`, 'dist')])) as Record<RemoteName, string>;
  const override: Record<RemoteName, string | undefined> = {
    validation: raw.REMOTE_VALIDATION_URL,
    simulation: raw.REMOTE_SIMULATION_URL,
    catalogue: raw.REMOTE_CATALOGUE_URL,
    admin: raw.REMOTE_ADMIN_URL,
  };
  const remoteUrls = Object.fromEntries(REMOTE_NAMES.map((n) => [n, remoteEntryUrl(override[n] ?? `/remotes/${n}/`)])) as Record<RemoteName, string>;
  const { DATA_DIR, SHELL_DIST, ...rest } = raw;
  return {
    ...rest,
    repoRoot,
    dataDir: path.resolve(DATA_DIR ?? path.join(repoRoot, 'data')),
    shellDist: path.resolve(SHELL_DIST ?? path.join(repoRoot, 'shell', 'dist')),
    remoteDists,
    remoteUrls,
    isProduction: raw.NODE_ENV === 'production',
    serveRemoteTypes: raw.SERVE_REMOTE_TYPES ?? raw.NODE_ENV !== 'production',
  };
}
