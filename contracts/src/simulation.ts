import { z } from 'zod';
import type { AiProviderName, ValidationData } from './validation';

/**
 * Step 3 of Val: three customer personas, interviews with them, a 6-month launch simulation,
 * Val's challenge feedback and a per-month chat with Val (spec sections 2, 3, 4, 7, 9).
 */

/** Customer personas per run (spec section 9). */
export const PERSONA_COUNT = 3;
/** Simulation length in months (spec section 9). */
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
}

/** One message of the per-month chat with Val. */
export interface MentorChatMessage {
  id: string;
  isUser: boolean;
  text: string;
  /** ISO 8601. */
  timestamp: string;
}

/** Spec: per persona, the persona plus the first 100 characters of each of its replies. */
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
 * Growth percent of month `index` versus the previous month (spec section 9): the rounded
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

/** The progress bar's fill: users relative to the month with the most users, 0..100. */
export function monthProgressPercent(months: ReadonlyArray<Pick<SimulationMonth, 'users'>>, index: number): number {
  const max = Math.max(0, ...months.map((m) => m.users));
  const cur = months[index]?.users ?? 0;
  if (max <= 0 || cur <= 0) return 0;
  return Math.min(100, Math.max(0, (cur / max) * 100));
}

// ---------------------------------------------------------------------------------------------
// Request schemas (the BFF parses every body with these → 400 with a clear message)
// ---------------------------------------------------------------------------------------------

const required = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((s) => s.trim().length > 0, { error: `${label} is required` });
const optionalText = (max: number, label: string) =>
  z.string({ error: `${label} must be text` }).max(max, { error: `${label} must be at most ${max} characters` });

/** The validation data sent back as context (idea, target customer, problem, Val's feedback). */
export const simValidationDataSchema = z.object(
  {
    idea: required(SIMULATION_LIMITS.idea, 'idea'),
    targetCustomer: required(SIMULATION_LIMITS.targetCustomer, 'targetCustomer'),
    problemSolved: required(SIMULATION_LIMITS.problemSolved, 'problemSolved'),
    feedback: optionalText(SIMULATION_LIMITS.feedback, 'feedback').default(''),
  },
  { error: 'validationData must be an object with idea, targetCustomer, problemSolved and feedback' },
);

export const customerPersonaSchema = z.object(
  {
    id: required(64, 'id'),
    name: required(SIMULATION_LIMITS.personaName, 'name'),
    role: required(SIMULATION_LIMITS.personaRole, 'role'),
    avatar: optionalText(SIMULATION_LIMITS.avatar, 'avatar').default(''),
    background: optionalText(SIMULATION_LIMITS.personaBackground, 'background').default(''),
  },
  { error: 'customerPersona must be an object with id, name, role, avatar and background' },
);

const timestamp = z.union([z.string().max(40), z.number()]).optional();

export const interviewMessageSchema = z.object({
  id: optionalText(64, 'id').optional(),
  customerId: optionalText(64, 'customerId').optional(),
  isUser: z.boolean({ error: 'isUser must be true or false' }),
  text: optionalText(SIMULATION_LIMITS.message, 'text'),
  timestamp,
});

export const mentorChatMessageSchema = z.object({
  id: optionalText(64, 'id').optional(),
  isUser: z.boolean({ error: 'isUser must be true or false' }),
  text: optionalText(SIMULATION_LIMITS.message, 'text'),
  timestamp,
});

const listOfText = z
  .array(optionalText(SIMULATION_LIMITS.listItem, 'item'))
  .max(SIMULATION_LIMITS.listItems, { error: `at most ${SIMULATION_LIMITS.listItems} items` });

export const simulationMonthSchema = z.object({
  month: z.number({ error: 'month must be a number' }).int().min(1).max(SIMULATION_MONTHS),
  title: optionalText(SIMULATION_LIMITS.monthTitle, 'title'),
  users: z.number({ error: 'users must be a number' }).min(0).max(1e9),
  wins: listOfText.default([]),
  challenges: listOfText.default([]),
  challenge: optionalText(SIMULATION_LIMITS.challenge, 'challenge').optional(),
});

