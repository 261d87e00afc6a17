import { z } from 'zod';
import './zodConfig';
import { isEmailAddress } from './email';
import { CONTACT_LIMITS, type ContactField, type ContactRequest, type PublicStats } from './content';

/** Answer of `GET /api/public-stats`. */
export const publicStatsSchema: z.ZodType<PublicStats> = z.object({
  /** Stored validations plus the configured baseline. */
  entrepreneursValidated: z.number().int().nonnegative(),
  /** Ids of the trust badges this deployment shows. */
  trustBadges: z.array(z.string()),
});

const requiredText = (field: keyof typeof CONTACT_LIMITS, missing: string, label: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? missing : `${label} must be text`) })
    .trim()
    .min(1, { error: missing })
    .max(CONTACT_LIMITS[field], { error: `${label} must be at most ${CONTACT_LIMITS[field]} characters` });

/** Body of `POST /api/contact` (also the form's own check): all four fields required. */
export const contactRequestSchema: z.ZodType<ContactRequest> = z.object({
  name: requiredText('name', 'Please enter your name', 'Name'),
  email: requiredText('email', 'Please enter your email', 'Email').refine(isEmailAddress, { error: 'Please enter a valid email address' }),
  subject: requiredText('subject', 'Please add a subject', 'Subject'),
  message: requiredText('message', 'Please write a message', 'Message'),
});

/** Field → first error message, for showing errors next to each input. */
export function contactFieldErrors(input: unknown): Partial<Record<ContactField, string>> {
  const r = contactRequestSchema.safeParse(input);
  if (r.success) return {};
  const out: Partial<Record<ContactField, string>> = {};
  for (const issue of r.error.issues) {
    const f = issue.path[0] as ContactField | undefined;
    if (f && !out[f]) out[f] = issue.message;
  }
  return out;
}
