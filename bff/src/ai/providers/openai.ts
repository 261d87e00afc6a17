import OpenAI from 'openai';
import { AiError, type CallOptions, type ChatMessage, type ChatModel } from '../types';

export interface OpenAiOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  maxTokensCap: number;
}

function mapError(e: unknown): AiError {
  if (e instanceof AiError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError) return new AiError('The model timed out', 'timeout');
  if (e instanceof OpenAI.APIUserAbortError) return new AiError('The call was aborted', 'aborted');
  if (e instanceof OpenAI.RateLimitError) return new AiError('The model is rate limited', 'rate_limited');
  if (e instanceof OpenAI.APIError) return new AiError(`The model answered ${e.status ?? 'with an error'}`, 'upstream');
  if ((e as Error)?.name === 'AbortError') return new AiError('The call was aborted', 'aborted');
  return new AiError('The model could not be reached', 'upstream');
}

/**
 * Any OpenAI-compatible chat-completions server through the official SDK: OpenAI, Azure,
 * OpenRouter, vLLM, Ollama, llama.cpp (`OPENAI_BASE_URL`). The SDK retries 429/5xx and
 * connection errors with exponential backoff (`maxRetries`); every call has a timeout.
 */
/** An abort signal that fires after `ms` (or when the caller's signal fires); `timedOut()` tells which. */
function deadline(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onOuter = () => controller.abort();
  outer?.addEventListener('abort', onOuter);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/**
 * Any OpenAI-compatible chat-completions server through the official SDK: OpenAI, Azure,
 * OpenRouter, vLLM, Ollama, llama.cpp (`OPENAI_BASE_URL`). The SDK retries 429/5xx and
 * connection errors with exponential backoff (`maxRetries`); each call, retries included, is
 * bounded by `timeoutMs`.
 */
export function openAiModel(o: OpenAiOptions): ChatModel {
  // The SDK's own console logging is off: every failure it logs (e.g. a stream chunk that is not
  // JSON) it also throws, and we map and log that through our logger (no raw console output, no
  // model text in the server's stderr).
  const client = new OpenAI({ apiKey: o.apiKey, baseURL: o.baseURL, timeout: o.timeoutMs, maxRetries: o.maxRetries, logLevel: 'off' });
  const cap = (n?: number) => Math.min(n ?? o.maxTokensCap, o.maxTokensCap);
  const fail = (e: unknown, d: { timedOut(): boolean }) =>
    d.timedOut() ? new AiError(`The model did not answer within ${o.timeoutMs} ms`, 'timeout') : mapError(e);
  return {
    name: 'openai',
    async complete(messages: ChatMessage[], opts: CallOptions & { json?: boolean }) {
      const d = deadline(o.timeoutMs, opts.signal);
      try {
        const r = await client.chat.completions.create(
          {
            model: o.model,
            messages,
            max_tokens: cap(opts.maxTokens),
            temperature: opts.temperature,
            ...(opts.json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { signal: d.signal },
        );
        const text = r.choices?.[0]?.message?.content;
        if (typeof text !== 'string' || !text.trim()) throw new AiError('The model returned an empty answer', 'malformed');
        return text;
      } catch (e) {
        throw fail(e, d);
      } finally {
        d.done();
      }
    },
    async *stream(messages: ChatMessage[], opts: CallOptions) {
      const d = deadline(o.timeoutMs, opts.signal);
      try {
        const stream = await client.chat.completions.create(
          { model: o.model, messages, max_tokens: cap(opts.maxTokens), temperature: opts.temperature, stream: true },
          { signal: d.signal },
        );
        for await (const chunk of stream) {
          const piece = chunk.choices?.[0]?.delta?.content;
          if (piece) yield piece;
        }
        // The SDK ends an aborted stream silently: a timeout or a cancelled call mid-way must not
        // look like a complete (truncated) answer.
        if (d.signal.aborted)
          throw d.timedOut() ? new AiError(`The model did not finish within ${o.timeoutMs} ms`, 'timeout') : new AiError('The call was aborted', 'aborted');
      } catch (e) {
        throw fail(e, d);
      } finally {
        d.done();
      }
    },
  };
}
