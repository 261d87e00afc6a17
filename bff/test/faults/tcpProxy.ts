import net from 'node:net';

/** How a cut looks to the client. */
export type CutMode =
  /** The database host is down: open connections are reset, new ones refused. */
  | 'refuse'
  /** A network partition: open connections go silent, new ones are accepted and never answered. */
  | 'blackhole';

/** A TCP proxy of our own between a client (the BFF) and a server (MySQL) that can be cut. */
export interface TcpProxy {
  port: number;
  /** Connections proxied so far. */
  readonly connections: number;
  cut(mode?: CutMode): Promise<void>;
  restore(): Promise<void>;
  /**
   * The next client packet containing `marker` (e.g. `COMMIT`) reaches the server, but the
   * server's answer never reaches the client: the connection is reset when the answer arrives.
   * Resolves when that has happened: the server did the work, the client never heard.
   */
  loseAnswerTo(marker: string): Promise<void>;
  /**
   * Every byte both ways waits `ms` before it is passed on (0: at once again), as a slow or
   * distant database would answer: nothing is lost or reordered, everything takes longer.
   */
  slow(ms: number): void;
  /** From now on, counts the client packets (e.g. queries) that contain `marker`; read the count with the returned function. */
  count(marker: string): () => number;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port and pipes every connection to `target`. `cut('refuse')`
 * resets every open connection and stops listening; `cut('blackhole')` keeps the sockets but
 * drops every byte both ways (and swallows new connections). `restore()` forwards again.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  let state: 'open' | CutMode = 'open';
  let count = 0;
  let lose: { marker: Buffer; done: () => void } | null = null;
  let delayMs = 0;
  const counters: Array<{ marker: Buffer; n: number }> = [];
  /** Passes `d` on now, or after the configured delay (timers of one delay fire in order). */
  const pass = (write: () => void) => (delayMs > 0 ? setTimeout(write, delayMs) : write());

  const onConnection = (client: net.Socket) => {
    if (state === 'blackhole') {
      held.add(client);
      client.on('error', () => undefined);
      client.on('close', () => held.delete(client));
      client.resume();
      return;
    }
    count += 1;
    const upstream = net.connect(target);
    const pair = { client, upstream, dropAnswer: null as (() => void) | null };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.on('data', (d) => {
      if (state !== 'open') return;
      if (lose && d.includes(lose.marker)) {
        pair.dropAnswer = lose.done;
        lose = null;
      }
      for (const c of counters) if (d.includes(c.marker)) c.n += 1;
      pass(() => {
        if (state === 'open' && !upstream.destroyed) upstream.write(d);
      });
    });
    upstream.on('data', (d) => {
      if (state !== 'open') return;
      if (pair.dropAnswer) {
        const done = pair.dropAnswer;
        pair.dropAnswer = null;
        client.resetAndDestroy();
        upstream.destroy();
        done();
        return;
      }
      pass(() => {
        if (state === 'open' && !client.destroyed) client.write(d);
      });
    });
  };

  let server = net.createServer(onConnection);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get connections() {
      return count;
    },
    async cut(mode = 'refuse') {
      state = mode;
      if (mode === 'refuse') {
        // close() waits for open connections: reset them first.
        const closed = new Promise<void>((r) => server.close(() => r()));
        for (const { client, upstream } of pairs) {
          client.resetAndDestroy();
          upstream.destroy();
        }
        pairs.clear();
        await closed;
      }
    },
    slow(ms) {
      delayMs = ms;
    },
    count(marker) {
      const c = { marker: Buffer.from(marker), n: 0 };
      counters.push(c);
      return () => c.n;
    },
    loseAnswerTo(marker) {
      return new Promise<void>((done) => {
        lose = { marker: Buffer.from(marker), done };
      });
    },
    async restore() {
      const was = state;
      state = 'open';
      for (const s of held) s.destroy();
      held.clear();
      if (was === 'blackhole') {
        // Connections that went silent are dead to MySQL's protocol: reset them like a recovered link would.
        for (const { client, upstream } of pairs) {
          client.resetAndDestroy();
          upstream.destroy();
        }
        pairs.clear();
      }
      if (!server.listening) {
        server = net.createServer(onConnection);
        await new Promise<void>((r, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => r());
        });
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const s of held) s.destroy();
      held.clear();
      pairs.clear();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
