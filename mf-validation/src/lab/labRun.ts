import type { AiProviderName, ValidationData } from '@val/contracts';

/*
 * The lab's validation run as a pure state machine (used with `useReducer`). A run is a flow, not
 * cacheable server state: one POST whose answer streams Val's text, then the stored result; so no
 * query cache (and the lab is on the landing page, which has no room for @tanstack/react-query).
 *
 * Each run has a number and its own AbortController (in the component). The reducer takes a run's
 * events only while that run is the current one: a run that was reset ("Start over") or replaced
 * can answer late and change nothing. That rule replaces the hand-written "is this controller
 * still the current one" checks around every setState.
 */

export interface LabRun {
  /** The number of the run in progress, or null when none is. */
  running: number | null;
  /** Val's text so far, while a run streams. */
  live: string;
  /** Who is answering (from the stream's first event), then who answered. */
  provider: AiProviderName | null;
  /** The last finished run's validation (kept when a later run fails), and its fact sheet. */
  result: ValidationData | null;
  sheet: unknown;
}

export const IDLE_RUN: LabRun = { running: null, live: '', provider: null, result: null, sheet: null };

export type LabRunEvent =
  | { type: 'started'; run: number }
  | { type: 'provider'; run: number; provider: AiProviderName }
  | { type: 'text'; run: number; text: string }
  | { type: 'answered'; run: number; result: ValidationData; sheet: unknown; provider: AiProviderName | null }
  | { type: 'failed'; run: number }
  | { type: 'reset' };

export function labRunReducer(state: LabRun, event: LabRunEvent): LabRun {
  switch (event.type) {
    case 'reset':
      return IDLE_RUN;
    case 'started':
      // The previous result stays (hidden while this run is pending) until this one answers.
      return { ...state, running: event.run, live: '', provider: null };
    default:
      if (event.run !== state.running) return state;
  }
  switch (event.type) {
    case 'provider':
      return { ...state, provider: event.provider };
    case 'text':
      return { ...state, live: event.text };
    case 'answered':
      return { running: null, live: '', provider: event.provider, result: event.result, sheet: event.sheet };
    case 'failed':
      return { ...state, running: null, live: '' };
  }
}
