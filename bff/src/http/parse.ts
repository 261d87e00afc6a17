import type { Context } from 'koa';
import type { z } from 'zod';
import { InputError } from '../errors';

/**
 * Human-readable summary of zod issues: "idea: idea is required; url: must be a URL". Each
 * distinct message once (two checks of one field can fail with the same words), in order, at most 5.
 */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const messages = issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
  return [...new Set(messages)].slice(0, 5).join('; ');
}

/** Parses the request body with its schema; a mismatch is a 400 with a clear message. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const body = (ctx.request as unknown as { body?: unknown }).body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InputError('Request body must be a JSON object');
  }
  const r = schema.safeParse(body);
  if (!r.success) throw new InputError(describeIssues(r.error.issues));
  return r.data;
}

/** Parses query parameters with a schema (400 on mismatch). */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const r = schema.safeParse(ctx.query);
  if (!r.success) throw new InputError(describeIssues(r.error.issues));
  return r.data;
}
