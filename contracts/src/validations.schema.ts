import { z } from 'zod';
import './zodConfig';
import type { AiProviderName } from './validation';
import { validationFactSheetSchema } from './factSheet.schema';
import { inputShape } from './validation.schema';
import { VALIDATION_ID_PATTERN, type DiffPart, type InputDiff, type SectionDiff, type StoredValidationView, type ValidationComparison } from './validations';

const EXAMPLE_ID = '3f0c2a8e-9b1d-4c57-8e2f-6a4b1c9d7e10';

/** A validation id (a UUID); anything else is a 400 naming the field. */
export const validationIdSchema = (label = 'id') =>
  z
    .string({ error: `${label} must be a validation id` })
    .regex(VALIDATION_ID_PATTERN, { error: `${label} must be a validation id (a UUID such as ${EXAMPLE_ID})` })
    .meta({ description: 'A validation id (random UUID)', examples: [EXAMPLE_ID] });

/** Path parameters of `GET` / `DELETE /api/validations/{validationId}`. */
export const validationIdParamsSchema = z.object({ validationId: validationIdSchema('id') });

/** Query of `GET /api/validations/compare`: the older version and the newer one. */
export const validationCompareQuerySchema = z.object({
  base: validationIdSchema('base').meta({ description: 'The older version (the one compared with)', examples: [EXAMPLE_ID] }),
  head: validationIdSchema('head').meta({ description: 'The newer version', examples: ['7b9e4d21-0c3a-4f6e-9a8b-2d1c5e7f9a30'] }),
});

/** The `x-delete-token` header of `DELETE /api/validations/{id}`. */
export const deleteTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .meta({ description: 'The deleteToken the validate answer carried', examples: ['kq2R0c9mZ8rT1sV4wX7yA3bC5dE6fG8hJ0kL2nP4qS6'] });

const provider = z.enum(['openai', 'offline'] satisfies AiProviderName[]);

/** One stored validation, as `GET /api/validations/{validationId}` answers it. */
export const storedValidationSchema = z.object({
  id: z.string().meta({ description: 'The validation id (its permalink is /v/{validationId})' }),
  ...inputShape(() => z.string()),
  feedback: z.string().meta({ description: "Val's analysis, in markdown sections" }),
  provider,
  score: z.number().min(0).max(10).nullable().meta({ description: 'Val’s score, 0–10 with one decimal; null when the feedback names none' }),
  createdAt: z.string().meta({ description: 'When it was made (ISO 8601)' }),
  factSheet: validationFactSheetSchema.optional(),
}) satisfies z.ZodType<StoredValidationView>;

const diffPartSchema = z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() }) satisfies z.ZodType<DiffPart>;
const inputDiffSchema = z.object({
  changed: z.boolean(),
  parts: z.array(diffPartSchema).meta({ description: 'Word-level diff, in order: same, added (only in head) and removed (only in base) runs' }),
}) satisfies z.ZodType<InputDiff>;
const sectionDiffSchema = z.object({
  title: z.string(),
  state: z.enum(['new', 'gone', 'changed', 'same']),
  added: z.array(z.string()),
  removed: z.array(z.string()),
}) satisfies z.ZodType<SectionDiff>;

/** `GET /api/validations/compare`. */
export const validationComparisonSchema = z.object({
  base: storedValidationSchema,
  head: storedValidationSchema,
  score: z.object({ before: z.number().nullable(), after: z.number().nullable(), change: z.number().nullable() }),
  inputs: z.object(inputShape(() => inputDiffSchema)),
  sections: z
    .array(sectionDiffSchema)
    .meta({ description: 'Each section of the feedback (split on its ## headings), in the newer version’s order, gone ones last' }),
}) satisfies z.ZodType<ValidationComparison>;
