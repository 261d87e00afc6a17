import type { AiProviderName, ValidateResponse } from './validation';

/*
 * The streaming contract: every AI answer the UI shows as it is written (the validation, step 3's
 * interview and Val chat replies) is a Server-Sent Events stream with these events. The BFF
 * sends them (bff/src/routes/aiRoute.ts); the remotes, the CLI and the tests read them with the
 * one parser in ./sse.ts. The spec's JSON endpoints are unchanged beside them.
 */

/** The `error` event of a stream, the same `{code, message}` as an API error body's `error`. */
export interface StreamError {
  /** A stable code (`upstream_error` when the model failed, `unavailable` when the server is restarting, `internal_error` otherwise). */
  code: string;
  /** Safe to show or log (the UI shows the spec's error toast). */
  message: string;
}

/**
 * The events of a streamed AI answer, in order: one `meta`, any number of `delta`, then exactly
 * one `done` (the complete answer, `Done`) or one `error`.
 */
export interface AiStreamEvents<Done> {
  /** Which provider answers. */
  meta: { provider: AiProviderName };
  /** The next piece of the answer's text. */
  delta: { text: string };
  /** The complete answer. */
  done: Done;
  /** The model failed part-way, or the server is restarting (a model that fails before its first words is a JSON error instead). */
  error: StreamError;
}

/** The event names of every AI stream. */
export const AI_STREAM_EVENTS = ['meta', 'delta', 'done', 'error'] as const;
export type AiStreamEventName = (typeof AI_STREAM_EVENTS)[number];

/** `POST /api/validate/stream`: `done` is the stored validation (`id` is its id). */
export type ValidateStreamEvents = AiStreamEvents<ValidateResponse & { id: string; provider: AiProviderName }>;
export type ValidateStreamEventName = keyof ValidateStreamEvents;

/** `POST /api/customer-interview/stream` and `/api/val-chat/stream`: `done` is the whole cleaned reply. */
export type ChatStreamEvents = AiStreamEvents<{ response: string; provider: AiProviderName }>;
