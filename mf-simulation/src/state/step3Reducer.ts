import type { AiProviderName, CustomerPersona, GenerateSimulationResponse, InterviewMessage, MentorChatMessage, SimulationFactSheet } from '@val/contracts';
import { emptyState, type Step3State } from './store';

/**
 * Everything step 3 shows: the progress the store persists per idea, plus what lives only while
 * the step is on screen (the open interview, the open month chat, the replies being streamed).
 * Replies stream token by token (SSE): the text so far is view state, not cacheable server state,
 * so it lives here; a draft exists exactly while its reply is on its way (its chat's pending flag).
 */
export interface Step3View {
  progress: Step3State;
  /** How many times the step was reset ('restored'): an answer to a call made before the latest reset is dropped. */
  epoch: number;
  /** The persona whose interview chat is open. */
  selectedId: string | null;
  /** The month whose chat with Val is open (one at a time). */
  openMonth: number | null;
  /** The persona reply being streamed, per persona id ('' until its first words). */
  interviewDrafts: Record<string, string>;
  /** Val's reply being streamed, per month number ('' until its first words). */
  chatDrafts: Record<number, string>;
}

/**
 * What happens in step 3. A server's answer carries the `epoch` of the view its call was made in:
 * an answer arriving after a reset (another idea, "Start over") is dropped.
 */
export type Step3Action =
  /** Another idea's progress (or a fresh start): replaces everything. */
  | { type: 'restored'; progress: Step3State }
  | { type: 'customersGenerated'; epoch: number; personas: CustomerPersona[]; provider: AiProviderName }
  | { type: 'personaSelected'; id: string }
  /** A question (or, with `message` null, the persona's opening) is on its way. */
  | { type: 'interviewAsked'; customerId: string; message: InterviewMessage | null }
  | { type: 'interviewStreamed'; epoch: number; customerId: string; text: string }
  | { type: 'interviewAnswered'; epoch: number; message: InterviewMessage; provider: AiProviderName }
  /** The reply failed: the question `questionId` is taken back; `fallback` (the local greeting) stands in for a failed opening. */
  | { type: 'interviewFailed'; epoch: number; customerId: string; questionId: string | null; fallback: InterviewMessage | null }
  /** Done: the selected persona joins the completed list and the chat closes. */
  | { type: 'interviewFinished' }
  | { type: 'simulationGenerated'; epoch: number; result: GenerateSimulationResponse }
  | { type: 'answerChanged'; month: number; text: string }
  | { type: 'feedbackReceived'; epoch: number; month: number; feedback: string; provider: AiProviderName }
  /** "Chat with Val" of a month: opens it (greeting with `greeting` the first time) or closes it when it is the open one. */
  | { type: 'chatToggled'; month: number; greeting: MentorChatMessage }
  | { type: 'chatClosed' }
  | { type: 'chatAsked'; month: number; message: MentorChatMessage }
  | { type: 'chatStreamed'; epoch: number; month: number; text: string }
  | { type: 'chatAnswered'; epoch: number; month: number; message: MentorChatMessage; provider: AiProviderName }
  | { type: 'chatFailed'; epoch: number; month: number; messageId: string };

/** The view of stored (or empty) progress: nothing open, nothing on its way. */
export function initialView(progress: Step3State, epoch = 0): Step3View {
  return { progress, epoch, selectedId: null, openMonth: null, interviewDrafts: {}, chatDrafts: {} };
}

/** The view for `fingerprint` with no progress. */
export const emptyView = (fingerprint: string): Step3View => initialView(emptyState(fingerprint));

function without<K extends string | number, V>(record: Record<K, V>, key: K): Record<K, V> {
  if (!(key in record)) return record;
  const rest = { ...record };
  delete rest[key];
  return rest;
}

const withProgress = (v: Step3View, patch: Partial<Step3State>): Step3View => ({ ...v, progress: { ...v.progress, ...patch } });

const appendInterview = (s: Step3State, m: InterviewMessage): Partial<Step3State> => ({
  interviews: { ...s.interviews, [m.customerId]: [...(s.interviews[m.customerId] ?? []), m] },
});

