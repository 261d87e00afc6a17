import type { AiProviderName, ValidationData } from './validation';
import type { SimulationFactSheet } from './factSheet';

/**
 * Step 3 of Val: three customer personas, interviews with them, a 6-month launch simulation,
 * Val's challenge feedback and a per-month chat with Val.
 */

/** Customer personas per run. */
export const PERSONA_COUNT = 3;
/** Simulation length in months. */
export const SIMULATION_MONTHS = 6;
/** Each interview reply is cut to this many characters when used as simulation context. */
export const INSIGHT_REPLY_CHARS = 100;

/** Size limits of the step-3 request bodies (characters / items). */
export const SIMULATION_LIMITS = {
  /** The validation's idea / target customer / problem (same as POST /api/validate). */
  idea: 4000,
  targetCustomer: 1000,
  problemSolved: 2000,
  /** Val's validation feedback sent back as context. */
  feedback: 20000,
  /** A question to a persona, a challenge answer, a message to Val. */
  question: 2000,
  /** One stored chat message (a persona's or Val's reply may be longer than a question). */
  message: 4000,
  /** Messages of one conversation sent as history (the client sends the most recent ones). */
  history: 30,
  personaName: 80,
  personaRole: 160,
  personaBackground: 1200,
  avatar: 16,
  monthTitle: 160,
  listItem: 400,
  listItems: 8,
  challenge: 1000,
  /** Replies per persona in customerInsights. */
  insightReplies: 30,
} as const;

/** A generated customer persona (the view shows avatar, name and role; the server adds background). */
export interface CustomerPersona {
  id: string;
  name: string;
  role: string;
  /** Short text drawn in a circle: initials or an emoji. */
  avatar: string;
  background: string;
}

/** One message of a customer interview. */
export interface InterviewMessage {
  id: string;
  customerId: string;
  /** true when the founder wrote it, false for the persona's reply. */
  isUser: boolean;
  text: string;
  /** ISO 8601. */
  timestamp: string;
}

/** One month of the launch simulation. */
export interface SimulationMonth {
  /** 1 to 6. */
  month: number;
  title: string;
  users: number;
  wins: string[];
  challenges: string[];
  /** A question from Val the founder can answer ('Get Val's Feedback'). */
  challenge?: string;
  /**
   * The users the simulation expects the month after: the next month's `users` (for month 6, the
   * same model run one month further). Val quotes this number, never one of its own, whenever
   * "next month" comes up in the challenge feedback or the chat.
   */
  nextMonthUsers?: number;
  /** Users who joined this month (the launch model's figure). */
  newUsers?: number;
  /** Users who left this month (the launch model's figure). */
  churnedUsers?: number;
  /** The previous month's users (0 for month 1): growth is measured against it. */
  previousUsers?: number;
}

/** One message of the per-month chat with Val. */
export interface MentorChatMessage {
  id: string;
  isUser: boolean;
  text: string;
  /** ISO 8601. */
  timestamp: string;
}

/** Per persona, the persona plus the first 100 characters of each of its replies. */
export interface CustomerInsight {
  persona: CustomerPersona;
  /** The persona's replies, each cut to INSIGHT_REPLY_CHARS. */
  responses: string[];
  /** Whether the founder ended this interview with Done. */
  completed: boolean;
}

/**
 * How the simulation's numbers were computed (the model is code, not the AI): shown in the UI
 * as "How we computed these numbers".
 */
export interface SimulationAssumptions {
  startingUsers: number;
  /** Monthly acquisition rate of month 2, as a fraction (0.3 = 30 %); later months slow down. */
  monthlyGrowth: number;
  /** Share of users lost each month, as a fraction. */
  churnRate: number;
  completedInterviews: number;
  /** Interview replies that sounded like buying intent / like hesitation. */
  positiveSignals: number;
  negativeSignals: number;
  /** 0..1: completion and tone of the interviews. */
  interviewScore: number;
  /** 0..1: from the validation (a score in Val's feedback when present, else how specific it is). */
  validationScore: number;
}

