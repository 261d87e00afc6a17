import {
  HttpError,
  type ChatStreamEvents,
  type AiProviderName,
  type ChallengeFeedbackResponse,
  type CustomerInsight,
  type CustomerInterviewResponse,
  type CustomerPersona,
  type GenerateCustomersResponse,
  type GenerateSimulationResponse,
  type InterviewMessage,
  type MentorChatMessage,
  type SimulationMonth,
  type ValChatResponse,
  type ValidationData,
  SIMULATION_LIMITS,
} from '@val/contracts';
import { AiStreamCutError, createValApi, followAiStream, type ApiRequestInit } from '@val/client';

/** The conversation history a call carries: the most recent messages, within the server's cap. */
export function recentHistory<T>(messages: ReadonlyArray<T>): T[] {
  return messages.slice(-SIMULATION_LIMITS.history);
}

/** What a streamed reply ends with. */
export interface StreamResult {
  response: string;
  provider: AiProviderName;
}

/** What a streamed call asks for: Server-Sent Events instead of one JSON answer. */
const EVENT_STREAM: ApiRequestInit = { headers: { accept: 'text/event-stream' } };

/**
 * Reads the Server-Sent Events of a streamed chat reply (the answer of a `*Stream` operation),
 * calling `onText` with the text so far. A non-ok answer throws HttpError (the generic helper's
 * format); an `error` event or a stream that ends without `done` throws an Error.
 */
export async function readStream(answer: Promise<Response>, onText: (textSoFar: string) => void): Promise<StreamResult> {
  const res = await answer;
  if (!res.ok) throw new HttpError(res.status, await res.text().catch(() => ''), res.statusText);
  if (!res.body) throw new Error('The answer had no body');
  let provider: AiProviderName = (res.headers.get('X-AI-Provider') as AiProviderName | null) ?? 'offline';
  let text = '';
  try {
    const done = await followAiStream<ChatStreamEvents['done']>(res.body, {
      onMeta: (p) => (provider = p ?? provider),
      onText: (_piece, soFar) => {
        text = soFar;
        onText(soFar);
      },
    });
    return { response: String(done.response ?? text), provider: done.provider ?? provider };
  } catch (e) {
    if (e instanceof AiStreamCutError) throw new Error('The answer was cut off', { cause: e });
    // An `error` event (AiStreamError) carries the server's message; a broken connection its own.
    throw e instanceof Error && e.message ? e : new Error('The answer failed');
  }
}

/** The step-3 API calls (JSON through the typed client) plus the streamed chats. */
export function simulationApi(base = '') {
  const api = createValApi({ baseUrl: base });
  return {
    generateCustomers: (v: ValidationData): Promise<GenerateCustomersResponse> => api.call('generateCustomers', { body: v }),
    interview: (body: {
      customerId: string;
      customerPersona: CustomerPersona;
      userQuestion: string;
      conversationHistory: InterviewMessage[];
      validationData: ValidationData;
    }): Promise<CustomerInterviewResponse> => api.call('customerInterview', { body }),
    interviewStream: (
      body: {
        customerId: string;
        customerPersona: CustomerPersona;
        userQuestion: string;
        conversationHistory: InterviewMessage[];
        validationData: ValidationData;
      },
      onText: (t: string) => void,
    ) => readStream(api.request('customerInterviewStream', { body }, EVENT_STREAM), onText),
    generateSimulation: (body: {
      validationData: ValidationData;
      customerInsights: CustomerInsight[];
      landingPageContent: null;
    }): Promise<GenerateSimulationResponse> => api.call('generateSimulation', { body }),
    challengeFeedback: (body: {
      month: number;
      challenge: string;
      response: string;
      validationData: ValidationData;
      simulationData: SimulationMonth[];
    }): Promise<ChallengeFeedbackResponse> => api.call('challengeFeedback', { body }),
    valChat: (body: {
      month: number;
      question: string;
      conversationHistory: MentorChatMessage[];
      simulationData: SimulationMonth;
      validationData: ValidationData;
    }): Promise<ValChatResponse> => api.call('valChat', { body }),
    valChatStream: (
      body: { month: number; question: string; conversationHistory: MentorChatMessage[]; simulationData: SimulationMonth; validationData: ValidationData },
      onText: (t: string) => void,
    ) => readStream(api.request('valChatStream', { body }, EVENT_STREAM), onText),
    /** Partner click tracking: fire and forget, failures only logged. */
    trackClick: (company: string, linkType: 'logo' | 'button', href: string) => {
      api.call('trackClick', { body: { company, linkType, url: href } }).catch((e: unknown) => console.warn('click tracking failed', e));
    },
  };
}
export type SimulationApi = ReturnType<typeof simulationApi>;