const appendChat = (s: Step3State, month: number, m: MentorChatMessage): Partial<Step3State> => ({
  chats: { ...s.chats, [month]: [...(s.chats[month] ?? []), m] },
});

const sheetOf = (r: GenerateSimulationResponse): SimulationFactSheet | null => r.factSheet ?? null;

/** Step 3's transitions (pure: ids and timestamps come in the actions). */
export function step3Reducer(v: Step3View, a: Step3Action): Step3View {
  const s = v.progress;
  if ('epoch' in a && a.epoch !== v.epoch) return v;
  switch (a.type) {
    case 'restored':
      return initialView(a.progress, v.epoch + 1);
    case 'customersGenerated':
      return {
        ...withProgress(v, { personas: a.personas, interviews: {}, completed: [], simulation: null, factSheet: null, provider: a.provider }),
        selectedId: null,
        interviewDrafts: {},
      };
    case 'personaSelected':
      return v.selectedId === a.id ? v : { ...v, selectedId: a.id };
    case 'interviewAsked':
      return {
        ...(a.message ? withProgress(v, appendInterview(s, a.message)) : v),
        interviewDrafts: { ...v.interviewDrafts, [a.customerId]: '' },
      };
    case 'interviewStreamed':
      return { ...v, interviewDrafts: { ...v.interviewDrafts, [a.customerId]: a.text } };
    case 'interviewAnswered':
      return {
        ...withProgress(v, { ...appendInterview(s, a.message), provider: a.provider }),
        interviewDrafts: without(v.interviewDrafts, a.message.customerId),
      };
    case 'interviewFailed': {
      let interviews = s.interviews;
      if (a.questionId) interviews = { ...interviews, [a.customerId]: (interviews[a.customerId] ?? []).filter((m) => m.id !== a.questionId) };
      if (a.fallback) interviews = { ...interviews, [a.customerId]: [...(interviews[a.customerId] ?? []), a.fallback] };
      return { ...(interviews === s.interviews ? v : withProgress(v, { interviews })), interviewDrafts: without(v.interviewDrafts, a.customerId) };
    }
    case 'interviewFinished': {
      const id = v.selectedId;
      if (!id) return v;
      return { ...(s.completed.includes(id) ? v : withProgress(v, { completed: [...s.completed, id] })), selectedId: null };
    }
    case 'simulationGenerated':
      return {
        ...withProgress(v, {
          simulation: a.result.simulation,
          assumptions: a.result.assumptions,
          factSheet: sheetOf(a.result),
          answers: {},
          feedback: {},
          chats: {},
          provider: a.result.provider,
        }),
        selectedId: null,
        openMonth: null,
        chatDrafts: {},
      };
    case 'answerChanged':
      return withProgress(v, { answers: { ...s.answers, [a.month]: a.text } });
    case 'feedbackReceived':
      return withProgress(v, { feedback: { ...s.feedback, [a.month]: a.feedback }, provider: a.provider });
    case 'chatToggled':
      if (v.openMonth === a.month) return { ...v, openMonth: null };
      return { ...((s.chats[a.month] ?? []).length ? v : withProgress(v, { chats: { ...s.chats, [a.month]: [a.greeting] } })), openMonth: a.month };
    case 'chatClosed':
      return v.openMonth === null ? v : { ...v, openMonth: null };
    case 'chatAsked':
      return { ...withProgress(v, appendChat(s, a.month, a.message)), chatDrafts: { ...v.chatDrafts, [a.month]: '' } };
    case 'chatStreamed':
      return { ...v, chatDrafts: { ...v.chatDrafts, [a.month]: a.text } };
    case 'chatAnswered':
      return { ...withProgress(v, { ...appendChat(s, a.month, a.message), provider: a.provider }), chatDrafts: without(v.chatDrafts, a.month) };
    case 'chatFailed':
      return {
        ...withProgress(v, { chats: { ...s.chats, [a.month]: (s.chats[a.month] ?? []).filter((m) => m.id !== a.messageId) } }),
        chatDrafts: without(v.chatDrafts, a.month),
      };
  }
}
