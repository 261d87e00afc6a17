import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { semaphore } from './semaphore';

/**
 * Admin password hashing: `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`.
 * Make a hash for ADMIN_PASSWORD_HASH with `val admin hash-password` (it reads the password from
 * stdin, or asks for it on a terminal).
 */
export const SCRYPT_DEFAULTS = { N: 16384, r: 8, p: 1, keylen: 32, saltBytes: 16 } as const;

export interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(password: string, salt: Buffer, keylen: number, { N, r, p }: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { N, r, p, maxmem: 256 * N * r * p + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Hashes a password into the ADMIN_PASSWORD_HASH format. */
export async function hashPassword(password: string, params: { N?: number; r?: number; p?: number } = {}): Promise<string> {
  const N = params.N ?? SCRYPT_DEFAULTS.N;
  const r = params.r ?? SCRYPT_DEFAULTS.r;
  const p = params.p ?? SCRYPT_DEFAULTS.p;
  const salt = randomBytes(SCRYPT_DEFAULTS.saltBytes);
  const hash = await derive(password, salt, SCRYPT_DEFAULTS.keylen, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Parses a stored hash; null when malformed or its cost parameters are out of bounds. */
export function parseScryptHash(stored: string): ScryptHash | null {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=_-]+)\$([A-Za-z0-9+/=_-]+)$/.exec(stored);
  if (!m) return null;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(m[4], 'base64');
  const hash = Buffer.from(m[5], 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { N, r, p, salt, hash };
}

/** Checks a password against a stored scrypt hash in constant time. */
export async function verifyScrypt(password: string, stored: ScryptHash): Promise<boolean> {
  const key = await derive(password, stored.salt, stored.hash.length, stored);
  return timingSafeEqual(key, stored.hash);
}

/** The configured admin password check. */
export interface PasswordVerifier {
  /** False when neither ADMIN_PASSWORD nor ADMIN_PASSWORD_HASH is set (admin disabled). */
  readonly enabled: boolean;
  /** Why it is disabled, for the log. */
  readonly problem?: string;
  verify(password: string): Promise<boolean>;
}

/**
 * scrypt checks running at once (libuv's pool has 4 threads by default: file reads for static
 * files must always find one free), and how many more may wait before a 503.
 */
export const SCRYPT_CONCURRENCY = { max: 1, waiting: 32 } as const;

export const LOGIN_BUSY_MESSAGE = 'The server is busy checking other logins. Please try again in a moment.';

/** Builds the check from config: the hash wins over the plain password. */
export function passwordVerifier(cfg: { ADMIN_PASSWORD?: string; ADMIN_PASSWORD_HASH?: string }): PasswordVerifier {
  if (cfg.ADMIN_PASSWORD_HASH) {
    const parsed = parseScryptHash(cfg.ADMIN_PASSWORD_HASH);
    if (!parsed) return { enabled: false, problem: 'ADMIN_PASSWORD_HASH has out-of-range scrypt parameters', verify: async () => false };
    const slots = semaphore(SCRYPT_CONCURRENCY.max, SCRYPT_CONCURRENCY.waiting, LOGIN_BUSY_MESSAGE);
    return { enabled: true, verify: (pw) => slots.run(() => verifyScrypt(pw, parsed)) };
  }
  if (cfg.ADMIN_PASSWORD) {
    // Equal-length digests under a per-process key: the compare takes the same time for any input.
    const key = randomBytes(32);
    const expected = createHmac('sha256', key).update(cfg.ADMIN_PASSWORD, 'utf8').digest();
    return {
      enabled: true,
      verify: async (pw) => timingSafeEqual(createHmac('sha256', key).update(pw, 'utf8').digest(), expected),
    };
  }
  return { enabled: false, problem: 'neither ADMIN_PASSWORD nor ADMIN_PASSWORD_HASH is set', verify: async () => false };
}
