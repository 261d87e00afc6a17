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

/** Longest body text `rememberedBodyParser` remembers (longer ones are checked every time). */
const REMEMBERED_BODY_LENGTH = 4096;

/** A text key of a body that is a plain object of text fields only (what a flat JSON form sends), not too long; else null. */
function flatTextKey(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype) return null;
  for (const k in body) if (typeof (body as Record<string, unknown>)[k] !== 'string') return null;
  const key = JSON.stringify(body);
  return key.length > REMEMBERED_BODY_LENGTH ? null : key;
}

/**
 * `parseBody` for a hot route whose schema is a pure function of its input (no clock, no I/O,
 * no state): a body of text fields equal to one that passed the schema before gets the same
 * result again (a fresh copy) without running the schema. Other bodies, and every refusal, go
 * through `parseBody`. At most `size` bodies (of up to 4 KB of text) are remembered, the oldest
 * forgotten first.
 */
export function rememberedBodyParser<S extends z.ZodType>(schema: S, size = 256): (ctx: Context) => z.infer<S> {
  const passed = new Map<string, Record<string, unknown>>();
  return (ctx) => {
    const key = flatTextKey((ctx.request as unknown as { body?: unknown }).body);
    const known = key === null ? undefined : passed.get(key);
    if (known) return { ...known } as z.infer<S>;
    const data = parseBody(ctx, schema);
    if (key !== null && data !== null && typeof data === 'object' && !Array.isArray(data)) {
      if (passed.size >= size) passed.delete(passed.keys().next().value!);
      passed.set(key, { ...(data as Record<string, unknown>) });
    }
    return data;
  };
}

/** Parses query parameters with a schema (400 on mismatch). */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const r = schema.safeParse(ctx.query);
  if (!r.success) throw new InputError(describeIssues(r.error.issues));
  return r.data;
}
