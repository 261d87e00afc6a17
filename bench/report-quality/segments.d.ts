/** Types of segments.js (segment sizes against labelled real sizes), for the TypeScript tests that import it. */
export interface LabelledSegment {
  customer: string;
  low: number;
  high: number;
  source: string;
}

export interface JudgedSegment {
  customer: string;
  segment: string | null;
  value: number;
  low: number;
  high: number;
  outcome: 'within' | 'off' | 'wrong' | 'unknown';
  /** How many times outside the range (1 inside it). */
  ratio: number;
  source: string;
}

export function labelledSegments(): LabelledSegment[];
export function judgeSegments(
  labelled: ReadonlyArray<LabelledSegment>,
  size: (customer: string) => { value: number; upperBound: boolean; segment: { id: string } | null },
): { rows: JudgedSegment[]; within: number; off: number; wrong: number; unknown: number; total: number };
