/**
 * The report catalogue's types and rules: the ids of the eight research reports sold on /products
 * (plus the two enterprise reports of /enterprise), their purchase-form fields and AI agents as
 * types, prices and savings math (the product data itself is `@val/content`). Also the contracts of the report API (`POST /api/reports/status`, the SSE event stream); their
 * zod schemas are in catalogue.schema.ts (`@val/contracts/schemas`).
 *
 * Each product's agents form a DAG: `dependsOn` names the agents whose output an agent reads.
 * Agents with no dependency on each other run in parallel. Every agent writes one step of the
 * report (`id` is the step id, `title` its section title); an `internal` agent's step is kept for
 * the engine (e.g. a research plan) but not shown as a report section.
 */

import type { BasisInput, WrittenFor } from './basis';
import type { InterviewEvidence } from './evidence';
import type { ReportFactSheet, SourceRef } from './factSheet';

/** One AI agent of a report. */
export interface ReportAgent {
  /** Agent id, also the id of the report step it writes (e.g. 'market-trends'). */
  id: string;
  /** The agent's name, e.g. 'Market Trends Researcher'. */
  name: string;
  /** What the agent does, shown in the purchase dialog. */
  description: string;
  /** Section title of the step it writes, e.g. 'Market Trends'. */
  title: string;
  /** Ids of the agents whose output this agent reads (they run before it). */
  dependsOn: ReadonlyArray<string>;
  /** True for a working step the report does not show (e.g. the research plan). */
  internal?: boolean;
}

/** A field of the purchase form (the spec's "Product input fields"). */
export interface ProductField {
  /** Field name, e.g. 'targetMarket'. */
  name: string;
  /** Label above the input. */
  label: string;
  placeholder: string;
  /** Most characters accepted (after trimming). */
  maxLength: number;
}

/** A report input as the agents see it (the spec's "Product detail inputs"), e.g. TARGET_MARKET. */
export interface ProductInput {
  /** Upper-case variable name from the spec. */
  name: string;
  /** What it is, shown in the 'What you get' panel. */
  description: string;
  /** The purchase-form field that supplies it; absent when the agents derive it from the others. */
  field?: string;
}

interface ProductBase {
  /** A slug, e.g. 'tam-assessment-for-ideas'. */
  id: string;
  title: string;
  category: string;
  description: string;
  agents: ReadonlyArray<ReportAgent>;
  /** The kinds of sources the agents are told to draw on. */
  sources: ReadonlyArray<string>;
  /**
   * Average runtime, in seconds: the one source of every runtime text (catalogue card, purchase
   * dialog, report page, and the home page's runtime claim for the feasibility study).
   */
  runtimeSeconds: number;
  inputs: ReadonlyArray<ProductInput>;
  fields: ReadonlyArray<ProductField>;
  /** What the finished report contains, one line each ('What you get'). */
  deliverables: ReadonlyArray<string>;
}

/** One of the eight reports of /products, bought once. Prices in whole US dollars. */
export interface CatalogueProduct extends ProductBase {
  tier: 'standard';
  price: number;
  /** What a consultant would charge for the same work (struck through). */
  originalPrice: number;
}

/** One of the two reports of /enterprise (priced per engagement, sold through a conversation). */
export interface EnterpriseProduct extends ProductBase {
  tier: 'enterprise';
  /** The pricing line, e.g. 'Custom pricing'. */
  pricing: string;
}

export type AnyProduct = CatalogueProduct | EnterpriseProduct;

/** The ids of the eight products of /products, in catalogue order. */
export const CATALOGUE_PRODUCT_IDS = [
  'new-product-feasibility-study',
  'idea-desirability-assessment',
  'tam-assessment-for-ideas',
  'business-idea-evaluation',
  'porter-5-forces-analysis',
  'voice-of-customer-insights',
  'market-pain-points-analysis',
  'revenue-opportunity-validation',
] as const;
export type ProductId = (typeof CATALOGUE_PRODUCT_IDS)[number];

export const ENTERPRISE_PRODUCT_IDS = ['market-intelligence-report', 'enterprise-idea-assessment'] as const;
export type EnterpriseProductId = (typeof ENTERPRISE_PRODUCT_IDS)[number];

