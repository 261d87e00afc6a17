/**
 * The generic request helper: cookies included, a JSON content type and
 * body only when a body is given, no retries, and any non-ok answer becomes an Error whose
 * message is `${status}: ${body text or status text}`.
 */
export interface RequestOptions {
  /** Return null instead of throwing on 401. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** An HTTP failure from the generic helper; `message` follows the spec's format. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
  }
}

/** Joins key parts with a slash, as data reads do. */
export function joinKey(parts: ReadonlyArray<string | number>): string {
  return parts.map(String).join('/');
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T | null> {
  const headers: Record<string, string> = { ...(opts.headers || {}) };
  const init: RequestInit = { method, credentials: 'include', headers, signal: opts.signal };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (res.status === 401 && opts.on401 === 'returnNull') {
    // Let go of the unread body: until then the browser keeps the request (and its connection) open.
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new HttpError(res.status, text, res.statusText);
  }
  const ct = res.headers.get('content-type') || '';
  if (res.status === 204 || !ct.includes('json')) return (await res.text()) as unknown as T;
  return (await res.json()) as T;
}
