import type {
  ChallengeFeedbackRequest,
  CustomerInsight,
  CustomerInterviewRequest,
  CustomerPersona,
  GenerateCustomersRequest,
  SimulationMonth,
  ValChatRequest,
  ValidationData,
} from '@val/contracts';
import { type MonthNumbers, offlineChallengeFeedback, offlineInterviewReply, offlinePersonas, offlineSimulation, offlineValChat } from '@val/offline-analyst';
import { parseCustomers, parseSimulation } from '../parse/simulation';
import type { AiJsonTask, AiTextTask, ChatMessage } from '../types';

/** The validation as the models read it (feedback shortened: it is context, not the subject). */
const validationData = (v: ValidationData) => ({
  idea: v.idea,
  targetCustomer: v.targetCustomer,
  problemSolved: v.problemSolved,
  valFeedback: v.feedback.length > 3000 ? `${v.feedback.slice(0, 3000)}…` : v.feedback,
});

/** `POST /api/generate-customers`: three personas from the validation. */
export const generateCustomersTask: AiJsonTask<GenerateCustomersRequest, CustomerPersona[]> = {
  kind: 'json',
  name: 'generate-customers',
  prompt: 'customers-generate.md',
  maxTokens: 1200,
  temperature: 0.8,
  outputHint:
    'Answer with JSON only, exactly this shape: {"customers": [{"id": string, "name": string, "role": string, "avatar": string, "background": string}, ...3 items]}',
  data: (i) => validationData(i),
  parse: (raw) => parseCustomers(raw),
  offline: (i) => offlinePersonas(i),
};

/** `POST /api/customer-interview`: the persona's reply (its opening message when userQuestion is empty). */
export const customerInterviewTask: AiTextTask<CustomerInterviewRequest> = {
  kind: 'text',
  name: 'customer-interview',
  prompt: 'persona-interview.md',
  maxTokens: 400,
  temperature: 0.8,
  data: (i) => ({
    persona: { name: i.customerPersona.name, role: i.customerPersona.role, background: i.customerPersona.background },
    founderIdea: validationData(i.validationData),
    userQuestion: i.userQuestion,
  }),
  history: (i): ChatMessage[] => i.conversationHistory.filter((m) => m.text.trim()).map((m) => ({ role: m.isUser ? 'user' : 'assistant', content: m.text })),
  offline: (i) => offlineInterviewReply(i),
};

/** Input of the simulation narrative: the request plus the numbers the model computed. */
export interface SimulationTaskInput {
  validationData: ValidationData;
  customerInsights: CustomerInsight[];
  landingPageContent: string | null;
  numbers: MonthNumbers[];
  /** A regeneration round: the model's months, then which numbers were not theirs. */
  repair?: { answer: string; request: string };
}

/** `POST /api/generate-simulation`: the AI narrates six months around the model's numbers. */
export const generateSimulationTask: AiJsonTask<SimulationTaskInput, SimulationMonth[]> = {
  kind: 'json',
  name: 'generate-simulation',
  prompt: 'simulation-narrate.md',
  maxTokens: 2000,
  temperature: 0.7,
  outputHint:
    'Answer with JSON only, exactly this shape: {"simulation": [{"month": 1, "title": string, "users": number, "wins": string[], "challenges": string[], "challenge"?: string}, ...6 items for months 1 to 6]}',
  data: (i) => ({
    validation: validationData(i.validationData),
    customerInsights: i.customerInsights.map((c) => ({
      persona: { name: c.persona.name, role: c.persona.role },
      completedInterview: c.completed,
      replies: c.responses,
    })),
    landingPageContent: i.landingPageContent,
    numbers: i.numbers,
  }),
  followUp: (i): ChatMessage[] =>
    i.repair
      ? [
          { role: 'assistant', content: i.repair.answer },
          { role: 'user', content: i.repair.request },
        ]
      : [],
  parse: (raw) => parseSimulation(raw),
  offline: (i) => offlineSimulation(i),
};

/** `POST /api/challenge-feedback`: Val on the founder's answer to a month's challenge. */
/** A chat answer's regeneration round: the reply, then which of its numbers were not the month's. */
type WithRepair<T> = T & { repair?: { answer: string; request: string } };
const repairTurns = (i: { repair?: { answer: string; request: string } }): ChatMessage[] =>
  i.repair
    ? [
        { role: 'assistant', content: i.repair.answer },
        { role: 'user', content: i.repair.request },
      ]
    : [];

export const challengeFeedbackTask: AiTextTask<WithRepair<ChallengeFeedbackRequest>> = {
  kind: 'text',
  name: 'challenge-feedback',
  prompt: 'val-challenge-feedback.md',
  maxTokens: 600,
  temperature: 0.6,
  data: (i) => ({
    month: i.month,
    challenge: i.challenge,
    founderAnswer: i.response,
    validation: validationData(i.validationData),
    simulation: i.simulationData ?? null,
  }),
  followUp: repairTurns,
  offline: (i) => offlineChallengeFeedback(i),
};

/** `POST /api/val-chat`: Val's reply in one month's chat. */
export const valChatTask: AiTextTask<WithRepair<ValChatRequest>> = {
  kind: 'text',
  name: 'val-chat',
  prompt: 'val-chat.md',
  maxTokens: 500,
  temperature: 0.6,
  data: (i) => ({
    month: i.month,
    monthData: i.simulationData,
    validation: validationData(i.validationData),
    question: i.question,
  }),
  history: (i): ChatMessage[] => i.conversationHistory.filter((m) => m.text.trim()).map((m) => ({ role: m.isUser ? 'user' : 'assistant', content: m.text })),
  followUp: repairTurns,
  offline: (i) => offlineValChat(i),
};
