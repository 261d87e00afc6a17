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

/**
 * On SIGTERM or SIGINT: `onSignal` (e.g. a log line), then the graceful `stop()` (its own
 * timeout, if any), then exit 0; if `stop()` fails, `onError` reports it and the exit code is 1.
 */
export function exitOnSignals(
  stop: () => Promise<void>,
  opts: { onSignal?: (signal: NodeJS.Signals) => void; onError: (err: unknown) => void },
): void {
  const handle = (signal: NodeJS.Signals) => {
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
