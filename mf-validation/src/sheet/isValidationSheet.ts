import type { ValidationFactSheet } from '@val/contracts';

/** Whether `v` is a validation sheet the panel can show whole (the answer is read defensively). */
export function isValidationSheet(v: unknown): v is ValidationFactSheet {
  const s = v as Partial<ValidationFactSheet> | null | undefined;
  return (
    !!s &&
    s.kind === 'validation' &&
    typeof s.score === 'number' &&
    Array.isArray(s.factors) &&
    Array.isArray(s.figures) &&
    Array.isArray(s.risks) &&
    typeof s.verdict?.word === 'string' &&
    Array.isArray(s.verdict.changes) &&
    typeof s.currency?.symbol === 'string' &&
    typeof s.sources?.note === 'string'
  );
}
