import { AsyncLocalStorage } from 'node:async_hooks';

/** The request being served, for code that runs on its behalf (the logger adds its id to each line). */
const current = new AsyncLocalStorage<{ id: string }>();

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.id;
}

/** Runs `fn` (and everything it starts) as part of the request `id`. */
export function inRequest<T>(id: string, fn: () => T): T {
  return current.run({ id }, fn);
}

/**
 * Runs `fn` outside any request: for background work that a request only happens to start (a
 * timer that later serves many requests), so its log lines carry no request's id.
 */
export function outsideRequest<T>(fn: () => T): T {
  return current.exit(fn);
}
