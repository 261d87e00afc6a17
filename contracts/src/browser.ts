/**
 * The browser entry of @val/contracts (its `exports` map sends browser builds here): everything in
 * the index except the zod schemas (`@val/contracts/schemas`), so the federation-shared contracts
 * module carries no schema library. Types are the same; webpack fails the build if browser code
 * imports a schema from here.
 */
export * from './errors';
export * from './remotes';
export * from './validation';
export * from './props';
export * from './api';
export * from './partners';
export * from './analytics';
export * from './content';
export * from './simulation';
export * from './report';
export * from './validateStream';
export * from './streams';
export * from './plural';
// The product data (CATALOGUE, ENTERPRISE_PRODUCTS and the lookups over them) is its own entry,
// `@val/contracts/catalogue`: only the screens that show products load it, not the landing page.
export type * from './catalogue';
// The fact sheet's helpers (levels, money formatting) are `@val/contracts/factSheet`: only the screens that show a sheet load them.
export type * from './factSheet';
export {
  CATALOGUE_PRODUCT_IDS,
  ENTERPRISE_PRODUCT_IDS,
  FEASIBILITY_STUDY_PRICE,
  FEASIBILITY_STUDY_ID,
  FEASIBILITY_STEP_IDS,
  ENTERPRISE_CONTACT_HREF,
  isProductId,
  visibleAgents,
  savingsPercent,
  savingsAmount,
  formatPrice,
  formatRuntime,
  isMultilineField,
  missingFields,
  filledFieldCount,
  PURCHASE_TEXTS,
  REPORT_STATUSES,
  REPORT_POLL_INTERVAL_MS,
  REPORT_ID_PATTERN,
  FEASIBILITY_STUDY_RUNTIME_SECONDS,
  VALIDATION_RUNTIME_SECONDS,
  REPORT_EVENT_TYPES,
  FEASIBILITY_AGENT_COUNT,
} from './catalogue';
// The API's route table is its own entry too, `@val/contracts/routes`; the typed client and the
// stream reader are their own package, `@val/client`.
export * from './paid';
export * from './email';
export * from './evidence';
export * from './validations';
