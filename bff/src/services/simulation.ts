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
  CustomerPersona,
  SimulationMonth,
  ValidationData,
} from '@val/contracts';
import type { Ai } from '../ai/service';
import { cleanReply } from '../ai/parse/simulation';
import { challengeFeedbackTask, customerInterviewTask, generateCustomersTask, generateSimulationTask, valChatTask } from '../ai/tasks/simulation';
import { AiError, type AiTextTask, type CallOptions } from '../ai/types';
import { offlineChallengeFeedback, offlineInterviewReply, offlinePersonas, offlineSimulation, offlineValChat } from '@val/offline-analyst';
import { buildSimulationSheet, checkMonthTexts, strayChatNumbers, type ChatMonth, type MonthNumberProblem } from '../analysis/simulationSheet';
import { removedNote } from '../analysis/check';
import { checkStepThreeText, hasSubstance, monthClaimProblems, personaProblem, stepThreeContext, type StepThreeContext } from '../analysis/stepThreeCheck';
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

/** Val's chat under the step-3 check: the founder's words are the idea, their question and their earlier messages. */
const chatContext = (i: ValChatRequest) =>
  stepThreeContext('val', i.validationData, [i.question, ...i.conversationHistory.filter((h) => h.isUser).map((h) => h.text)]);

const chatWords = (i: ValChatRequest) =>
  [i.question, ...i.conversationHistory.map((h) => h.text), i.validationData.idea, i.validationData.problemSolved].join(' ');

/** The regeneration request of a chat reply: which sentences stated numbers that are not the month's. */
function chatRepair(answer: string, stray: string[]) {
  return {
    answer,
    request: `These sentences state numbers that are not this month's (monthData: users, newUsers, churnedUsers, previousUsers, nextMonthUsers): ${stray.map((x) => `"${x.slice(0, 140)}"`).join(' ')}. Answer again using only those numbers.`,
  };
}

/**
 * A step-3 text under its check (issue 37): its failing sentences removed; Val's reply says how
 * many went, a persona just speaks on; a text left with nothing to say is `fallback()`.
 */
function checked(text: string, ctx: StepThreeContext, fallback: () => string, logger?: Logger, what = 'reply'): string {
  const r = checkStepThreeText(text, ctx);
  if (!r.removed.length) return text;
  logger?.warn({ removed: r.removed.map((x) => x.reason) }, `claims no step-3 fact gives removed from a ${what}`);
  // A persona's short answer ("I would pay €8 a month.") stands; Val's note alone would be hollow.
  if (ctx.speaker === 'val' ? !hasSubstance(r.text) : !/\p{L}/u.test(r.text)) return fallback();
  return ctx.speaker === 'val' ? `${r.text}\n\n${removedNote(r.removed.length)}` : r.text;
}

/** A persona's own words: the founder's idea, target and problem, and what the founder asked. */
const personaContext = (i: CustomerInterviewRequest) =>
  stepThreeContext('persona', i.validationData, [i.userQuestion, ...i.conversationHistory.filter((m) => m.isUser).map((m) => m.text)]);

