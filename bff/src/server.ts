import http from 'node:http';
import net, { type Socket } from 'node:net';
import { createApp } from './app';
import { loadConfig, type Config } from './config/env';
import { createServices, startBackgroundWork } from './createServices';
import { exitOnSignals, loadConfigOrExit, SHUTDOWN_MARGIN_MS } from './entrypoint';
import { exitOnUnsupportedNode } from './nodeVersion';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import type { AppDeps } from './deps';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  server: http.Server;
  /** Graceful stop: refuse new connections, let requests finish, flush, close the pool. */
  stop(): Promise<void>;
}

/** How long keep-alive connections that look idle stay open once a stop begins. */
const IDLE_GRACE_MS = 300;

/** Starts the HTTP server on config.PORT (0 = a free port). */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const logger = createLogger(config);
  const deps = await createServices(config, { logger, metrics: createMetrics({ defaultMetrics: true }) });
  const app = createApp(deps);
  startBackgroundWork(deps);
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10000;
  server.requestTimeout = 120000;

  const sockets = new Set<Socket>();
  const busy = new WeakMap<Socket, number>();
  server.on('connection', (s) => {
    sockets.add(s);
    busy.set(s, 0);
    s.on('close', () => sockets.delete(s));
  });
  server.on('request', (req, res) => {
    const s = req.socket;
    busy.set(s, (busy.get(s) ?? 0) + 1);
    res.on('finish', () => {
      busy.set(s, (busy.get(s) ?? 1) - 1);
      // destroySoon, not end(): a half-closed socket would still read (and run) a next request
      // whose answer could then never be written.
      if (deps.lifecycle.shuttingDown && busy.get(s) === 0) s.destroySoon();
    });
    if (deps.lifecycle.shuttingDown) res.setHeader('Connection', 'close');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ port, database: deps.db.dialect }, `Val is running on ${url}`);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    if (stopping) return stopping;
    stopping = (async () => {
      deps.lifecycle.shuttingDown = true;
      logger.info('shutting down: no new connections, draining requests');
      // Stop accepting connections (net's close: http's own close would also drop the keep-alive
      // connections that look idle at once, resetting a request the client has already sent but
      // the server has not read yet). Those get a short grace: a request arriving in it is served
      // with `Connection: close`; then the idle ones are closed.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      const closeIdle = () => {
        server.closeIdleConnections();
        for (const s of sockets) if ((busy.get(s) ?? 0) === 0) s.destroySoon();
      };
      const grace = setTimeout(closeIdle, IDLE_GRACE_MS);
      const timer = setTimeout(() => {
        logger.warn('shutdown timeout: closing remaining connections');
        for (const s of sockets) s.destroy();
      }, config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(grace);
      clearTimeout(timer);
      await deps.lifecycle.runShutdownHooks();
      await deps.db.close();
      logger.info('stopped');
    })();
    return stopping;
  };
  return { url, port, deps, server, stop };
}

/** Entry point of `npm start`. */
async function main() {
  exitOnUnsupportedNode();
  const running = await startServer(loadConfigOrExit());
  const { config, logger } = running.deps;
  exitOnSignals(() => running.stop(), {
    onSignal: (signal) => logger.info({ signal }, 'signal received'),
    onError: (err) => logger.error({ err }, 'shutdown failed'),
    deadlineMs: config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_MARGIN_MS,
    onDeadline: () => logger.error('shutdown did not finish in time: exiting'),
  });
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
