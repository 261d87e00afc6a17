import { inputsOf, type ValidateRequest } from '@val/contracts';
import { buildValidationSheet, ideaBasisOf, validationSheetForModel } from '../../analysis/validationSheet';
import { offlineValidation } from '@val/offline-analyst';
import type { AiTextTask, ChatMessage } from '../types';

/** The validation's input: the described inputs, and in a repair round the model's answer and what contradicted the sheet. */
export type ValidateTaskInput = ValidateRequest & { repair?: { answer: string; request: string } };

/**
 * Val's idea validation (step 1): the founder's idea, target customer and problem (every described input, as JSON data) in, a
 * markdown analysis out whose headings the report's heading rule recognises (score, market,
 * customer, urgency analysis, revenue, risks, next steps, success metrics, timeline).
 */
export const validateTask: AiTextTask<ValidateTaskInput> = {
  kind: 'text',
  name: 'validate',
  prompt: 'val-validate.md',
  data: (i) => ({
    ...inputsOf(i),
    fact_sheet: validationSheetForModel(buildValidationSheet(i)),
  }),
  followUp: (i): ChatMessage[] =>
    i.repair
      ? [
          { role: 'assistant', content: i.repair.answer },
          { role: 'user', content: i.repair.request },
        ]
      : [],
  maxTokens: 2000,
  temperature: 0.6,
  // The offline analyst writes from the founder's basis as the sheet does.
  offline: (i) => offlineValidation(inputsOf(i), ideaBasisOf(i)),
};
