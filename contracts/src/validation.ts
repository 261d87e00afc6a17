import type { ValidationFactSheet } from './factSheet';

/** Limits on the three validation inputs (characters). */
export const VALIDATION_LIMITS = { idea: 4000, targetCustomer: 1000, problemSolved: 2000 } as const;

/** Body of `POST /api/validate`. */
export interface ValidateRequest {
  idea: string;
  targetCustomer: string;
  problemSolved: string;
}

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
  /** Val's score (0–10, one decimal) read from the feedback; null when it names none. */
  score?: number | null;
  /**
   * The secret that deletes this validation (`DELETE /api/validations/{validationId}` with the
   * `x-delete-token` header). Sent once, in this answer: the server keeps only its hash.
   */
  deleteToken?: string;
  /** The numbers the feedback rests on (score, reasons, price band, sizing example), computed in code. */
  factSheet?: ValidationFactSheet;
}
