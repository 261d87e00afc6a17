import { useCallback, useEffect, useRef, useState } from 'react';
import { START_OVER_EVENT, validationFingerprint, type ValidationData } from '@val/contracts';
import { browserStorage, clearState, emptyState, loadState, saveState, type Step3State } from './store';

/**
 * Step-3 progress for the current validation: restored from localStorage on load, saved on
 * every change, and cleared when the validation changes to another idea or on START_OVER_EVENT (the shell's "Start over").
 */
export function useStep3(validation: ValidationData | null) {
  const fp = validation ? validationFingerprint(validation) : null;
  const [state, setState] = useState<Step3State>(() => (fp && loadState(browserStorage(), fp)) || emptyState(fp ?? ''));
  const skipSave = useRef(false);
  const fpRef = useRef(fp);
  fpRef.current = fp;

  useEffect(() => {
    if (!fp || state.fingerprint === fp) return;
    const stored = loadState(browserStorage(), fp);
    if (!stored) clearState(browserStorage());
    setState(stored ?? emptyState(fp));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fp]);

  useEffect(() => {
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    if (state.fingerprint && fp === state.fingerprint) saveState(browserStorage(), state);
  }, [state, fp]);

  useEffect(() => {
    const onStartOver = () => {
      clearState(browserStorage());
      skipSave.current = true;
      setState(emptyState(fpRef.current ?? ''));
    };
    window.addEventListener(START_OVER_EVENT, onStartOver);
    return () => window.removeEventListener(START_OVER_EVENT, onStartOver);
  }, []);

  const update = useCallback((fn: (s: Step3State) => Step3State) => setState(fn), []);
  return { state, update };
}
