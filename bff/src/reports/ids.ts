import { randomBytes } from 'node:crypto';

/**
 * A new report id: 16 random bytes as base64url (22 characters), unguessable because the link is
 * public. It never starts with `-` or `_`, so `val report status <id>` cannot read it as an option.
 */
export function newReportId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}

/** A worker's identity in leases and logs: host, process and a random suffix. */
export function newWorkerId(host: string, pid: number): string {
  return `${host.slice(0, 60)}:${pid}:${randomBytes(3).toString('hex')}`;
}
