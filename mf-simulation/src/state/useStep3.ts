import { useEffect, useReducer, useRef } from 'react';
import { START_OVER_EVENT, validationFingerprint, type ValidationData } from '@val/contracts';
import { step3Reducer, emptyView, initialView } from './step3Reducer';
import { browserStorage, clearState, emptyState, loadState, saveState } from './store';

/**
 * Step 3's view state (step3Reducer) for the current validation: its progress restored from
 * localStorage on load, saved on every change, and cleared when the validation changes to another
 * idea or on START_OVER_EVENT (the shell's "Start over").
 */
export function useStep3(validation: ValidationData | null) {
  const fp = validation ? validationFingerprint(validation) : null;
  const [state, dispatch] = useReducer(step3Reducer, fp, (f) => {
    const stored = f ? loadState(browserStorage(), f) : null;
    return stored ? initialView(stored) : emptyView(f ?? '');
  });
  const { progress } = state;
  const skipSave = useRef(false);
  const fpRef = useRef(fp);
  fpRef.current = fp;

  useEffect(() => {
    if (!fp || progress.fingerprint === fp) return;
    const stored = loadState(browserStorage(), fp);
    if (!stored) clearState(browserStorage());
    dispatch({ type: 'restored', progress: stored ?? emptyState(fp) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fp]);

  useEffect(() => {
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    if (progress.fingerprint && fp === progress.fingerprint) saveState(browserStorage(), progress);
  }, [progress, fp]);

  useEffect(() => {
    const onStartOver = () => {
      clearState(browserStorage());
      skipSave.current = true;
      dispatch({ type: 'restored', progress: emptyState(fpRef.current ?? '') });
    };
    window.addEventListener(START_OVER_EVENT, onStartOver);
    return () => window.removeEventListener(START_OVER_EVENT, onStartOver);
  }, []);

  return { state, dispatch };
}
