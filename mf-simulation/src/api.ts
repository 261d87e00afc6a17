import {
  HttpError,
  createApiClient,
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
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  let provider: AiProviderName = (res.headers.get('X-AI-Provider') as AiProviderName | null) ?? 'offline';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (!data.length) continue;
      const payload = JSON.parse(data.join('\n')) as Record<string, unknown>;
      if (event === 'meta') provider = (payload.provider as AiProviderName) ?? provider;
      else if (event === 'chunk') {
        text += String(payload.text ?? '');
        onText(text);
      } else if (event === 'done') {
        void reader.cancel().catch(() => undefined);
        return { response: String(payload.response ?? text), provider: (payload.provider as AiProviderName) ?? provider };
      } else if (event === 'error') {
        const err = payload.error as { message?: string } | undefined;
        throw new Error(err?.message ?? 'The answer failed');
      }
    }
  }
  throw new Error('The answer was cut off');
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
