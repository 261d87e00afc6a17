import pino from 'pino';
import type { Config } from './config/env';
import { currentRequestId } from './requestContext';

export type Logger = pino.Logger;

/** Where log lines go: anything with `write(line)`. */
export interface LogDestination {
  write(line: string): unknown;
}

/** Log bytes waiting for a slow reader before further lines are dropped. */
export const STDOUT_BACKLOG_LIMIT = 4 * 1024 * 1024;

/**
 * stdout as a log destination that never blocks the process: lines go through Node's own
 * non-blocking `process.stdout` (a pipe is written by the event loop, not a blocking syscall);
 * when the reader has gone (EPIPE) logging stops, and while a reader is stuck, lines beyond
 * STDOUT_BACKLOG_LIMIT waiting bytes are dropped. pino's default (sonic-boom, synchronous) can
 * spin forever on a pipe whose reader left during shutdown, so the process never exits.
 */
export function stdoutDestination(out: NodeJS.WriteStream = process.stdout): LogDestination & { readonly dropped: number } {
  const stream = streamState(out);
  let dropped = 0;
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      if (stream.broken || out.destroyed || out.writableLength > STDOUT_BACKLOG_LIMIT) {
        dropped += 1;
        return true;
      }
      try {
        return out.write(line);
      } catch {
        stream.broken = true;
        return true;
      }
    },
  };
}

/** Whether a stream's reader has gone, watched by one 'error' listener per stream however many loggers write to it. */
const streams = new WeakMap<NodeJS.WriteStream, { broken: boolean }>();
function streamState(out: NodeJS.WriteStream): { broken: boolean } {
  let state = streams.get(out);
  if (!state) {
    const created = { broken: false };
    out.on('error', () => {
      created.broken = true;
    });
    streams.set(out, created);
    state = created;
  }
  return state;
}

/**
 * JSON logs (to stdout, or `destination`: the CLI logs to stderr so stdout stays data);
 * passwords, cookies and emails never logged (redacted by path). A line written while a request
 * is served carries that request's id (`reqId`, its X-Request-Id).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination: LogDestination = stdoutDestination()): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
      redact: {
        paths: ['password', '*.password', 'email', '*.email', 'req.headers.cookie', 'req.headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** "j***@example.com": enough to tell mails apart in a log, never the full address. */
export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  if (!domain) return '***';
  return `${user.slice(0, 1)}***@${domain}`;
}
