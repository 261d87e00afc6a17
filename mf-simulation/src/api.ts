import {
  AiStreamCutError,
  HttpError,
  createApiClient,
  followAiStream,
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

/** The conversation history a call carries: the most recent messages, within the server's cap. */
export function recentHistory<T>(messages: ReadonlyArray<T>): T[] {
  return messages.slice(-SIMULATION_LIMITS.history);
}

/** What a streamed reply ends with. */
export interface StreamResult {
  response: string;
  provider: AiProviderName;
}

/**
 * POSTs JSON and reads the Server-Sent Events of a streamed chat reply, calling `onChunk`
 * with the text so far. A non-ok answer throws HttpError (the generic helper's format); an
 * `error` event or a stream that ends without `done` throws an Error.
 */
export async function postStream(url: string, body: unknown, onText: (textSoFar: string) => void, signal?: AbortSignal): Promise<StreamResult> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
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
    if (e instanceof AiStreamCutError) throw new Error('The answer was cut off');
    // An `error` event (AiStreamError) carries the server's message; a broken connection its own.
    throw e instanceof Error && e.message ? e : new Error('The answer failed');
  }
}

/** The step-3 calls of spec section 7 (JSON through the generic request helper) plus the streamed chats. */
export function simulationApi(base = '') {
  const client = createApiClient(base);
  const url = (p: string) => `${base.replace(/\/$/, '')}${p}`;
  return {
    generateCustomers: (v: ValidationData) => client.post<GenerateCustomersResponse>('/api/generate-customers', v),
    interview: (body: {
      customerId: string;
      customerPersona: CustomerPersona;
      userQuestion: string;
      conversationHistory: InterviewMessage[];
      validationData: ValidationData;
    }) => client.post<CustomerInterviewResponse>('/api/customer-interview', body),
    interviewStream: (
      body: {
        customerId: string;
        customerPersona: CustomerPersona;
        userQuestion: string;
        conversationHistory: InterviewMessage[];
        validationData: ValidationData;
      },
      onText: (t: string) => void,
    ) => postStream(url('/api/customer-interview/stream'), body, onText),
    generateSimulation: (body: { validationData: ValidationData; customerInsights: CustomerInsight[]; landingPageContent: null }) =>
      client.post<GenerateSimulationResponse>('/api/generate-simulation', body),
    challengeFeedback: (body: { month: number; challenge: string; response: string; validationData: ValidationData; simulationData: SimulationMonth[] }) =>
      client.post<ChallengeFeedbackResponse>('/api/challenge-feedback', body),
    valChat: (body: { month: number; question: string; conversationHistory: MentorChatMessage[]; simulationData: SimulationMonth; validationData: ValidationData }) =>
      client.post<ValChatResponse>('/api/val-chat', body),
    valChatStream: (
      body: { month: number; question: string; conversationHistory: MentorChatMessage[]; simulationData: SimulationMonth; validationData: ValidationData },
      onText: (t: string) => void,
    ) => postStream(url('/api/val-chat/stream'), body, onText),
    /** Partner click tracking: fire and forget, failures only logged. */
    trackClick: (company: string, linkType: 'logo' | 'button', href: string) => {
      client.post('/api/track-click', { company, linkType, url: href }).catch((e: unknown) => console.warn('click tracking failed', e));
    },
  };
}
export type SimulationApi = ReturnType<typeof simulationApi>;
