/** `POST /api/validate/stream`: Val's feedback as Server-Sent Events (beyond the spec). */
export const VALIDATE_STREAM_PATH = '/api/validate/stream';
/** `POST /api/validate`: the spec's JSON endpoint (also the UI's fallback when streaming fails). */
export const VALIDATE_PATH = '/api/validate';

/** Its events: `ValidateStreamEvents` (./streams.ts), read with `followAiStream` (@val/client). */
export type { ValidateStreamEvents, ValidateStreamEventName } from './streams';
