import { storeInterviewEvidence } from '@val/client/browser';
import { interviewEvidenceFrom } from '@val/contracts/evidence';
import {
  INTERVIEW_EVIDENCE_STORAGE_KEY,
  type AiProviderName,
  type CustomerPersona,
  type InterviewMessage,
  type MentorChatMessage,
  type SimulationAssumptions,
  type SimulationFactSheet,
  type SimulationMonth,
} from '@val/contracts';

/** Browser-storage key of step-3 progress. */
export const STEP3_STORAGE_KEY = 'val.simulation';

/** Step-3 progress, kept per idea (fingerprint of the validation) across reloads. */
export interface Step3State {
  version: 1;
  /** validationFingerprint() of the validation this progress belongs to. */
  fingerprint: string;
  personas: CustomerPersona[];
  /** Interview messages per persona id. */
  interviews: Record<string, InterviewMessage[]>;
  /** Persona ids whose interview was ended with Done, in order. */
  completed: string[];
  simulation: SimulationMonth[] | null;
  assumptions: SimulationAssumptions | null;
  /** The simulation's numbers and how they were computed (null for runs made before sheets). */
  factSheet: SimulationFactSheet | null;
  /** Challenge answers and Val's feedback per month number. */
  answers: Record<number, string>;
  feedback: Record<number, string>;
  /** Val chat per month number. */
  chats: Record<number, MentorChatMessage[]>;
  /** Who answered last ('offline' shows a discreet note). */
  provider: AiProviderName | null;
}

export function emptyState(fingerprint: string): Step3State {
  return {
    version: 1,
    fingerprint,
    personas: [],
    interviews: {},
    completed: [],
    simulation: null,
    assumptions: null,
    factSheet: null,
    answers: {},
    feedback: {},
    chats: {},
    provider: null,
  };
}

/** The view step 3 shows (its states in order: locked → start → interviews → simulation). */
export type Step3Phase = 'locked' | 'start' | 'interviews' | 'simulation';

export function phaseOf(hasValidation: boolean, s: Step3State): Step3Phase {
  if (!hasValidation) return 'locked';
  if (s.simulation && s.simulation.length) return 'simulation';
  if (s.personas.length) return 'interviews';
  return 'start';
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the stored progress when it belongs to `fingerprint`; anything else (other idea, unreadable) is null. */
export function loadState(storage: Pick<Storage, 'getItem'> | null, fingerprint: string): Step3State | null {
  try {
    const raw = storage?.getItem(STEP3_STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as unknown;
    if (!isObj(v) || v.version !== 1 || v.fingerprint !== fingerprint || !Array.isArray(v.personas)) return null;
    return { ...emptyState(fingerprint), ...(v as Partial<Step3State>), fingerprint };
  } catch {
    return null;
  }
}

/**
 * Saves the progress, and beside it the interviews as the evidence a report order carries
 * (the contract's key and shape: the catalogue remote reads it there).
 */
export function saveState(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, s: Step3State): void {
  try {
    storage?.setItem(STEP3_STORAGE_KEY, JSON.stringify(s));
  } catch {
    /* storage full or blocked: progress stays in memory */
  }
  storeInterviewEvidence(storage, interviewEvidenceFrom(s.personas, s.interviews));
}

export function clearState(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(STEP3_STORAGE_KEY);
    storage?.removeItem(INTERVIEW_EVIDENCE_STORAGE_KEY);
  } catch {
    /* blocked */
  }
}

/** The page's localStorage, or null where it is blocked. */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

let counter = 0;
/** A unique message id (works outside secure contexts too). */
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}