/** The feasibility study's average runtime (spec: 25 m 54 s), quoted by the home page's claim too. */
export const FEASIBILITY_STUDY_RUNTIME_SECONDS = 25 * 60 + 54;

/** The free validation's runtime (spec: "AI analysis coming in 30 seconds", "a report in 30 seconds"). */
export const VALIDATION_RUNTIME_SECONDS = 30;

/** The flat price of the feasibility study (spec: $25). */
export const FEASIBILITY_STUDY_PRICE = 25;
export const FEASIBILITY_STUDY_ID: ProductId = 'new-product-feasibility-study';

/**
 * How many AI agents write the feasibility study (its research planner and nine steps): the home
 * page's hero says it without loading the product data (a test checks it against CATALOGUE).
 */
export const FEASIBILITY_AGENT_COUNT = 10;

/** The nine steps of the feasibility study, in the order the report shows them. */
export const FEASIBILITY_STEP_IDS = [
  'target-customers',
  'market-trends',
  'regulatory-impact',
  'strategic-implications',
  'ai-marketplace-mindmap',
  'profitability-forecast',
  'technical-feasibility',
  'risk-analysis',
  'final-recommendations',
] as const;

/** Where the enterprise contact call-to-action leads (the About page's contact form). */
export const ENTERPRISE_CONTACT_HREF = '/about#contact';

/** True for one of the eight product ids of /products. */
export function isProductId(id: unknown): id is ProductId {
  return typeof id === 'string' && (CATALOGUE_PRODUCT_IDS as ReadonlyArray<string>).includes(id);
}

/** The agents of a product whose steps the report shows, in report order. */
export function visibleAgents(p: Pick<ProductBase, 'agents'>): ReportAgent[] {
  return p.agents.filter((a) => !a.internal);
}

// ---------------------------------------------------------------------------------------------
// Prices and fields
// ---------------------------------------------------------------------------------------------

