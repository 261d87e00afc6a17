import { ConfigError, loadConfig, type Config } from './config/env';

/*
 * What both process entry points (`server.ts`, `worker.ts`) do around their work: read the
 * config or exit 1, and stop gracefully on SIGTERM/SIGINT.
 */

/** The config from the environment; on a config problem prints it and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** How long after SHUTDOWN_TIMEOUT_MS a stop may still take (hooks, closing the pool) before the process exits anyway. */
export const SHUTDOWN_MARGIN_MS = 1500;

/**
 * A last-resort deadline for a stop: after `ms` the process exits with code 1 whatever it is
 * still waiting for (a hung shutdown hook, a database that does not answer). The timer is
 * unref'd: it never keeps a finished process alive.
 */
export function exitDeadline(ms: number, onTimeout?: () => void): NodeJS.Timeout {
  const timer = setTimeout(() => {
    try {
      onTimeout?.();
    } finally {
      process.exit(1);
    }
  }, ms);
  timer.unref();
  return timer;
}

/**
 * On SIGTERM or SIGINT: `onSignal` (e.g. a log line), then the graceful `stop()` (its own
 * timeout, if any), then exit 0; if `stop()` fails, `onError` reports it and the exit code is 1.
 * With `deadlineMs`, the process exits (code 1) after that long even if `stop()` never settles.
 */
export function exitOnSignals(
  stop: () => Promise<void>,
  opts: { onSignal?: (signal: NodeJS.Signals) => void; onError: (err: unknown) => void; deadlineMs?: number; onDeadline?: () => void },
): void {
  const handle = (signal: NodeJS.Signals) => {
    if (opts.deadlineMs !== undefined) exitDeadline(opts.deadlineMs, opts.onDeadline);
    opts.onSignal?.(signal);
    stop().then(
      () => process.exit(0),
      (err) => {
        opts.onError(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => handle('SIGTERM'));
  process.once('SIGINT', () => handle('SIGINT'));
}
