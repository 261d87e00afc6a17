import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface PageOptions {
  /** Document title and main heading. */
  title: string;
  /** A banner above the heading, e.g. 'TEST MODE'. */
  badge?: string;
  /** Inner HTML of the card (already escaped). */
  body: string;
  status?: number;
}

/*
 * The server-rendered pages of the paid flow (development sign-in, test checkout, errors) stand
 * outside the React app, so they carry the same palette as @val/ui's tokens in a few CSS lines:
 * dark by default, light when the visitor chose it (localStorage `theme`) or the system asks.
 */
const CSS = `
:root{--bg:#0b0d17;--card:#151829;--sunken:#080a12;--text:#eef0fa;--muted:#a3a9c4;--border:#2a2f4a;--primary:#6d4aff;--danger:#f87171;--warn:#fbbf24;--warn-text:#1c1400;color-scheme:dark}
@media (prefers-color-scheme: light){:root:not([data-theme=dark]){--bg:#f7f7fb;--card:#fff;--sunken:#eceef6;--text:#151829;--muted:#545a78;--border:#d6d9e8;--primary:#5b3df5;--danger:#c81e1e;--warn:#b45309;--warn-text:#fff;color-scheme:light}}
:root[data-theme=light]{--bg:#f7f7fb;--card:#fff;--sunken:#eceef6;--text:#151829;--muted:#545a78;--border:#d6d9e8;--primary:#5b3df5;--danger:#c81e1e;--warn:#b45309;--warn-text:#fff;color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.55;display:flex;flex-direction:column;align-items:center;padding:32px 16px}
.brand{display:inline-flex;align-items:center;gap:10px;font-weight:800;font-size:1.25rem;margin-bottom:20px;color:var(--text);text-decoration:none}
.brand span{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:9px;background:linear-gradient(135deg,#a855f7,#7c5cff);color:#fff;font-size:1.05rem}
main{width:100%;max-width:460px;background:var(--card);border:1px solid var(--border);border-radius:16px;padding:24px;box-shadow:0 8px 30px rgba(0,0,0,.25)}
h1{font-size:1.5rem;margin:0 0 8px;line-height:1.2}
p{margin:0 0 14px}
.muted{color:var(--muted);font-size:.95rem}
.badge{display:inline-block;font-size:.75rem;font-weight:800;letter-spacing:.08em;padding:4px 10px;border-radius:999px;background:var(--warn);color:var(--warn-text);margin-bottom:12px}
form{display:flex;flex-direction:column;gap:14px;margin-top:8px}
label{display:flex;flex-direction:column;gap:6px;font-weight:600;font-size:.92rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
input{width:100%;font:inherit;font-weight:400;color:var(--text);background:var(--sunken);border:1px solid var(--border);border-radius:10px;padding:10px 12px;min-height:44px}
input:focus{outline:none;border-color:var(--primary);box-shadow:0 0 0 3px color-mix(in srgb,var(--primary) 35%,transparent)}
input[aria-invalid=true]{border:2px solid var(--danger)}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 20px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;border:1px solid transparent;background:var(--primary);color:#fff;text-decoration:none}
button.secondary,.button.secondary{background:transparent;color:var(--text);border-color:var(--border)}
.actions{display:flex;gap:10px;flex-wrap:wrap}
.actions>*{flex:1 1 140px}
.error{color:var(--danger);font-weight:600;margin:0}
.summary{display:flex;justify-content:space-between;gap:12px;padding:12px 14px;border:1px dashed var(--border);border-radius:12px;background:var(--sunken);margin-bottom:14px}
.summary strong{font-size:1.25rem}
.hint{font-size:.85rem;color:var(--muted);font-weight:400}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
:focus-visible{outline:3px solid var(--warn);outline-offset:2px}
`;

const THEME_SCRIPT = `try{var m=localStorage.getItem('theme');if(m==='light'||m==='dark')document.documentElement.setAttribute('data-theme',m)}catch(e){}`;

/**
 * Sends a small standalone HTML page (no scripts but the theme picker; a nonce-based CSP that
 * also forbids framing and form posts to other origins).
 */
export function sendPage(ctx: Context, { title, badge, body, status = 200 }: PageOptions): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  );
  ctx.set('X-Frame-Options', 'DENY');
  ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Val</title>
<script nonce="${nonce}">${THEME_SCRIPT}</script>
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<a class="brand" href="/"><span aria-hidden="true">V</span>Val</a>
<main>
${badge ? `<span class="badge">${escapeHtml(badge)}</span>` : ''}
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}
