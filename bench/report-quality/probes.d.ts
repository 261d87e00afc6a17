/** Types of probes.js (the report-quality probes), for the TypeScript tests that import it. */
import type {
  FactSheet,
  ReportStatusResponse,
  SimulationMonth,
  SourceRef,
  ValidateResponse,
  GenerateSimulationResponse,
  CustomerPersona,
} from '@val/contracts';

export type FindingKind =
  'contradiction' | 'wrong-name' | 'untraceable' | 'citation' | 'link' | 'sheet' | 'problem-replaced' | 'foreign-law' | 'hardware-feasibility' | 'off-segment';

/** Something a probe found in a shipped answer. */
export interface Finding {
  kind: FindingKind;
  /** 'validation', 'step 3' or the product id. */
  surface: string;
  /** The report step id, 'feedback', 'month N', 'chat, month N'... */
  section: string;
  /** The words as shipped (the sentence, or the name). */
  text: string;
  /** What the fact sheet (or the rule) says instead. */
  why: string;
}

export interface NumberClaim {
  kind: 'money' | 'percent' | 'score' | 'number';
  currency?: string;
  value: number;
  tol: number;
  text: string;
  start: number;
  end: number;
  /** For plain numbers: 100 or more and not a year. */
  count?: boolean;
}

/** An idea of ideas.json. */
export interface BenchIdea {
  id: string;
  country: string;
  buyer: 'b2b' | 'b2c';
  expected: string[];
  /** What kind of product it is, where the bench labels it (a hardware idea's feasibility must plan a device). */
  kind?: 'software' | 'hardware' | 'service' | 'marketplace' | 'content';
  validation: { idea: string; targetCustomer: string; problemSolved: string };
  inputs: Record<string, Record<string, string>>;
}

export const WELL_KNOWN: Record<string, string[]>;
export interface Statements {
  verdicts: number;
  breakEven: number;
  labels: number;
  ownScores: number;
}
export function statements(text: string, sheet: FactSheet | null | undefined, sectionId: string): Statements;
export function addCounts<T extends Record<string, number>>(a: Partial<T>, b: T): T;
export function levelWord(score: number): 'Low' | 'Medium' | 'High';
export function textUnits(text: string): Array<{ start: number; end: number; text: string }>;
export function numberClaims(text: string): NumberClaim[];
export function writtenNumbers(text: string): number[];
export function sheetNumbers(sheet: FactSheet | null | undefined): { money: number[]; percent: number[]; score: number[]; plain: number[] };
export function untraceable(
  text: string,
  ctx: { sheet: FactSheet | null | undefined; founder: string; sources?: SourceRef[]; computed?: number[] },
): { problems: Array<{ claim: string; unit: string }>; checked: number };
export function verdictProblems(text: string, sheet: FactSheet | null | undefined): Array<{ what: string; text: string; why: string }>;
export function breakEvenProblems(text: string, sheet: FactSheet | null | undefined): Array<{ what: string; text: string; why: string }>;
export function levelProblems(text: string): Array<{ what: string; text: string; why: string }>;
export function ownScoreProblems(text: string, sheet: FactSheet | null | undefined, sectionId: string): Array<{ what: string; text: string; why: string }>;
export function wrongNames(text: string, ctx: { markets: string[]; allowed: string[] }): Array<{ name: string; markets: string[] }>;
export function sheetProblems(sheet: FactSheet | null | undefined): Array<{ what: string; text: string; why: string }>;
export function foreignLinks(text: string, sources?: SourceRef[]): string[];
export function badCitations(text: string, sources?: SourceRef[]): string[];
export function marketRead(sheet: FactSheet | null | undefined, expected: string[]): 'right' | 'general' | 'wrong' | null;
export function probeReport(
  status: Pick<ReportStatusResponse, 'flow_execution_steps' | 'fact_sheet'>,
  ctx: { product: string; inputs: Record<string, string>; kind?: BenchIdea['kind'] },
): { findings: Finding[]; sections: number; withSources: number; unsourced: string[]; claims: number; seen: Statements; sheet: FactSheet | undefined };
export function ideaFactProblems(
  sections: ReadonlyArray<{ id: string; raw_output?: string | null }>,
  ctx: { product: string; inputs: Record<string, string>; kind?: BenchIdea['kind'] },
): Finding[];
export function foreignLaws(text: string, jurisdiction: string | null): Array<{ law: string; jurisdiction: string; text: string }>;
export function founderJurisdiction(founder: string): string | null;
export function replacedProblems(text: string, founder?: string): Array<{ pain: string; text: string }>;
export function offSegmentNames(text: string, founder: string): string[];
export function probeValidation(
  answer: ValidateResponse,
  idea: { expected: string[] },
): { findings: Finding[]; checked: boolean; claims: number; seen: Statements; sheet: FactSheet | undefined };
export function probeStep3(
  run: {
    simulation: Pick<GenerateSimulationResponse, 'simulation' | 'factSheet'>;
    chat: { month: number; reply: string };
    validation: { idea: string; targetCustomer: string; problemSolved: string };
    customers?: CustomerPersona[];
  },
  idea: { expected: string[] },
): { findings: Finding[]; claims: number; sheet: FactSheet | undefined };
export type { SimulationMonth };