/** A persona that may stand (an invented person of the target customer, its background checked), or null. */
function acceptPersona(p: CustomerPersona, v: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>): CustomerPersona | null {
  if (personaProblem(p, v.targetCustomer)) return null;
  const bg = checkStepThreeText(p.background, stepThreeContext('persona', v));
  if (bg.removed.length && !/\p{L}/u.test(bg.text)) return null;
  return bg.removed.length ? { ...p, background: bg.text } : p;
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
      if (r.provider === 'offline') return { customers: r.value, provider: r.provider };
      // A public figure, a real company's executive or someone who is not the target customer: one more round, then the offline analyst's persona.
      let customers = r.value.map((p) => acceptPersona(p, input));
      if (customers.some((p) => !p)) {
        logger?.info({ personas: r.value.filter((_, k) => !customers[k]).map((p) => p.name) }, 'personas are not invented customers: one regeneration');
        const again = await ai.json(generateCustomersTask, input, opts).catch((err: unknown) => {
          if (err instanceof AiError && err.kind === 'aborted') throw err;
          return null;
        });
        customers = customers.map((p, k) => p ?? (again?.value[k] ? acceptPersona(again.value[k], input) : null));
      }
      const offline = offlinePersonas(input);
      const names = new Set(customers.filter(Boolean).map((p) => p!.name));
      const ids = new Set(customers.filter(Boolean).map((p) => p!.id));
      const out = customers.map((p, k) => {
        if (p) return p;
        const o = offline.find((x) => !names.has(x.name) && !ids.has(x.id)) ?? offline[k];
        names.add(o.name);
        ids.add(o.id);
        return o;
      });
      if (customers.some((p) => !p)) logger?.warn({ replaced: customers.filter((p) => !p).length }, 'personas replaced by the offline analyst’s');
      return { customers: out, provider: r.provider };
    },

    async interview(input: CustomerInterviewRequest, opts?: CallOptions): Promise<CustomerInterviewResponse> {
      const r = await text(customerInterviewTask, input, personaNames(input), opts);
      const response =
        r.provider === 'offline' ? r.value : checked(r.value, personaContext(input), () => offlineInterviewReply(input), logger, 'persona reply');
      return { response, provider: r.provider };
    },
    /** Streamed: the done event carries the reply without the sentences the check removed. */
    interviewStream(input: CustomerInterviewRequest, opts?: CallOptions): ReplyStream {
      const s = stream(customerInterviewTask, input, personaNames(input), opts);
      return {
        ...s,
        finish: (full) => {
          const reply = s.finish(full);
          return s.provider === 'offline' ? reply : checked(reply, personaContext(input), () => offlineInterviewReply(input), logger, 'persona reply');
        },
      };
    },

    /**
     * Six months: the numbers from the launch model (code), the words from the AI. A model's month
     * may mention only that month's numbers: months that mention others are regenerated once, and
     * any still wrong get the offline narration for that month.
     */
    async generateSimulation(input: GenerateSimulationRequest, opts?: CallOptions): Promise<GenerateSimulationResponse> {
      const model = runSimulationModel({ validation: input.validationData, insights: input.customerInsights });
      const sheet = buildSimulationSheet(model, input.validationData);
      // The months are written from checked replies only: a claim the interview check removes is never quoted back.
      const personaCtx = stepThreeContext('persona', input.validationData);
      const customerInsights = input.customerInsights.map((c) => ({
        ...c,
        responses: c.responses.map((x) => checkStepThreeText(x, personaCtx).text).filter((x) => x.trim()),
      }));
      const monthCtx = stepThreeContext('val', input.validationData, [input.landingPageContent ?? '']);
      const monthProblems = (ms: ReadonlyArray<SimulationMonth>) => [...checkMonthTexts(ms, sheet, founderText), ...monthClaimProblems(ms, monthCtx)];
      const taskInput = {
        validationData: input.validationData,
        customerInsights,
        landingPageContent: input.landingPageContent ?? null,
        numbers: model.months,
      };
      // The founder's words only: the personas' replies are a model's text too.
      const founderText = [input.validationData.idea, input.validationData.targetCustomer, input.validationData.problemSolved].join(' ');
      const r = await ai.json(generateSimulationTask, taskInput, opts);
      if (r.value.length !== model.months.length) throw new AiError('The simulation does not have six months', 'malformed');
      let months = r.value;
      let problems = monthProblems(months);
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
            problems = monthProblems(months);
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
      const ctx = stepThreeContext('val', input.validationData, [input.challenge, input.response]);
      const feedback = r.provider === 'offline' ? r.value : checked(r.value, ctx, () => offlineChallengeFeedback(input), logger, 'challenge feedback');
      return { feedback, provider: r.provider };
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
      const response = r.provider === 'offline' ? r.value : checked(r.value, chatContext(input), () => offlineValChat(input), logger, 'Val chat reply');
      return { response, provider: r.provider };
    },
    /** Streamed: what was sent cannot be taken back, so the done event carries the reply without the sentences whose numbers are not the month's. */
    valChatStream(input: ValChatRequest, opts?: CallOptions): ReplyStream {
      const s = stream(valChatTask, input, [], opts);
      const month = chatMonth(input.simulationData, input.month);
      return {
        ...s,
        finish(full) {
          const reply = s.finish(full);
          if (s.provider === 'offline') return reply;
          const stray = month ? strayChatNumbers(reply, month, chatWords(input)) : [];
          const claims = checkStepThreeText(reply, chatContext(input));
          if (!stray.length && !claims.removed.length) return reply;
          // Both checks' sentences go, each counted once; the paragraphs and list items keep their lines.
          const gone = new Set([...stray.map((x) => x.trim()), ...claims.removed.map((x) => x.sentence)]);
          const kept = stray
            .reduce((t, sentence) => t.replace(sentence, ''), claims.text)
            .replace(/[ \t]{2,}/g, ' ')
            .replace(/\n{3,}/g, '\n\n')
            .trim();
          logger?.warn({ month: input.month, removed: gone.size }, "sentences that are not the month's removed from Val's reply");
          return hasSubstance(kept) ? `${kept}\n\n${removedNote(gone.size)}` : offlineValChat(input);
        },
      };
    },
  };
}
export type SimulationService = ReturnType<typeof simulationService>;
