import { z } from 'zod';
import './zodConfig';
import { basisInputSchema, validationAssumptionsInputSchema } from './basis.schema';
import type { ValidateRequest } from './validation';
import { VALIDATION_INPUTS, type ValidationInputName, type ValidationInputSpec, type ValidationInputs } from './validationInputs';

const text = (max: number, label: string) => z.string({ error: `${label} must be text` }).max(max, { error: `${label} must be at most ${max} characters` });

const required = (max: number, label: string) =>
  text(max, label)
    .refine((s) => s.trim().length > 0, { error: `${label} is required` })
    .meta({ minLength: 1, description: 'Not blank' });

/** Fields shaped like the inputs: `make` for each, optional where the input is. */
type InputShape<T extends z.ZodType> = { [K in keyof ValidationInputs]-?: undefined extends ValidationInputs[K] ? z.ZodOptional<T> : T };

/** A zod shape with one entry per described input (in their order), optional where the input is. */
export function inputShape<T extends z.ZodType>(make: (f: ValidationInputSpec) => T): InputShape<T> {
  return Object.fromEntries(
    (VALIDATION_INPUTS as readonly ValidationInputSpec[]).map((f) => [f.name as ValidationInputName, f.required ? make(f) : make(f).optional()]),
  ) as InputShape<T>;
}

/** Body of `POST /api/validate`: every described input, capped at its limit; the required ones not blank. */
export const validateRequestSchema: z.ZodType<ValidateRequest, unknown> = z.object({
  ...inputShape((f) => (f.required ? required(f.max, f.name) : text(f.max, f.name).meta({ description: 'Optional' }))),
  basis: basisInputSchema.optional(),
  assumptions: validationAssumptionsInputSchema.optional(),
});
