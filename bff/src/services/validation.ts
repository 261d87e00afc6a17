import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  inputsOf,
  parseValidationScore,
  trimmedInputs,
  type AiProviderName,
  type StoredValidationView,
  type ValidateRequest,
  type ValidateResponse,
  type ValidationComparison,
  type ValidationFactSheet,
} from '@val/contracts';
import { offlineValidation } from '@val/offline-analyst';
import { checkSection, dropViolations, repairRequest, type Violation } from '../analysis/check';
import { textUnits } from '../analysis/units';
import { buildValidationSheet } from '../analysis/validationSheet';
import type { Ai } from '../ai/service';
import { validateTask } from '../ai/tasks/validate';
import { AiError, type CallOptions } from '../ai/types';
import type { Logger } from '../logger';
import { ForbiddenError, InputError, NotFoundError, UnauthorizedError } from '../errors';
import { checkBasis } from '../analysis/basis';
import type { Repositories } from '../repositories';
import type { StoredValidation } from '../repositories/validations';
import { compareValidations } from './validationCompare';

/**
 * A completed validation: the spec's fields, its stored id, who answered, the score and the
 * delete token (only in this answer: the store keeps its hash).
 */
export type Validation = ValidateResponse & { id: string; provider: AiProviderName; score: number | null; deleteToken: string; factSheet: ValidationFactSheet };

const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

const view = (v: StoredValidation): StoredValidationView => ({
  id: v.id,
  ...inputsOf(v),
  feedback: v.feedback,
  provider: v.provider,
  score: v.score,
  createdAt: v.createdAt.toISOString(),
  ...(v.factSheet ? { factSheet: v.factSheet } : {}),
});

/**
 * Idea validation (step 1) without HTTP: Val's feedback from the AI layer (the openai provider
 * or the offline analyst, as configured), stored once. The validate routes and `val validate`
 * (in-process, when no server is given) both use it.
 */
export interface ValidationService {
  /** Who answers: 'openai' when configured, else the offline analyst. */
  readonly provider: AiProviderName;
  /** Val's feedback for the input (trimmed here); `onText` gets it piece by piece as the model writes it. */
  validate(input: ValidateRequest, opts?: CallOptions & { onText?: (text: string) => void }): Promise<Validation>;
  /** Stores a completed answer once (the stream route, which sends the pieces itself). */
  save(input: ValidateRequest, feedback: string, provider: AiProviderName): Promise<Validation>;
  /**
   * Val's feedback piece by piece, for a caller that sends the pieces itself (the stream route):
   * who answers, the pieces, and `finish`, which stores the whole text once (as `save`).
   */
  stream(input: ValidateRequest, opts?: CallOptions): { provider: AiProviderName; chunks: AsyncIterable<string>; finish(text: string): Promise<Validation> };
  /** One stored validation (NotFoundError when there is none). Ids are checked by the route. */
  get(id: string): Promise<StoredValidationView>;
  /** What changed from `baseId` (older) to `headId`. */
  compare(baseId: string, headId: string): Promise<ValidationComparison>;
  /**
   * Deletes a validation for whoever holds its delete token: UnauthorizedError without a token,
   * ForbiddenError when it is not this validation's (compared in constant time), NotFoundError
   * when there is no such validation.
   */
  remove(id: string, token: string | undefined): Promise<void>;
}

/**
 * Every described input without surrounding white space (an optional one left blank is left out;
 * nothing described is dropped), with the founder's basis and assumptions when given. A place the
 * analyst does not know is refused (InputError) with how to write one.
 */
export const trimmedValidation = (b: ValidateRequest): ValidateRequest => {
  const placeError = checkBasis(b.basis);
  if (placeError) throw new InputError(placeError);
  const basis = b.basis && Object.values(b.basis).some((v) => v !== undefined) ? { basis: b.basis } : {};
  const assumptions = b.assumptions && Object.values(b.assumptions).some((v) => v !== undefined) ? { assumptions: b.assumptions } : {};
  return { ...trimmedInputs(b), ...basis, ...assumptions };
};

