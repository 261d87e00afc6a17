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
import { challengeFeedbackTask, customerInterviewTask, generateCustomersTask, generateSimulationTask, valChatTask } from '../ai/tasks/simulation';
import { AiError, type AiTextTask, type CallOptions } from '../ai/types';
import { offlineChallengeFeedback, offlineSimulation, offlineValChat } from '@val/offline-analyst';
import { buildSimulationSheet, checkMonthTexts, strayChatNumbers, type ChatMonth, type MonthNumberProblem } from '../analysis/simulationSheet';
import { removedNote } from '../analysis/check';
import type { Logger } from '../logger';
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
/** The message of the regeneration round: each month's numbers that were not its own. */
export function monthRepairRequest(problems: ReadonlyArray<MonthNumberProblem>): string {
  return [
    "Your months mention numbers that are not in the data. Each month's texts may mention only that month's numbers from `numbers` (users, new users, churned users), the growth against the previous month, and the previous or next month's users. Rewrite all six months in the same JSON shape, fixing:",
    ...problems.slice(0, 20).map((p) => `- Month ${p.month} (${p.field}): "${p.text.slice(0, 120)}" mentions ${p.number}.`),
  ].join('\n');
}

/** The month a chat or challenge is about, with the launch model's numbers the month entry carries. */
function chatMonth(data: ValChatRequest['simulationData'] | ChallengeFeedbackRequest['simulationData'], month: number): ChatMonth | null {
  const entry = Array.isArray(data) ? data.find((m) => m.month === month) : data && data.month === month ? data : undefined;
  return entry && typeof entry.users === 'number'
    ? {
        month,
        users: entry.users,
        newUsers: entry.newUsers,
        churnedUsers: entry.churnedUsers,
        previousUsers: entry.previousUsers,
        nextMonthUsers: entry.nextMonthUsers,
      }
    : null;
}

const chatWords = (i: ValChatRequest) =>
  [i.question, ...i.conversationHistory.map((h) => h.text), i.validationData.idea, i.validationData.problemSolved].join(' ');

/** The regeneration request of a chat reply: which sentences stated numbers that are not the month's. */
function chatRepair(answer: string, stray: string[]) {
  return {
    answer,
    request: `These sentences state numbers that are not this month's (monthData: users, newUsers, churnedUsers, previousUsers, nextMonthUsers): ${stray.map((x) => `"${x.slice(0, 140)}"`).join(' ')}. Answer again using only those numbers.`,
  };
}

