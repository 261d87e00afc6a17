import type { ValidateRequest } from '@val/contracts';
import { offlineValidation } from '../offline/validation';
import type { AiTextTask } from '../types';

/**
 * Val's idea validation (step 1): the founder's idea, target customer and problem in, a
 * markdown analysis out whose headings the report's heading rule recognises (score, market,
 * customer, urgency analysis, revenue, risks, next steps, success metrics, timeline).
 */
export const validateTask: AiTextTask<ValidateRequest> = {
  kind: 'text',
  name: 'validate',
  prompt: 'val-validate.md',
  data: (i) => ({ idea: i.idea, targetCustomer: i.targetCustomer, problemSolved: i.problemSolved }),
  maxTokens: 2000,
  temperature: 0.6,
  offline: (i) => offlineValidation(i),
};