const validationWords = (v: ValidateRequest) => `${v.idea} ${v.targetCustomer} ${v.problemSolved}`;

/**
 * The feedback as stored: checked against the sheet, unsupported sentences removed (with the
 * note), and the score heading the sheet's (a forged or missing one is replaced).
 */
/** The headings every validation keeps (the prompt's outline), by the words that name them. */
export const REQUIRED_VALIDATION_HEADINGS: ReadonlyArray<[string, RegExp]> = [
  ['Market Opportunity', /market/i],
  ['Target Customer Profile', /customer/i],
  ['Problem Urgency Analysis', /urgen|problem/i],
  ['Revenue Options', /revenue|pricing|monetis|monetiz/i],
  ['Key Risks and Mitigations', /risk/i],
  ['Next Steps', /next steps|sprint/i],
  ['Success Metrics', /success|metric/i],
  ['Suggested 30-Day Timeline', /timeline|30-day|30 day/i],
];

/** The required headings a validation text lacks. */
export function missingHeadings(text: string): string[] {
  const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]);
  return REQUIRED_VALIDATION_HEADINGS.filter(([, re]) => !headings.some((h) => re.test(h))).map(([name]) => name);
}

/** What makes a checked validation hollow: removing the violations takes more than a third of its sentences, items and rows, or a required heading it had. */
export function hollowValidation(text: string, found: ReadonlyArray<Violation>): string[] {
  const problems: string[] = [];
  const pieces = textUnits(text).filter((u) => u.kind !== 'heading' && u.kind !== 'code');
  const hit = pieces.filter((u) => found.some((v) => v.start >= u.start && v.start < u.end)).length;
  if (!pieces.length || hit * 3 > pieces.length)
    problems.push(`removing what contradicts the fact sheet would take ${hit} of its ${pieces.length} sentences, list items and table rows`);
  const kept = found.length ? dropViolations(text, found).text : text;
  const had = new Set(missingHeadings(text));
  const lost = missingHeadings(kept).filter((h) => !had.has(h));
  if (lost.length) problems.push(`these required headings would be lost: ${lost.map((h) => `"## ${h}"`).join(', ')}`);
  return problems;
}

/** The line a validation carries when Val wrote it from the sheet after the model's draft failed. */
export const VALIDATION_WRITTEN_FROM_SHEET = "_Val wrote this analysis from the numbers behind it: the model's draft failed the consistency check._";

export function checkedFeedback(text: string, input: ValidateRequest, sheet: ValidationFactSheet, logger?: Logger): string {
  const found = checkSection(text, { sheet, inputs: validationWords(input) }).violations;
  let out = text;
  if (found.length) {
    out = dropViolations(text, found).text;
    logger?.warn({ removed: found.length, kinds: [...new Set(found.map((v) => v.kind))] }, 'unsupported claims removed from a validation');
  }
  const heading = `## Validation Score: ${sheet.score.toFixed(1)}/10`;
  if (parseValidationScore(out) !== sheet.score) out = `${heading}\n\n${out.replace(/^#{1,6}\s*Validation Score[^\n]*\n+/i, '')}`;
  return out;
}

