import type { ValidationData } from './validation';

/** Common props every remote App accepts. */
export interface RemoteBaseProps {
  /** Base URL of the BFF; empty string means the page's own origin. */
  apiBase?: string;
}

/**
 * `val_validation/App`: the Idea Validation Lab (step 1), the Startup Resources Kit (step 2), or
 * one validation's read-only permalink page (`/v/:id`).
 */
export interface ValidationAppProps extends RemoteBaseProps {
  view: 'lab' | 'resources' | 'permalink';
  /** The validation the permalink page shows (route parameter of /v/:id). */
  validationId?: string;
  /** The current validation (owned by the shell), or null before step 1 is done. */
  validation: ValidationData | null;
  /** Called when Val's analysis is ready; the shell stores it and unlocks steps 2 and 3. */
  onValidated?: (validation: ValidationData) => void;
}

/** `val_simulation/App`: step 3 — personas, interviews and the 6-month launch simulation. */
export interface SimulationAppProps extends RemoteBaseProps {
  validation: ValidationData | null;
}

/** The screens the catalogue remote renders. */
export type CatalogueView = 'hero' | 'catalogue' | 'products' | 'enterprise' | 'report' | 'success' | 'log' | 'test';

/** `val_catalogue/App`: feasibility hero, catalogue + purchase dialog, report and paid-flow pages. */
export interface CatalogueAppProps extends RemoteBaseProps {
  view: CatalogueView;
  /** Route parameter of /report/:reportId? */
  reportId?: string;
  /** Route parameter of /success/:session_id */
  sessionId?: string;
}

/** `val_admin/App`: admin login and the analytics dashboard. */
export type AdminAppProps = RemoteBaseProps;

/**
 * The window event the shell dispatches when the founder confirms "Start over": every remote
 * that keeps step 1–3 state in the browser clears it (`window.addEventListener(START_OVER_EVENT, …)`).
 */
export const START_OVER_EVENT = 'val:start-over';
