/** Types of driver.js (Val's public HTTP API as the pages call it), for the TypeScript tests that import it. */
import type { CustomerInsight, CustomerPersona, GenerateSimulationResponse, ReportStatusResponse, ValidateResponse } from '@val/contracts';
import type { BenchIdea } from './probes';

export function runValidation(base: string, idea: BenchIdea): Promise<{ answer: ValidateResponse; ms: number }>;
export function runStep3(
  base: string,
  idea: BenchIdea,
  validation: Pick<ValidateResponse, 'feedback'>,
): Promise<{
  customers: CustomerPersona[];
  customerInsights: CustomerInsight[];
  simulation: GenerateSimulationResponse;
  chat: { month: number; question: string; reply: string };
  ms: number;
}>;
export function runReport(
  base: string,
  product: string,
  inputs: Record<string, string>,
  opts?: { timeoutMs?: number },
): Promise<{ id: string; status: ReportStatusResponse; ms: number }>;
export function pool<T>(n: number, tasks: Array<() => Promise<T>>): Promise<T[]>;
export const LOST_USERS_QUESTION: (month: number) => string;
