/** A node of a report's agent graph: an id and the ids it depends on. */
export interface DagNode {
  id: string;
  dependsOn: ReadonlyArray<string>;
}

/** A graph that cannot run: an unknown dependency or a cycle. */
export class DagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DagError';
  }
}

/**
 * Checks a graph and returns its levels: level 0 has no dependencies, level n depends only on
 * earlier levels. The number of levels is the critical path (the wall time in agent calls when
 * every independent agent runs in parallel). Throws DagError on unknown ids, duplicates or cycles.
 */
export function dagLevels<N extends DagNode>(nodes: ReadonlyArray<N>): N[][] {
  const byId = new Map<string, N>();
  for (const n of nodes) {
    if (byId.has(n.id)) throw new DagError(`duplicate node "${n.id}"`);
    byId.set(n.id, n);
  }
  for (const n of nodes) {
    for (const d of n.dependsOn) {
      if (!byId.has(d)) throw new DagError(`"${n.id}" depends on unknown "${d}"`);
      if (d === n.id) throw new DagError(`"${n.id}" depends on itself`);
    }
  }
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const depth = (n: N): number => {
    const known = level.get(n.id);
    if (known !== undefined) return known;
    if (visiting.has(n.id)) throw new DagError(`cycle through "${n.id}"`);
    visiting.add(n.id);
    const l = n.dependsOn.length ? 1 + Math.max(...n.dependsOn.map((d) => depth(byId.get(d) as N))) : 0;
    visiting.delete(n.id);
    level.set(n.id, l);
    return l;
  };
  const levels: N[][] = [];
  for (const n of nodes) {
    const l = depth(n);
    (levels[l] ??= []).push(n);
  }
  return levels;
}

export interface RunDagOptions {
  /** Ids already done (e.g. steps persisted before a crash): they are not run again. */
  done?: Iterable<string>;
  /** Most nodes running at once (default: unlimited). */
  concurrency?: number;
}

/**
 * Runs every node not yet done, each as soon as all of its dependencies are done, so independent
 * nodes run in parallel. On the first failure no new node starts; the running ones settle and
 * the first error is thrown.
 */
export async function runDag<N extends DagNode>(nodes: ReadonlyArray<N>, run: (node: N) => Promise<void>, opts: RunDagOptions = {}): Promise<void> {
  dagLevels(nodes);
  const done = new Set(opts.done ?? []);
  const limit = Math.max(1, opts.concurrency ?? Number.POSITIVE_INFINITY);
  const pending = nodes.filter((n) => !done.has(n.id));
  const running = new Map<string, Promise<void>>();
  let failure: { error: unknown } | null = null;

  while (pending.length || running.size) {
    if (!failure) {
      for (let i = 0; i < pending.length && running.size < limit;) {
        const n = pending[i];
        if (n.dependsOn.every((d) => done.has(d))) {
          pending.splice(i, 1);
          const p = (async () => run(n))().then(
            () => {
              done.add(n.id);
            },
            (error: unknown) => {
              failure ??= { error };
            },
          );
          running.set(
            n.id,
            p.finally(() => running.delete(n.id)),
          );
        } else {
          i += 1;
        }
      }
    }
    if (!running.size) {
      if (failure) break;
      if (pending.length) throw new DagError(`nothing can run: ${pending.map((n) => n.id).join(', ')} wait on unfinished nodes`);
      break;
    }
    await Promise.race(running.values());
  }
  if (failure) throw (failure as { error: unknown }).error;
}
