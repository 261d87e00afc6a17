import type { ValidationFactSheet } from './factSheet';
import type { AiProviderName } from './validation';
import type { PerInput, ValidationInputs } from './validationInputs';

/*
 * Shareable validations: the permalink `/v/:id`, the visitor's own list, and the comparison of
 * two versions of an idea. Added around the step-1 validation: its inputs are the ones
 * `VALIDATION_INPUTS` describes.
 */

/** `GET /api/validations/{validationId}`, `DELETE /api/validations/{validationId}`: one stored validation. */
export const VALIDATION_PATH = '/api/validations/{validationId}';
/** `GET /api/validations/compare?base=ID&head=ID`: what changed from one version to the next. */
export const VALIDATION_COMPARE_PATH = '/api/validations/compare';
/** The header that carries a validation's delete token (returned once, when it was created). */
export const DELETE_TOKEN_HEADER = 'x-delete-token';
/** The browser path of a validation's permalink. */
export const validationPermalink = (id: string): string => `/v/${encodeURIComponent(id)}`;
/** A validation id: a random UUID (unguessable, so a link is the only way to a validation). */
export const VALIDATION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored validation as the API answers it (read-only: no delete token). */
export type StoredValidationView = ValidationInputs & {
  id: string;
  feedback: string;
  provider: AiProviderName;
  /** Val's score, 0–10 with one decimal, read from the feedback; null when it names none. */
  score: number | null;
  /** When it was made (ISO 8601). */
  createdAt: string;
  /** The numbers the feedback rests on; absent on validations made before fact sheets existed. */
  factSheet?: ValidationFactSheet;
};

/** One piece of a word-level diff. */
export interface DiffPart {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** One input, before and after (an optional input left out reads as empty). */
export interface InputDiff {
  changed: boolean;
  parts: DiffPart[];
}

/** What happened to a section of the feedback (split on its `##` headings). */
export type SectionChange = 'new' | 'gone' | 'changed' | 'same';

export interface SectionDiff {
  /** The section's title in the newer version (the older one's for a gone section). */
  title: string;
  state: SectionChange;
  /** Lines only the newer version has (changed and new sections). */
  added: string[];
  /** Lines only the older version had (changed and gone sections). */
  removed: string[];
}

/** `GET /api/validations/compare`: the older version (`base`) against the newer (`head`). */
export interface ValidationComparison {
  base: StoredValidationView;
  head: StoredValidationView;
  score: { before: number | null; after: number | null; change: number | null };
  /** Each input's diff (the server sends one for every input; an optional input's may be absent from older answers). */
  inputs: PerInput<InputDiff>;
  sections: SectionDiff[];
}
