import { z } from 'zod';
import './zodConfig';
import { VALIDATION_LIMITS, type ValidateRequest } from './validation';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((s) => s.trim().length > 0, { error: `${label} is required` })
    .meta({ minLength: 1, description: 'Not blank' });

/** Body of `POST /api/validate`. */
export const validateRequestSchema: z.ZodType<ValidateRequest> = z.object({
  idea: text(VALIDATION_LIMITS.idea, 'idea'),
  targetCustomer: text(VALIDATION_LIMITS.targetCustomer, 'targetCustomer'),
  problemSolved: text(VALIDATION_LIMITS.problemSolved, 'problemSolved'),
});
