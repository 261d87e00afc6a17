/**
 * The one email rule of Val, for every place that takes an address: the development sign-in,
 * the sign-in callback, the checkout, the paid report start, the contact form, click tracking
 * and the CLI. Internationalised addresses (RFC 6531: `Zoë.Tester@Example.org`, `用户@例子.中国`)
 * are accepted like ASCII ones; no dependencies, so browsers, the BFF and the CLI share it.
 */

/** Longest accepted email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest local part (before the '@'). */
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/** Unquoted local part: no spaces, no '@', none of RFC 5322's specials. */
const LOCAL_RE = /^[^\s@"(),:;<>[\]\\]+$/u;
/** A domain label: letters, marks, digits (any script) and inner hyphens, 1–63 characters. */
const LABEL_RE = /^(?!-)[\p{L}\p{M}\p{N}-]{1,63}(?<!-)$/u;
/** The top-level domain: letters (any script), or an A-label (`xn--…`). */
const TLD_RE = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]{2,59})$/iu;
/** Control and invisible format characters are never part of an address. */
const INVISIBLE_RE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The stored form of an address: Unicode NFC, trimmed, lower-case. */
export function normalizeEmail(value: string): string {
  return value.normalize('NFC').trim().toLowerCase();
}

/**
 * Whether `value` (already trimmed) is an email address: one '@', a local part of up to 64
 * characters without spaces or RFC 5322 specials and without leading, trailing or doubled dots,
 * and a domain of at least two labels whose last is alphabetic (or an `xn--` A-label).
 * Non-ASCII letters are welcome on both sides; quoted local parts and IP-literal domains are not.
 */
export function isEmailAddress(value: string): boolean {
  const s = value.normalize('NFC');
  if (!s || s.length > EMAIL_MAX_LENGTH || INVISIBLE_RE.test(s)) return false;
  const at = s.indexOf('@');
  if (at <= 0 || at !== s.lastIndexOf('@')) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_RE.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL_RE.test(l))) return false;
  return TLD_RE.test(labels[labels.length - 1]);
}
