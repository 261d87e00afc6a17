import { AiStreamCutError, AiStreamError, followAiStream } from '@val/client';
import { countOf, HttpError, type AiProviderName, type LinkType, type ValidateRequest, type ValidateResponse, type ValidateStreamEvents } from '@val/contracts';

/**
 * The typed client, loaded at the first call: the lab is on the landing page's critical path,
 * which has no room left for the route table (~1 KB gzip under its 185 KB gate), and nothing here
 * calls the API before a submit or a click. Its errors are HttpErrors of its own chunk: read
 * `status`, not `instanceof`.
 */
const loadClient = () => import(/* webpackChunkName: "api-client" */ '@val/client');
/** The typed client for the API at `base` ('' = this page's origin), once its chunk is loaded. */
export const valApi = (base: string) => loadClient().then((m) => m.createValApi({ baseUrl: base }));

/** Starts loading the typed client early (when the user enters the lab's form), so a submit does not wait for it. */
export function preloadApiClient(): void {
  loadClient().catch(() => undefined);
}

/**
 * The stream could not deliver an answer. `fallback` says whether the JSON endpoint is worth a
 * try (the transport failed), or not (the server answered: bad input, rate limit, model failure).
 */
export class StreamFailure extends Error {
  constructor(
    message: string,
    readonly fallback: boolean,
  ) {
    super(message);
    this.name = 'StreamFailure';
  }
}

/** Statuses after which the JSON endpoint would answer the same: no fallback. */
const FINAL_STATUSES = new Set([400, 413, 415, 429, 502, 504]);

export interface StreamHandlers {
  onMeta?(provider: AiProviderName): void;
  /** The feedback so far (all deltas joined). */
  onText?(text: string): void;
}

/** `POST /api/validate/stream`: Val's feedback as it is written; resolves with the stored validation. */
export async function streamValidation(base: string, input: ValidateRequest, handlers: StreamHandlers = {}, signal?: AbortSignal): Promise<ValidateResponse> {
  let res: Response;
  try {
    const api = await valApi(base);
    res = await api.request('validateStream', { body: input }, { headers: { accept: 'text/event-stream' }, signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new StreamFailure(`stream request failed: ${(e as Error).message}`, true);
  }
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    if (FINAL_STATUSES.has(res.status)) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw Object.assign(
        new HttpError(res.status, body, res.statusText),
        Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {},
      );
    }
    throw new StreamFailure(`stream answered ${res.status}`, true);
  }
  if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    throw new StreamFailure('the answer is not an event stream', true);
  }
  try {
    // A last event the stream ends without closing still counts (as before the shared reader).
    return await followAiStream<ValidateStreamEvents['done']>(
      res.body,
      { onMeta: handlers.onMeta, onText: (_piece, soFar) => handlers.onText?.(soFar) },
      { keepUnterminated: true },
    );
  } catch (e) {
    if (e instanceof AiStreamError) throw new StreamFailure(e.message || 'stream error', false);
    if (e instanceof AiStreamCutError) throw new StreamFailure('the stream ended before the answer was complete', true);
    if (signal?.aborted) throw e;
    throw new StreamFailure(`stream broke: ${(e as Error).message}`, true);
  }
}

/** "42 seconds", "1 minute", "3 minutes". */
function waitText(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} seconds`;
  const m = Math.ceil(seconds / 60);
  return countOf(m, 'minute');
}

/**
 * What the server said when it refused for now (429: the rate limit or the AI allowance), with
 * when to try again (its Retry-After) unless the message already says so; null for any other
 * failure, where the spec's toast text stands alone.
 */
export function refusalReason(err: unknown): string | null {
  // An HttpError of this bundle (the stream) or of the client's chunk (the JSON call): by its fields.
  const e = err as Partial<HttpError> & { retryAfterSeconds?: number };
  if (!(err instanceof Error) || e.status !== 429 || typeof e.bodyText !== 'string') return null;
  let message = '';
  try {
    message = (JSON.parse(e.bodyText) as { error?: { message?: unknown } }).error?.message as string;
  } catch {
    /* not JSON */
  }
  message = typeof message === 'string' ? message.trim() : '';
  const retry = e.retryAfterSeconds;
  const when = retry && !/try again in/i.test(message) ? `You can try again in ${waitText(retry)}.` : '';
  const text = [message || 'Too many requests for now.', when].filter(Boolean).join(' ');
  return text;
}

/** `POST /api/validate` (the spec's JSON call; the fallback when streaming fails). */
export async function postValidation(base: string, input: ValidateRequest, signal?: AbortSignal): Promise<ValidateResponse> {
  const r: ValidateResponse | undefined = await (await valApi(base)).call('validate', { body: input }, { signal });
  if (!r || typeof r !== 'object' || typeof r.feedback !== 'string') throw new Error('The validation answer has no feedback');
  return r;
}

/** Streams the validation, falling back to the JSON endpoint when the stream itself fails. */
export async function validateIdea(
  base: string,
  input: ValidateRequest,
  handlers: StreamHandlers & { onFallback?(): void } = {},
  signal?: AbortSignal,
): Promise<ValidateResponse> {
  try {
    return await streamValidation(base, input, handlers, signal);
  } catch (e) {
    if (!(e instanceof StreamFailure) || !e.fallback || signal?.aborted) throw e;
    console.warn('Streaming the validation failed; asking again without streaming.', e.message);
    handlers.onFallback?.();
    return postValidation(base, input, signal);
  }
}

/** Body of `POST /api/track-click`. */
export interface TrackClick {
  company: string;
  linkType: LinkType;
  url: string;
}

/**
 * Reports a partner-link click, fire and forget: a keepalive request that survives the new tab
 * and never delays the link; any failure is only logged.
 */
export function trackClick(base: string, click: TrackClick): void {
  valApi(base)
    .then((api) => api.request('trackClick', { body: click }, { keepalive: true }))
    .then((r) => {
      if (!r.ok) console.warn(`Click tracking answered ${r.status}`);
    })
    .catch((e: unknown) => console.warn('Click tracking failed', e));
}
