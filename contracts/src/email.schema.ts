import { z } from 'zod';
import './zodConfig';
import { EMAIL_MAX_LENGTH, isEmailAddress, normalizeEmail } from './email';

/** Messages of one use of the email rule (each endpoint keeps its own wording). */
export interface EmailSchemaMessages {
  notText?: string;
  tooLong?: string;
  invalid?: string;
}

/**
 * The email rule ({@link isEmailAddress}) as a zod schema: text, trimmed, at most 254
 * characters, then normalised (NFC, lower-case). Used by every request body with an email.
 */
export function emailSchema(messages: EmailSchemaMessages = {}) {
  return z
    .string({ error: messages.notText ?? 'email must be text' })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: messages.tooLong ?? 'email is too long' })
    .refine(isEmailAddress, { error: messages.invalid ?? 'email must be a valid email address' })
    .transform(normalizeEmail);
}
