import type { ValidationData } from '@val/contracts';
/** Browser-storage key of the current validation (kept across reloads until "Start over"). */
export declare const VALIDATION_STORAGE_KEY = "val.validation";
/** The shell-owned validation result that unlocks steps 2 and 3. */
export declare function useValidationState(): {
    validation: ValidationData | null;
    setValidation: (v: ValidationData | null) => void;
};