export function createValidationService(deps: { ai: Ai; repos: Pick<Repositories, 'validations'>; logger: Logger }): ValidationService {
  const { ai, repos, logger } = deps;
  /**
   * Stores a completed answer once, after the consistency check: what contradicts the fact sheet
   * is removed (and the feedback says so), and the score is the sheet's, never read from prose.
   */
  const save = async (input: ValidateRequest, text: string, provider: AiProviderName, factSheet = buildValidationSheet(input)): Promise<Validation> => {
    if (!text.trim()) throw new AiError('The model returned an empty answer', 'malformed');
    let feedback = checkedFeedback(text.trim(), input, factSheet, logger);
    if (provider !== 'offline') {
      // A hollow answer, or one that lost a required heading, is replaced by the offline analyst's for the same sheet.
      const problems = hollowValidation(text.trim(), checkSection(text.trim(), { sheet: factSheet, inputs: validationWords(input) }).violations);
      if (problems.length) {
        logger.warn({ problems }, "validation still hollow after the model's rounds: the offline analyst wrote it from the sheet");
        feedback = `${checkedFeedback(offlineValidation(input), input, factSheet, logger)}\n\n${VALIDATION_WRITTEN_FROM_SHEET}`;
      }
    }
    const score = factSheet.score;
    const deleteToken = randomBytes(32).toString('base64url');
    const saved = await repos.validations.create({ ...inputsOf(input), feedback, provider, score, deleteTokenHash: hashToken(deleteToken), factSheet });
    logger.info({ id: saved.id, provider, chars: feedback.length, score }, 'validation stored');
    return { ...inputsOf(input), feedback, id: saved.id, provider, score, deleteToken, factSheet };
  };
  const find = async (id: string): Promise<StoredValidation> => {
    const v = await repos.validations.get(id);
    if (!v) throw new NotFoundError('Validation not found');
    return v;
  };
  return {
    provider: ai.provider,
    save,
    stream(raw, opts = {}) {
      const input = trimmedValidation(raw);
      const { provider, chunks } = ai.stream(validateTask, input, opts);
      return { provider, chunks, finish: (text) => save(input, text, provider) };
    },
    async get(id) {
      return view(await find(id));
    },
    async compare(baseId, headId) {
      const [base, head] = await Promise.all([find(baseId), find(headId)]);
      return compareValidations(view(base), view(head));
    },
    async remove(id, token) {
      if (!token) throw new UnauthorizedError('The x-delete-token header is missing: only the creator of a validation can delete it');
      const v = await find(id);
      const given = Buffer.from(hashToken(token), 'hex');
      const stored = v.deleteTokenHash ? Buffer.from(v.deleteTokenHash, 'hex') : null;
      if (!stored || stored.length !== given.length || !timingSafeEqual(stored, given)) {
        throw new ForbiddenError('This delete token does not belong to this validation');
      }
      await repos.validations.remove(id);
      logger.info({ id }, 'validation deleted by its creator');
    },
    async validate(raw, opts = {}) {
      const input = trimmedValidation(raw);
      const { onText, ...call } = opts;
      if (!onText) {
        const { value, provider } = await ai.text(validateTask, input, call);
        if (provider === 'offline') return save(input, value, provider);
        const sheet = buildValidationSheet(input);
        const found = checkSection(value, { sheet, inputs: validationWords(input) }).violations;
        if (!found.length) return save(input, value, provider, sheet);
        logger.info({ violations: found.length, kinds: [...new Set(found.map((v) => v.kind))] }, 'validation contradicts its fact sheet: one repair round');
        const again = await ai.text(validateTask, { ...input, repair: { answer: value, request: repairRequest(found) } }, call).catch((err: unknown) => {
          if (err instanceof AiError && err.kind === 'aborted') throw err;
          logger.warn({ err: (err as Error).message }, 'validation repair round failed; checking the first answer');
          return null;
        });
        let answer = again?.value.trim() ? again.value : value;
        const problems = hollowValidation(answer, checkSection(answer, { sheet, inputs: validationWords(input) }).violations);
        if (problems.length) {
          // One more round listing the problems; save() falls back to the offline analyst when it is still hollow.
          const left = checkSection(answer, { sheet, inputs: validationWords(input) }).violations;
          const request = [
            `Your analysis would be hollow: ${problems.join('; ')}.`,
            repairRequest(left),
            'Write the whole analysis again with every heading of the outline.',
          ].join('\n');
          const third = await ai.text(validateTask, { ...input, repair: { answer, request } }, call).catch((err: unknown) => {
            if (err instanceof AiError && err.kind === 'aborted') throw err;
            return null;
          });
          if (third?.value.trim()) answer = third.value;
        }
        return save(input, answer, provider, sheet);
      }
      const { provider, chunks } = ai.stream(validateTask, input, call);
      let text = '';
      for await (const piece of chunks) {
        text += piece;
        onText(piece);
      }
      return save(input, text, provider);
    },
  };
}
