import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '@val/contracts';

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

const optionalUrl = z.preprocess(
  blankToUndefined,
  z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
);

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
  /** Where each remote's manifest is served from; defaults to this server's /remotes/<name>/. */
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
  BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, { error: 'must look like 100kb or 1mb' }).default('100kb'),
  /** How long a graceful shutdown may take before connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Artificial latency of the offline analyst per answer (ms): for demos and benchmarks. */
  OFFLINE_AI_DELAY_MS: z.coerce.number().int().min(0).max(600000).default(0),
  /** Run migrations when the server starts. */
  MIGRATE_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

type RawConfig = z.infer<typeof schema>;

/** The parsed configuration. */
export interface Config extends Omit<RawConfig, 'DATA_DIR' | 'SHELL_DIST'> {
  repoRoot: string;
  dataDir: string;
  shellDist: string;
  /** Built remote folders served under /remotes/<name>/. */
  remoteDists: Record<RemoteName, string>;
  /** Remote name → manifest URL (absolute, or a path on this origin). */
  remoteUrls: Record<RemoteName, string>;
  isProduction: boolean;
}

/** Thrown when the environment is invalid; lists every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment (process.env by default). The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const raw = parsed.data;
  const repoRoot = findRepoRoot();
  const remoteDists = Object.fromEntries(
    REMOTE_NAMES.map((n) => [n, path.join(repoRoot, `mf-${n}`, 'dist')]),
  ) as Record<RemoteName, string>;
  const override: Record<RemoteName, string | undefined> = {
    validation: raw.REMOTE_VALIDATION_URL,
    simulation: raw.REMOTE_SIMULATION_URL,
    catalogue: raw.REMOTE_CATALOGUE_URL,
    admin: raw.REMOTE_ADMIN_URL,
  };
  const remoteUrls = Object.fromEntries(
    REMOTE_NAMES.map((n) => {
      const base = override[n] ?? `/remotes/${n}/`;
      return [n, base.endsWith('.json') ? base : `${base.replace(/\/?$/, '/')}mf-manifest.json`];
    }),
  ) as Record<RemoteName, string>;
  const { DATA_DIR, SHELL_DIST, ...rest } = raw;
  return {
    ...rest,
    repoRoot,
    dataDir: path.resolve(DATA_DIR ?? path.join(repoRoot, 'data')),
    shellDist: path.resolve(SHELL_DIST ?? path.join(repoRoot, 'shell', 'dist')),
    remoteDists,
    remoteUrls,
    isProduction: raw.NODE_ENV === 'production',
  };
}