const history = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(SIMULATION_LIMITS.history, {
      error: `conversationHistory must have at most ${SIMULATION_LIMITS.history} messages (send the most recent ones)`,
    })
    .default([]);

const monthNumber = z
  .number({ error: 'month must be a number from 1 to 6' })
  .int({ error: 'month must be a whole number' })
  .min(1, { error: 'month must be from 1 to 6' })
  .max(SIMULATION_MONTHS, { error: 'month must be from 1 to 6' });

/** Body of `POST /api/generate-customers`: the validation data. */
export const generateCustomersRequestSchema = simValidationDataSchema;
export type GenerateCustomersRequest = z.infer<typeof generateCustomersRequestSchema>;

/** Body of `POST /api/customer-interview` (and `/stream`); userQuestion is empty for the opening message. */
export const customerInterviewRequestSchema = z.object({
  customerId: required(64, 'customerId'),
  customerPersona: customerPersonaSchema,
  userQuestion: optionalText(SIMULATION_LIMITS.question, 'userQuestion').default(''),
  conversationHistory: history(interviewMessageSchema),
  validationData: simValidationDataSchema,
});
export type CustomerInterviewRequest = z.infer<typeof customerInterviewRequestSchema>;

export const customerInsightSchema = z.object({
  persona: customerPersonaSchema,
  responses: z
    .array(optionalText(INSIGHT_REPLY_CHARS, 'response'))
    .max(SIMULATION_LIMITS.insightReplies, { error: `at most ${SIMULATION_LIMITS.insightReplies} responses per persona` })
    .default([]),
  completed: z.boolean().default(false),
});

/** Body of `POST /api/generate-simulation`. */
export const generateSimulationRequestSchema = z.object({
  validationData: simValidationDataSchema,
  customerInsights: z
    .array(customerInsightSchema)
    .min(1, { error: 'customerInsights needs at least 1 interviewed customer' })
    .max(PERSONA_COUNT, { error: `customerInsights has at most ${PERSONA_COUNT} personas` }),
  landingPageContent: optionalText(5000, 'landingPageContent').nullable().default(null),
});
export type GenerateSimulationRequest = z.infer<typeof generateSimulationRequestSchema>;

/** Body of `POST /api/challenge-feedback`. */
export const challengeFeedbackRequestSchema = z.object({
  month: monthNumber,
  challenge: required(SIMULATION_LIMITS.challenge, 'challenge'),
  response: required(SIMULATION_LIMITS.question * 2, 'response'),
  validationData: simValidationDataSchema,
  simulationData: z
    .union([simulationMonthSchema, z.array(simulationMonthSchema).max(SIMULATION_MONTHS)])
    .optional(),
});
export type ChallengeFeedbackRequest = z.infer<typeof challengeFeedbackRequestSchema>;

/** Body of `POST /api/val-chat` (and `/stream`): simulationData is that month's entry. */
export const valChatRequestSchema = z.object({
  month: monthNumber,
  question: required(SIMULATION_LIMITS.question, 'question'),
  conversationHistory: history(mentorChatMessageSchema),
  simulationData: simulationMonthSchema,
  validationData: simValidationDataSchema,
});
export type ValChatRequest = z.infer<typeof valChatRequestSchema>;

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
}
export interface ChallengeFeedbackResponse {
  feedback: string;
  provider: AiProviderName;
}
export interface ValChatResponse {
  response: string;
  provider: AiProviderName;
}

/**
 * Server-sent events of the streamed chat endpoints (`/api/customer-interview/stream`,
 * `/api/val-chat/stream`): `meta` {provider} first, then `chunk` {text}..., then `done`
 * {response, provider} with the whole cleaned reply, or `error` {error: {code, message}}.
 */
export type ChatStreamEvent =
  | { event: 'meta'; data: { provider: AiProviderName } }
  | { event: 'chunk'; data: { text: string } }
  | { event: 'done'; data: { response: string; provider: AiProviderName } }
  | { event: 'error'; data: { error: { code: string; message: string } } };

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
