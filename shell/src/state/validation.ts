import { useCallback, useState } from 'react';
import type { ValidationData } from '@val/contracts';

/** Browser-storage key of the current validation (kept across reloads until "Start over"). */
export const VALIDATION_STORAGE_KEY = 'val.validation';

function read(): ValidationData | null {
  try {
    const raw = window.localStorage.getItem(VALIDATION_STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ValidationData>;
    if (typeof v.idea === 'string' && typeof v.feedback === 'string') return v as ValidationData;
  } catch {
    /* unreadable: start fresh */
  }
  return null;
}

/** The shell-owned validation result that unlocks steps 2 and 3. */
export function useValidationState() {
  const [validation, setState] = useState<ValidationData | null>(read);
  const setValidation = useCallback((v: ValidationData | null) => {
    setState(v);
    try {
      if (v) window.localStorage.setItem(VALIDATION_STORAGE_KEY, JSON.stringify(v));
      else window.localStorage.removeItem(VALIDATION_STORAGE_KEY);
    } catch {
      /* storage blocked: keep in memory */
    }
  }, []);
  return { validation, setValidation };
}
