import pino from 'pino';
import type { Config } from './config/env';

export type Logger = pino.Logger;

/**
 * JSON logs (to stdout, or `destination`: the CLI logs to stderr so stdout stays data);
 * passwords, cookies and emails never logged (redacted by path).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: pino.DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['password', '*.password', 'email', '*.email', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** "j***@example.com": enough to tell mails apart in a log, never the full address. */
export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  if (!domain) return '***';
  return `${user.slice(0, 1)}***@${domain}`;
}
