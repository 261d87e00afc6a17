type Handler = (signal: NodeJS.Signals) => void;

const handlers: Handler[] = [];
let installed = false;
const cleanups = new Set<() => void>();

/** Work to do on any exit (restore the terminal cursor...). Returns an unregister function. */
export function onExitCleanup(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function runCleanups(): void {
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      /* best effort */
    }
  }
  cleanups.clear();
}

/**
 * Installs the CLI's SIGINT/SIGTERM handling: the newest registered handler decides (e.g. the
 * worker drains its jobs); with none, cleanups run and the process exits 130 (SIGINT) or 143.
 */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runCleanups);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      const h = handlers[handlers.length - 1];
      if (h) return h(sig);
      runCleanups();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
}

/** Takes over SIGINT/SIGTERM until the returned function is called. */
export function onInterrupt(fn: Handler): () => void {
  handlers.push(fn);
  return () => {
    const i = handlers.lastIndexOf(fn);
    if (i >= 0) handlers.splice(i, 1);
  };
}
