import { z } from 'zod';

/** Limits on the three validation inputs (characters). */
export const VALIDATION_LIMITS = { idea: 4000, targetCustomer: 1000, problemSolved: 2000 } as const;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((s) => s.trim().length > 0, { error: `${label} is required` });

/** Body of `POST /api/validate`. */
export const validateRequestSchema = z.object({
  idea: text(VALIDATION_LIMITS.idea, 'idea'),
  targetCustomer: text(VALIDATION_LIMITS.targetCustomer, 'targetCustomer'),
  problemSolved: text(VALIDATION_LIMITS.problemSolved, 'problemSolved'),
});
export type ValidateRequest = z.infer<typeof validateRequestSchema>;

/** Validation data: the inputs plus Val's formatted feedback. Unlocks step 2 and step 3. */
export interface ValidationData {
  idea: string;
  targetCustomer: string;
  problemSolved: string;
  feedback: string;
}

/** Which AI provider answered. */
export type AiProviderName = 'openai' | 'offline';

/** Response of `POST /api/validate` (spec fields, plus who answered and the stored id). */
export interface ValidateResponse extends ValidationData {
  id?: string;
  provider?: AiProviderName;
}
