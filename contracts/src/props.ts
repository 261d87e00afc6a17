import type { ValidationData } from './validation';
import { PAID_PATHS } from './paid';
import { VALIDATION_PATH } from './validations';
import { REPORT_STATUS_PATH } from './catalogue';

/** Common props every exposed component of a remote accepts. */
export interface RemoteBaseProps {
  /** Base URL of the BFF; empty string means the page's own origin. */
  apiBase?: string;
}

/**
 * `<remote>/Routes`: the pages a remote owns. The shell renders it for any path one of the
 * remote's routes (its `src/routes.json`, carried by its manifest) matches; the remote's own
 * `<Routes>` picks the page, reads its parameters and renders its `<title>`.
 */
export interface RemoteRoutesProps extends RemoteBaseProps {
  /**
   * What the server already read for the page the visitor opened (its first screen is in the
   * HTML): API answers by their `GET` path, e.g. `/api/validations/{id}` → the validation. A page
   * starts from them instead of showing its loading state, and the browser hydrates the same HTML.
   * Absent on pages reached by navigation, and from shells older than this field.
   */
  pageData?: PageData;
}

/** API answers by `GET` path (see RemoteRoutesProps.pageData). */
export type PageData = Readonly<Record<string, unknown>>;

/** The `<script type="application/json">` id the server puts a page's PageData in. */
export const PAGE_DATA_ELEMENT_ID = 'val-page-data';

/** Where each answer sits in PageData: the API path it answers (a POST's by its path and key parameter). */
export const PAGE_DATA_KEYS = {
  /** `GET /api/validations/{validationId}`: a permalink's validation. */
  validation: (validationId: string): string => VALIDATION_PATH.replace('{validationId}', encodeURIComponent(validationId)),
  /** `GET /api/feasibility/config`: where the paid flow's calls go. */
  paidConfig: (): string => PAID_PATHS.config,
  /** `POST /api/reports/status` {execution_id}: a report's status. */
  reportStatus: (executionId: string): string => `${REPORT_STATUS_PATH}?execution_id=${encodeURIComponent(executionId)}`,
} as const;

/** `val_validation/Lab`: step 1, the Idea Validation Lab. */
export interface ValidationLabProps extends RemoteBaseProps {
  /** The current validation (owned by the shell), or null before step 1 is done. */
  validation: ValidationData | null;
  /** Called when Val's analysis is ready; the shell stores it and unlocks steps 2 and 3. */
  onValidated?: (validation: ValidationData) => void;
}

/** `val_validation/Resources`: step 2, the Startup Resources Kit (locked until step 1 is done). */
export interface ResourcesKitProps extends RemoteBaseProps {
  validation: ValidationData | null;
}

/** `val_simulation/App`: step 3 — personas, interviews and the 6-month launch simulation. */
export interface SimulationAppProps extends RemoteBaseProps {
  validation: ValidationData | null;
}

/** The admin remote's dashboard (`/admin`, under `val_admin/Routes`). */
export type AdminAppProps = RemoteBaseProps;

/** `val_catalogue/Hero` (the feasibility hero) and `val_catalogue/Catalogue` (the home page's catalogue section). */
export type CatalogueSectionProps = RemoteBaseProps;

/**
 * The window event the shell dispatches when the founder confirms "Start over": every remote
 * that keeps step 1–3 state in the browser clears it (`window.addEventListener(START_OVER_EVENT, …)`).
 */
export const START_OVER_EVENT = 'val:start-over';
