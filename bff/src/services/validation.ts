import type { AiProviderName, ValidateRequest, ValidateResponse } from '@val/contracts';
import type { Ai } from '../ai/service';
import { validateTask } from '../ai/tasks/validate';
import { AiError, type CallOptions } from '../ai/types';
import type { Logger } from '../logger';
import type { Repositories } from '../repositories';

/** A completed validation: the spec's fields, its stored id and who answered. */
export type Validation = ValidateResponse & { id: string; provider: AiProviderName };

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
}

/** The three inputs without surrounding white space. */
export const trimmedValidation = (b: ValidateRequest): ValidateRequest => ({
  idea: b.idea.trim(),
  targetCustomer: b.targetCustomer.trim(),
  problemSolved: b.problemSolved.trim(),
});

export function createValidationService(deps: { ai: Ai; repos: Pick<Repositories, 'validations'>; logger: Logger }): ValidationService {
  const { ai, repos, logger } = deps;
  const save = async (input: ValidateRequest, text: string, provider: AiProviderName): Promise<Validation> => {
    const feedback = text.trim();
    if (!feedback) throw new AiError('The model returned an empty answer', 'malformed');
    const saved = await repos.validations.create({ ...input, feedback, provider });
    logger.info({ id: saved.id, provider, chars: feedback.length }, 'validation stored');
    return { ...input, feedback, id: saved.id, provider };
  };
  return {
    provider: ai.provider,
    save,
    async validate(raw, opts = {}) {
      const input = trimmedValidation(raw);
      const { onText, ...call } = opts;
      if (!onText) {
        const { value, provider } = await ai.text(validateTask, input, call);
        return save(input, value, provider);
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