export function simulationService(ai: Ai, logger?: Logger) {
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

    /**
     * Six months: the numbers from the launch model (code), the words from the AI. A model's month
     * may mention only that month's numbers: months that mention others are regenerated once, and
     * any still wrong get the offline narration for that month.
     */
    async generateSimulation(input: GenerateSimulationRequest, opts?: CallOptions): Promise<GenerateSimulationResponse> {
      const model = runSimulationModel({ validation: input.validationData, insights: input.customerInsights });
      const sheet = buildSimulationSheet(model, input.validationData);
      const taskInput = {
        validationData: input.validationData,
        customerInsights: input.customerInsights,
        landingPageContent: input.landingPageContent ?? null,
        numbers: model.months,
      };
      // The founder's words only: the personas' replies are a model's text too.
      const founderText = [input.validationData.idea, input.validationData.targetCustomer, input.validationData.problemSolved].join(' ');
      const r = await ai.json(generateSimulationTask, taskInput, opts);
      if (r.value.length !== model.months.length) throw new AiError('The simulation does not have six months', 'malformed');
      let months = r.value;
      let problems = checkMonthTexts(months, sheet, founderText);
      if (problems.length && r.provider !== 'offline') {
        logger?.info({ months: [...new Set(problems.map((p) => p.month))] }, 'simulation months mention numbers that are not theirs: one regeneration');
        try {
          const again = await ai.json(
            generateSimulationTask,
            { ...taskInput, repair: { answer: JSON.stringify({ simulation: months }), request: monthRepairRequest(problems) } },
            opts,
          );
          if (again.value.length === months.length) {
            months = months.map((m, k) => (problems.some((p) => p.month === k + 1) ? again.value[k] : m));
            problems = checkMonthTexts(months, sheet, founderText);
          }
        } catch (err) {
          if (err instanceof AiError && err.kind === 'aborted') throw err;
          logger?.warn({ err: (err as Error).message }, 'simulation regeneration failed; wrong months get the offline narration');
        }
      }
      if (problems.length) {
        const wrong = new Set(problems.map((p) => p.month));
        const narrated = offlineSimulation(taskInput);
        months = months.map((m, k) => (wrong.has(k + 1) ? narrated[k] : m));
        logger?.warn({ months: [...wrong] }, 'simulation months replaced by the offline narration: their numbers were not the model’s');
      }
      const next = (k: number) => (model.months[k + 1] ?? model.projection).users;
      const simulation = months.map((m, k) => ({
        ...m,
        month: k + 1,
        users: model.months[k].users,
        nextMonthUsers: next(k),
        newUsers: model.months[k].newUsers,
        churnedUsers: model.months[k].churnedUsers,
        previousUsers: k ? model.months[k - 1].users : 0,
      }));
      return { simulation, assumptions: model.assumptions, provider: r.provider, factSheet: sheet };
    },

    async challengeFeedback(input: ChallengeFeedbackRequest, opts?: CallOptions): Promise<ChallengeFeedbackResponse> {
      const month = chatMonth(input.simulationData, input.month);
      const words = [input.challenge, input.response, input.validationData.idea, input.validationData.problemSolved].join(' ');
      let r = await text(challengeFeedbackTask, input, [], opts);
      if (month && r.provider !== 'offline' && strayChatNumbers(r.value, month, words).length) {
        const again = await text(challengeFeedbackTask, { ...input, repair: chatRepair(r.value, strayChatNumbers(r.value, month, words)) }, [], opts).catch(
          () => null,
        );
        r = again && !strayChatNumbers(again.value, month, words).length ? again : { value: offlineChallengeFeedback(input), provider: r.provider };
      }
      return { feedback: r.value, provider: r.provider };
    },

    async valChat(input: ValChatRequest, opts?: CallOptions): Promise<ValChatResponse> {
      const month = chatMonth(input.simulationData, input.month);
      const words = chatWords(input);
      let r = await text(valChatTask, input, [], opts);
      if (month && r.provider !== 'offline' && strayChatNumbers(r.value, month, words).length) {
        logger?.info({ month: input.month }, "Val's reply states numbers that are not the month's: one regeneration");
        const again = await text(valChatTask, { ...input, repair: chatRepair(r.value, strayChatNumbers(r.value, month, words)) }, [], opts).catch(() => null);
        r = again && !strayChatNumbers(again.value, month, words).length ? again : { value: offlineValChat(input), provider: r.provider };
      }
      return { response: r.value, provider: r.provider };
    },
    /** Streamed: what was sent cannot be taken back, so the done event carries the reply without the sentences whose numbers are not the month's. */
    valChatStream(input: ValChatRequest, opts?: CallOptions): ReplyStream {
      const s = stream(valChatTask, input, [], opts);
      const month = chatMonth(input.simulationData, input.month);
      return {
        ...s,
        finish(full) {
          const reply = s.finish(full);
          const stray = month ? strayChatNumbers(reply, month, chatWords(input)) : [];
          if (!stray.length) return reply;
          const kept = stray
            .reduce((t, sentence) => t.replace(sentence, ''), reply)
            .replace(/\s{2,}/g, ' ')
            .trim();
          logger?.warn({ month: input.month, removed: stray.length }, "numbers that are not the month's removed from Val's reply");
          return kept.replace(/[^a-z]/gi, '').length > 40 ? `${kept}\n\n${removedNote(stray.length)}` : offlineValChat(input);
        },
      };
    },
  };
}
export type SimulationService = ReturnType<typeof simulationService>;
