/** Stable error codes carried in every error body: `{ error: { code, message } }`. */
export const ErrorCode = {
  BadRequest: 'bad_request',
  InvalidJson: 'invalid_json',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  PaymentRequired: 'payment_required',
  Conflict: 'conflict',
  RateLimited: 'rate_limited',
  Upstream: 'upstream_error',
  Unavailable: 'unavailable',
  /** 503 of every /api/admin call when no admin password is configured. */
  AdminDisabled: 'admin_disabled',
  Internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The JSON body of every non-2xx answer of the BFF. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}
