import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

export interface SecurityHeaderOptions {
  /** Folder of the built shell; its inline scripts are allowed by hash. */
  shellDist: string;
  /**
   * Remote manifest/entry URLs. Absolute ones add their origins to script-src (entry and chunks),
   * connect-src (the manifest is fetched), and img-src, font-src and style-src (a remote's assets
   * are served from its own origin).
   */
  remoteUrls: string[];
  /** Extra origins a form may post/redirect to (e.g. the payment provider's checkout). */
  formActionOrigins?: string[];
  /** Send HSTS (production behind HTTPS). */
  hsts?: boolean;
}

/** sha256 hashes of the inline <script> blocks of the shell's index.html (the theme bootstrap). */
export function inlineScriptHashes(shellDist: string): string[] {
  const file = path.join(shellDist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    out.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return out;
}

const originOf = (u: string) => {
  try {
    return /^https?:\/\//.test(u) ? new URL(u).origin : null;
  } catch {
    return null;
  }
};

/** The Content-Security-Policy: only our origin and the configured remote origins run scripts or serve assets. */
export function buildCsp(o: SecurityHeaderOptions): string {
  const remotes = [...new Set(o.remoteUrls.map(originOf).filter((x): x is string => !!x))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...inlineScriptHashes(o.shellDist)],
    // styled-components injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...(o.formActionOrigins ?? [])],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every response: CSP, nosniff, frame denial, referrer policy, and HSTS in
 * production. The CSP is computed once (the shell's inline script hash is read at start).
 */
export function securityHeaders(o: SecurityHeaderOptions): Middleware {
  let csp: string | null = null;
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (o.hsts) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
    const type = String(ctx.response.get('Content-Type') || '');
    // Pages that set their own (nonce-based) policy keep it.
    if (type.startsWith('text/html') && !ctx.response.get('Content-Security-Policy')) {
      csp ??= buildCsp(o);
      ctx.set('Content-Security-Policy', csp);
    }
  };
}