// ---------------------------------------------------------------------------------------------
// Pure helpers (shared by the UI and the BFF)
// ---------------------------------------------------------------------------------------------

/**
 * customerInsights for POST /api/generate-simulation: for each persona, the persona and the
 * first 100 characters of each of its replies (the persona's messages, not the founder's),
 * in conversation order.
 */
export function buildCustomerInsights(
  personas: ReadonlyArray<CustomerPersona>,
  interviews: Readonly<Record<string, ReadonlyArray<InterviewMessage>>>,
  completed: ReadonlyArray<string>,
): CustomerInsight[] {
  return personas.map((persona) => ({
    persona,
    responses: (interviews[persona.id] ?? [])
      .filter((m) => !m.isUser && m.text.trim())
      .slice(0, SIMULATION_LIMITS.insightReplies)
      .map((m) => m.text.slice(0, INSIGHT_REPLY_CHARS)),
    completed: completed.includes(persona.id),
  }));
}

/**
 * Growth percent of month `index` versus the previous month: the rounded
 * percent change of users, or 'Launch' for the first month. null when the previous month had
 * no users (no meaningful percent).
 */
export function monthGrowthPercent(months: ReadonlyArray<Pick<SimulationMonth, 'users'>>, index: number): number | 'Launch' | null {
  if (index <= 0) return 'Launch';
  const prev = months[index - 1]?.users ?? 0;
  const cur = months[index]?.users ?? 0;
  if (prev <= 0) return null;
  const pct = Math.round(((cur - prev) / prev) * 100);
  return Object.is(pct, -0) ? 0 : pct;
}

/**
 * The one "next month" user number of month `month`: the entry's own `nextMonthUsers`, else the
 * next month's `users` in `months`; null when neither is known (Val then quotes no number).
 */
export function nextMonthUsers(
  months: ReadonlyArray<Pick<SimulationMonth, 'month' | 'users' | 'nextMonthUsers'>> | Pick<SimulationMonth, 'month' | 'users' | 'nextMonthUsers'> | undefined,
  month: number,
): number | null {
  const list = Array.isArray(months) ? months : months ? [months] : [];
  const entry = list.find((m) => m.month === month);
  if (typeof entry?.nextMonthUsers === 'number') return entry.nextMonthUsers;
  const next = list.find((m) => m.month === month + 1);
  return typeof next?.users === 'number' ? next.users : null;
}

/** The progress bar's fill: users relative to the month with the most users, 0..100. */
export function monthProgressPercent(months: ReadonlyArray<Pick<SimulationMonth, 'users'>>, index: number): number {
  const max = Math.max(0, ...months.map((m) => m.users));
  const cur = months[index]?.users ?? 0;
  if (max <= 0 || cur <= 0) return 0;
  return Math.min(100, Math.max(0, (cur / max) * 100));
}

// ---------------------------------------------------------------------------------------------
// Responses (the spec's fields, plus which provider answered)
// ---------------------------------------------------------------------------------------------

export interface GenerateCustomersResponse {
  customers: CustomerPersona[];
  provider: AiProviderName;
}
export interface CustomerInterviewResponse {
  response: string;
  provider: AiProviderName;
}
export interface GenerateSimulationResponse {
  simulation: SimulationMonth[];
  /** How the user numbers were computed. */
  assumptions: SimulationAssumptions;
  provider: AiProviderName;
  /** The six months' numbers and how they were computed ("The numbers behind this simulation"). */
  factSheet?: SimulationFactSheet;
}
export interface ChallengeFeedbackResponse {
  feedback: string;
  provider: AiProviderName;
}
export interface ValChatResponse {
  response: string;
  provider: AiProviderName;
}

/** The validation fields that identify one idea (step-3 progress is kept per idea). */
export function validationFingerprint(v: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>): string {
  const s = `${v.idea}\u0000${v.targetCustomer}\u0000${v.problemSolved}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(36)}-${s.length}`;
}
