import { PARTNER_TOOLS } from '@val/contracts';

/** One click request and how it ended. */
export interface ClickResult {
  /** The partner clicked (the stored row's company): tags the phase the click was sent in. */
  company: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came (the error in `error`). */
  status: number;
  error?: string;
}

export interface ClickLoad {
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<ClickResult[]>;
  results: ClickResult[];
}

/** A valid partner click for `company` (its button link). */
export function clickFor(company: string) {
  const p = PARTNER_TOOLS.find((t) => t.company === company);
  if (!p) throw new Error(`unknown partner ${company}`);
  return { company, linkType: 'button' as const, url: p.url };
}

/**
 * A steady load of valid `POST /api/track-click` requests: `workers` loops, each sending one
 * request, then waiting `gapMs`. `company()` picks the partner of each click when it is sent
 * (a test uses one partner per phase, so stored rows can be told apart by phase).
 */
export function startClickLoad(o: { url: string; workers: number; gapMs: number; company: () => string; timeoutMs?: number }): ClickLoad {
  const results: ClickResult[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const company = o.company();
      const startedAt = Date.now();
      try {
        const r = await fetch(`${o.url}/api/track-click`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(clickFor(company)),
          signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
        });
        await r.arrayBuffer();
        results.push({ company, startedAt, endedAt: Date.now(), status: r.status });
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        results.push({ company, startedAt, endedAt: Date.now(), status: 0, error: cause?.code ?? cause?.message ?? (err as Error).message });
        // A refused connection: the server is gone or not listening; do not spin.
        await new Promise((r) => setTimeout(r, 20));
      }
      if (o.gapMs) await new Promise((r) => setTimeout(r, o.gapMs));
    }
  };
  const loops = Array.from({ length: o.workers }, loop);
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}

/** Results grouped by company: accepted (2xx), refused with an HTTP error, and with no answer. */
export function tally(
  results: ReadonlyArray<ClickResult>,
): Map<string, { accepted: number; httpErrors: number; noAnswer: number; statuses: Record<string, number> }> {
  const out = new Map<string, { accepted: number; httpErrors: number; noAnswer: number; statuses: Record<string, number> }>();
  for (const r of results) {
    const t = out.get(r.company) ?? { accepted: 0, httpErrors: 0, noAnswer: 0, statuses: {} };
    if (r.status >= 200 && r.status < 300) t.accepted += 1;
    else if (r.status) t.httpErrors += 1;
    else t.noAnswer += 1;
    const key = r.status ? String(r.status) : (r.error ?? 'error');
    t.statuses[key] = (t.statuses[key] ?? 0) + 1;
    out.set(r.company, t);
  }
  return out;
}
