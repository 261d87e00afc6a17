import { UnavailableError } from '../errors';

/** A bound on concurrent work with a bounded wait list. */
export interface Semaphore {
  /** Runs `fn` once a slot is free; rejects with UnavailableError (503) when the wait list is full. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * At most `max` `fn`s run at once; up to `maxWaiting` more wait in order; beyond that the call
 * is refused at once with `busyMessage`. Used around scrypt so that password checks cannot fill
 * libuv's thread pool, which file reads (static files) and DNS also need.
 */
export function semaphore(max: number, maxWaiting: number, busyMessage: string): Semaphore {
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    active -= 1;
    const nextUp = queue.shift();
    if (nextUp) {
      active += 1;
      nextUp();
    }
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(fn) {
      if (active >= max) {
        if (queue.length >= maxWaiting) throw new UnavailableError(busyMessage);
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}
