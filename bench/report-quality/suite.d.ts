/** Types of suite.js (one pass of the report-quality probes over a running server). */
import type { BenchIdea, Finding } from './probes';

export interface SuiteFinding extends Omit<Finding, 'kind'> {
  kind: Finding['kind'] | 'failed';
  /** The idea's id in ideas.json. */
  idea: string;
}

export interface SuitePass {
  findings: SuiteFinding[];
  /** Milliseconds from the start request to the poll that saw each report finished. */
  reportMs: number[];
  sections: number;
  withSources: number;
  /** Sections without sources, by "product · step id". */
  unsourced: Record<string, number>;
  /** Numeric claims the traceability probe read. */
  claims: number;
  /** Sentences the BFF's own checker removed (its `check.removed`). */
  removed: number;
  validations: number;
  validationsWithSheet: number;
  reads: Array<{ surface: string; idea: string; expected: string[]; read: 'right' | 'general' | 'wrong' | null; id: string }>;
  runs: number;
  wallS: number;
  /** Statements the contradiction probes read: verdicts, break-even statements, Low/Medium/High labels, x/10 in sections with their own score. */
  seen: { verdicts?: number; breakEven?: number; labels?: number; ownScores?: number };
}

export const PRODUCTS: string[];
export function runSuite(base: string, ideas: BenchIdea[], opts?: { concurrency?: number; reportsOnly?: boolean; products?: string[] }): Promise<SuitePass>;
export function describe(f: SuiteFinding): string;
