import type { AiProviderName, ValidateResponse } from './validation';

/** `POST /api/validate/stream`: Val's feedback as Server-Sent Events (beyond the spec). */
export const VALIDATE_STREAM_PATH = '/api/validate/stream';
/** `POST /api/validate`: the spec's JSON endpoint (also the UI's fallback when streaming fails). */
export const VALIDATE_PATH = '/api/validate';

/**
 * The events of the validation stream, in order: one `meta`, any number of `delta`, then
 * exactly one `done` (the validation is stored; `id` is its id) or one `error`.
 */
export interface ValidateStreamEvents {
  /** Which provider answers. */
  meta: { provider: AiProviderName };
  /** The next piece of the feedback text. */
  delta: { text: string };
  /** The complete, stored validation. */
  done: ValidateResponse & { id: string; provider: AiProviderName };
  /** The model failed; `message` is safe to log (the UI shows the spec's error toast). */
  error: { code: string; message: string };
}
export type ValidateStreamEventName = keyof ValidateStreamEvents;
