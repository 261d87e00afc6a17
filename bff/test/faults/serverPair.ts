import { spawnServer, type SpawnedServer } from './spawnServer';

/** Two built servers on one database (one started after the other: the first migrates), stopped together. */
export interface ServerPair {
  servers: [SpawnedServer, SpawnedServer];
  /** The i-th request's server: alternating, as a round-robin load balancer sends them. */
  pick(i: number): SpawnedServer;
  stop(): Promise<void>;
}

export async function startServerPair(env: Record<string, string>): Promise<ServerPair> {
  const a = await spawnServer(env);
  let b: SpawnedServer;
  try {
    b = await spawnServer(env);
  } catch (err) {
    a.kill('SIGKILL');
    throw err;
  }
  const servers: [SpawnedServer, SpawnedServer] = [a, b];
  return {
    servers,
    pick: (i) => servers[i % 2],
    async stop() {
      for (const s of servers) s.kill('SIGTERM');
      await Promise.all(servers.map((s) => Promise.race([s.exited, new Promise((r) => setTimeout(r, 5000))])));
      for (const s of servers) s.kill('SIGKILL');
    },
  };
}

/** A metric's value from a server's `/metrics` (summed over its labels). */
export async function metric(server: SpawnedServer, token: string, name: string): Promise<number> {
  const r = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
  const text = await r.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/** Waits (10 s at most) until every server counts `n` processes sharing the counters. */
export async function untilProcessesSeen(servers: SpawnedServer[], token: string, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const seen = await Promise.all(servers.map((s) => metric(s, token, 'val_counter_processes')));
    if (seen.every((x) => x === n)) return;
    if (Date.now() > deadline) throw new Error(`processes seen by each server: ${seen.join(', ')} (expected ${n})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
