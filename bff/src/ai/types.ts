import type { z } from 'zod';
import type { AiProviderName, CatalogueProduct, InterviewEvidence, ProductInputs, ReportAgent, ReportFactSheet, SourceRef } from '@val/contracts';
import type { UpstreamFinding } from '@val/offline-analyst';

/** One chat message sent to a model. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Upper bound on generated tokens (capped by config). */
  maxTokens?: number;
  temperature?: number;
  /**
   * Told the estimated tokens of the call as they are spent: the prompt before the model is
   * asked, then the answer (per chunk when streamed). Per-IP token budgets hang on this.
   */
  meter?: (tokens: number) => void;
  /**
   * Called before the model is asked with the most the call can cost (its prompt plus the longest
   * answer it may get); rejects (429) when the caller's token budget cannot hold it.
   */
  reserve?: (tokens: number) => Promise<void>;
  /** Called once the call has ended (answered, failed or aborted): what was reserved and not metered goes back. */
  settle?: () => void;
}

/**
 * A task the AI layer can run: a persona or agent with its own prompt file, the data it reads,
 * and the built-in offline analyst's answer for the same data.
 *
 * The user's text is passed to the model as DATA (a JSON block in the user message), never
 * concatenated into the instructions.
 */
export interface AiTaskBase<I> {
  /** Unique id, e.g. 'validate', 'persona-reply'. */
  name: string;
  /** Prompt file under bff/prompts/ (e.g. 'val-validate.md'): the system prompt. */
  prompt: string;
  /** More prompt files under bff/prompts/, appended to the system prompt in order (shared rules). */
  promptParts?: ReadonlyArray<string>;
  /** The data the model reads (serialised as JSON in the user message). */
  data(input: I): unknown;
  /** Extra instruction appended after the data, e.g. the expected JSON shape. Static text only. */
  outputHint?: string;
  maxTokens?: number;
  temperature?: number;
  /** Earlier turns of a conversation, mapped to chat messages (after the system prompt). */
  history?(input: I): ChatMessage[];
  /** Turns after the data message (e.g. a repair round: the model's answer, then what to fix). */
  followUp?(input: I): ChatMessage[];
}

/** A task whose answer is text (markdown). */
export interface AiTextTask<I> extends AiTaskBase<I> {
  kind: 'text';
  /** The offline analyst's answer for this input (deterministic). */
  offline(input: I): string;
}

/** A task whose answer is JSON, parsed tolerantly and validated. */
export interface AiJsonTask<I, O> extends AiTaskBase<I> {
  kind: 'json';
  /** Turns whatever the model returned (already JSON-parsed) into O, repairing what it can. Throws if unusable. */
  parse(raw: unknown, input: I): O;
  /** The offline analyst's answer (already in the final shape). */
  offline(input: I): O;
  /** Optional schema, for documentation and the final check. */
  schema?: z.ZodType<O>;
}

export type AiTask<I, O = string> = AiTextTask<I> | AiJsonTask<I, O>;

/** The low-level model interface; the offline analyst does not implement it (it answers per task). */
export interface ChatModel {
  readonly name: AiProviderName;
  complete(messages: ChatMessage[], opts: CallOptions & { json?: boolean }): Promise<string>;
  stream(messages: ChatMessage[], opts: CallOptions): AsyncIterable<string>;
}

/** Result of running a task. */
export interface AiResult<T> {
  value: T;
  provider: AiProviderName;
}

/** Why an AI call failed; mapped to 502/504 by routes (and to the spec's error toasts by the UI). */
export class AiError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'rate_limited' | 'upstream' | 'malformed' | 'aborted',
  ) {
    super(message);
    this.name = 'AiError';
  }
}

/** What an upstream report agent found, handed to the agents after it (declared by the offline analyst, which reads it too). */
export type { UpstreamFinding };

/** The input of one report agent: the product, the buyer's inputs and the upstream findings. */
export interface ReportAgentInput {
  product: CatalogueProduct;
  agent: ReportAgent;
  inputs: ProductInputs;
  /** Outputs of the agents this one depends on, in catalogue order. */
  upstream: ReadonlyArray<UpstreamFinding>;
  /**
   * Step 3's synthetic interviews the order carried, given only to the agents that quote them
   * (customer- and market-facing: `citesInterviewEvidence`). Absent → the section is as before.
   */
  evidence?: InterviewEvidence;
  /** The report's fact sheet: the numbers, scores and verdict every agent writes around (built from the inputs when absent). */
  sheet?: ReportFactSheet;
  /** Search results this agent may cite as [n] (absent without a search provider). */
  sources?: ReadonlyArray<SourceRef>;
  /** A repair round: the agent's previous answer and the list of what contradicted the fact sheet. */
  repair?: { answer: string; request: string };
}
