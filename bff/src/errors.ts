import { ErrorCode } from '@val/contracts';

/** A domain error: a stable code, an HTTP status and a message safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InputError extends AppError {
  constructor(message: string) {
    super(400, ErrorCode.BadRequest, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Sign-in required') {
    super(401, ErrorCode.Unauthorized, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Not allowed') {
    super(403, ErrorCode.Forbidden, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, ErrorCode.NotFound, message);
  }
}
export class PaymentRequiredError extends AppError {
  constructor(message = 'Payment required') {
    super(402, ErrorCode.PaymentRequired, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, ErrorCode.Conflict, message);
  }
}
export class RateLimitError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please wait a moment and try again.') {
    super(429, ErrorCode.RateLimited, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class UpstreamError extends AppError {
  constructor(message = 'An upstream service failed') {
    super(502, ErrorCode.Upstream, message);
  }
}
export class UnavailableError extends AppError {
  constructor(message = 'Service temporarily unavailable', retryAfterSeconds?: number) {
    super(503, ErrorCode.Unavailable, message, retryAfterSeconds ? { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } : {});
  }
}
/** A limit that fails closed while the shared counters cannot answer (503 + Retry-After); the outage is logged once, not per request. */
export class LimitUnavailableError extends UnavailableError {}