/** The discount shown on a product: round((original − price) / original × 100); 0 when there is no discount. */
export function savingsPercent(price: number, originalPrice: number): number {
  if (!(originalPrice > 0) || price >= originalPrice) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** The 'You Save' amount in dollars (never negative). */
export function savingsAmount(price: number, originalPrice: number): number {
  return Math.max(0, originalPrice - price);
}

/** "$1,500" — whole dollars with thousands separators. */
export function formatPrice(dollars: number): string {
  return `$${Math.round(dollars).toLocaleString('en-US')}`;
}

/** A runtime as every page quotes it: "30 seconds", "1 minute", "3 minutes", "25m 54s". */
export function formatRuntime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (rest) return `${m}m ${rest}s`;
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** A product's form fields: those whose name contains "idea" or "questions" are multi-line, others single-line. */
export function isMultilineField(name: string): boolean {
  return /idea|questions/i.test(name);
}

/** Values of a product's fields, by field name. */
export type ProductInputs = Record<string, string>;

/** The fields left blank (after trimming), by name; empty when the form may be sent. */
export function missingFields(product: Pick<ProductBase, 'fields'>, inputs: Partial<ProductInputs>): string[] {
  return product.fields.filter((f) => !(inputs[f.name] ?? '').trim()).map((f) => f.name);
}

/** How many of the product's fields are filled (the `inputs` count of track-product-click). */
export function filledFieldCount(product: Pick<ProductBase, 'fields'>, inputs: Partial<ProductInputs>): number {
  return product.fields.filter((f) => (inputs[f.name] ?? '').trim()).length;
}

/** The spec's purchase-form alerts. */
export const PURCHASE_TEXTS = {
  missingFields: 'Please fill in all required fields',
  thankYou: (productTitle: string) => `Thank you! Your ${productTitle} will be processed. You'll be redirected to secure checkout.`,
  getReport: 'Get This Report',
  proceed: 'Proceed to Checkout',
} as const;

// ---------------------------------------------------------------------------------------------
// Report API
// ---------------------------------------------------------------------------------------------

/** A report's life: queued → running → finished | failed. */
export const REPORT_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report id: random, unguessable, URL-safe (16–64 characters of base64url). */
export const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The spec's report polling interval. */
export const REPORT_POLL_INTERVAL_MS = 6000;

/** One finished step of a report (spec: id, title, raw_output). */
export interface ReportStepResult {
  id: string;
  title: string;
  /** The agent's markdown. */
  raw_output: string;
  /** The search results this section cites as [n] (absent when none were consulted). */
  sources?: SourceRef[];
  /**
   * What the checker did before the section was stored: sentences it removed because they
   * contradicted the fact sheet (the section also says so in its text). Absent when nothing.
   */
  check?: { removed: number; repaired: boolean };
  /**
   * Present when the founder changed the basis or an assumption: 'original' = written for the
   * original numbers (the page says so and offers to write it again), 'yours' = written again for the founder's.
   */
  written_for?: WrittenFor;
  /** Present when the model's draft stayed hollow after its rounds and Val wrote the section from the fact sheet (the page and the PDF say so). */
  written_by?: 'offline-after-model';
}

/** Where a report's status is asked (`POST`, {execution_id}). */
export const REPORT_STATUS_PATH = '/api/reports/status';

/** Answer of `POST /api/reports/status` (the spec's polling contract plus progress). */
export interface ReportStatusResponse {
  processing_status: ReportStatus;
  title: string;
  description: string;
  /** Finished steps the report shows, in report order. */
  flow_execution_steps: ReportStepResult[];
  /** The product this report is. */
  product: ProductId;
  /** A readable reason when failed, else null. */
  error: string | null;
  /** Which AI provider wrote it ('offline' = the built-in analyst). */
  provider: string | null;
  progress: {
    /** Agents finished so far (internal ones included). */
    finished: number;
    /** Agents in this report. */
    total: number;
    /** Ids of the agents working right now. */
    running: string[];
  };
  /**
   * Step 3's interviews the order carried (synthetic: AI personas), listed under "Evidence
   * used". Absent when the order carried none.
   */
  evidence?: InterviewEvidence;
  /**
   * The numbers the report rests on ("The numbers behind this report"): the founder's version when
   * they changed the basis or an assumption, else the original; absent on reports made before it existed.
   */
  fact_sheet?: ReportFactSheet;
  /** The sheet as first computed, present only when the founder's version differs from it (`POST /api/reports/{id}/basis`). */
  original_fact_sheet?: ReportFactSheet;
}

/** Answer of `POST /api/reports/{id}/basis`: the sheet now shown and what changed. */
export interface ReportBasisResponse {
  /** The founder's version (or the original after a reset). */
  fact_sheet: ReportFactSheet;
  /** The sheet as first computed; null when the founder's version is gone (reset) or equals it. */
  original_fact_sheet: ReportFactSheet | null;
  /** Sections written for the original numbers (ids), which `POST /api/reports/{id}/rewrite` writes again. */
  stale_sections: string[];
}

/** Body of `POST /api/reports/{id}/rewrite`: the sections to write again for the founder's numbers (default: every stale one). */
export interface ReportRewriteRequest {
  sections?: string[];
}

/** Answer of `POST /api/reports/{id}/rewrite`. */
export interface ReportRewriteResponse {
  /** Sections written again now (the offline analyst writes at once). */
  rewritten: string[];
  /** Sections still written for the original numbers. */
  stale_sections: string[];
  /** Rewrite rounds left for this report. */
  rewrites_left: number;
}

/** Body of `POST /api/reports/status` (zod schema: `reportStatusRequestSchema` in @val/contracts/schemas). */
export interface ReportStatusRequest {
  execution_id: string;
}

/** Body of the dev-only `POST /api/dev/reports` and of `POST /api/admin/reports` (`startReportRequestSchema`). */
export interface StartReportRequest {
  product: ProductId;
  inputs: Record<string, string>;
  email?: string;
  /** What the founder sets (market, segment, place, buyer kind, product kind, price): wins over what the words say. */
  basis?: BasisInput;
}

/** Server-sent events of `GET /api/reports/:id/events` (each with an increasing `id:`). */
export type ReportEvent =
  | { type: 'step-started'; step: string; title: string; agent: string }
  | { type: 'step-finished'; step: string; title: string; agent: string }
  | { type: 'step-retry'; step: string; title: string; agent: string; attempt: number }
  | { type: 'job-finished' }
  | { type: 'job-failed'; error: string };

export type ReportEventType = ReportEvent['type'];
export const REPORT_EVENT_TYPES: ReadonlyArray<ReportEventType> = ['step-started', 'step-finished', 'step-retry', 'job-finished', 'job-failed'];
