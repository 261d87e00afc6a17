import type { BasisInput, ValidationAssumptionsInput } from './basis';
import type { ValidationFactSheet } from './factSheet';
import type { ValidationInputs } from './validationInputs';

export * from './validationInputs';

/**
 * Body of `POST /api/validate`: the inputs `VALIDATION_INPUTS` describes, and optionally the
 * founder's basis (market, segment, place, buyer kind, product kind, price: each field given wins
 * over what the words say) and what-if assumptions (buyers, price); the sheet, score and verdict
 * are computed from them and the stored validation keeps them.
 */
export type ValidateRequest = ValidationInputs & { basis?: BasisInput; assumptions?: ValidationAssumptionsInput };

/** Validation data: the inputs plus Val's formatted feedback. Unlocks step 2 and step 3. */
export type ValidationData = ValidationInputs & { feedback: string };

/** Which AI provider answered. */
export type AiProviderName = 'openai' | 'offline';

/** Response of `POST /api/validate` (spec fields, plus who answered and the stored id). */
export type ValidateResponse = ValidationData & {
  id?: string;
  provider?: AiProviderName;
  /** Val's score (0–10, one decimal) read from the feedback; null when it names none. */
  score?: number | null;
  /**
   * The secret that deletes this validation (`DELETE /api/validations/{validationId}` with the
   * `x-delete-token` header). Sent once, in this answer: the server keeps only its hash.
   */
  deleteToken?: string;
  /** The numbers the feedback rests on (score, reasons, price band, sizing example), computed in code. */
  factSheet?: ValidationFactSheet;
};
