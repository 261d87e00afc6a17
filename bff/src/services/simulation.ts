import type {
  AiProviderName,
  ChallengeFeedbackRequest,
  ChallengeFeedbackResponse,
  CustomerInterviewRequest,
  CustomerInterviewResponse,
  GenerateCustomersRequest,
  GenerateCustomersResponse,
  GenerateSimulationRequest,
  GenerateSimulationResponse,
  ValChatRequest,
  ValChatResponse,
} from '@val/contracts';
import type { Ai } from '../ai/service';
import { cleanReply } from '../ai/parse/simulation';
import {
  challengeFeedbackTask,
  customerInterviewTask,
  generateCustomersTask,
  generateSimulationTask,
  valChatTask,
} from '../ai/tasks/simulation';
import { AiError, type AiTextTask, type CallOptions } from '../ai/types';
import { runSimulationModel } from './simulationModel';

/** A streamed reply: who answers, the chunks, and the whole reply cleaned once it is complete. */
export interface ReplyStream {
  provider: AiProviderName;
  chunks: AsyncIterable<string>;
  finish(full: string): string;
}

/**
 * Step 3's use cases over the AI layer: personas, interview replies, the simulation (numbers
 * from the model in simulationModel.ts, words from the AI), challenge feedback and Val's chat.
 */
export function simulationService(ai: Ai) {
  const personaNames = (r: CustomerInterviewRequest) => [r.customerPersona.name, r.customerPersona.name.split(' ')[0]];
  const stream = <I>(task: AiTextTask<I>, input: I, names: string[], opts?: CallOptions): ReplyStream => {
    const s = ai.stream(task, input, opts);
    return { provider: s.provider, chunks: s.chunks, finish: (full) => cleanReply(full, names) };
  };
  const text = async <I>(task: AiTextTask<I>, input: I, names: string[], opts?: CallOptions) => {
    const r = await ai.text(task, input, opts);
    return { value: cleanReply(r.value, names), provider: r.provider };
  };

  return {
    async generateCustomers(input: GenerateCustomersRequest, opts?: CallOptions): Promise<GenerateCustomersResponse> {
      const r = await ai.json(generateCustomersTask, input, opts);
      return { customers: r.value, provider: r.provider };
    },

    async interview(input: CustomerInterviewRequest, opts?: CallOptions): Promise<CustomerInterviewResponse> {
      const r = await text(customerInterviewTask, input, personaNames(input), opts);
      return { response: r.value, provider: r.provider };
    },
    interviewStream(input: CustomerInterviewRequest, opts?: CallOptions): ReplyStream {
      return stream(customerInterviewTask, input, personaNames(input), opts);
    },

    async generateSimulation(input: GenerateSimulationRequest, opts?: CallOptions): Promise<GenerateSimulationResponse> {
      const model = runSimulationModel({ validation: input.validationData, insights: input.customerInsights });
      const r = await ai.json(
        generateSimulationTask,
        { validationData: input.validationData, customerInsights: input.customerInsights, landingPageContent: input.landingPageContent ?? null, numbers: model.months },
        opts,
      );
      if (r.value.length !== model.months.length) throw new AiError('The simulation does not have six months', 'malformed');
      const next = (k: number) => (model.months[k + 1] ?? model.projection).users;
      const simulation = r.value.map((m, k) => ({ ...m, month: k + 1, users: model.months[k].users, nextMonthUsers: next(k) }));
      return { simulation, assumptions: model.assumptions, provider: r.provider };
    },

    async challengeFeedback(input: ChallengeFeedbackRequest, opts?: CallOptions): Promise<ChallengeFeedbackResponse> {
      const r = await text(challengeFeedbackTask, input, [], opts);
      return { feedback: r.value, provider: r.provider };
    },

    async valChat(input: ValChatRequest, opts?: CallOptions): Promise<ValChatResponse> {
      const r = await text(valChatTask, input, [], opts);
      return { response: r.value, provider: r.provider };
    },
    valChatStream(input: ValChatRequest, opts?: CallOptions): ReplyStream {
      return stream(valChatTask, input, [], opts);
    },
  };
}
export type SimulationService = ReturnType<typeof simulationService>;
