import http from 'node:http';
import net, { type Socket } from 'node:net';
import { ErrorCode } from '@val/contracts';
import { createApp } from './app';
import { loadConfig, type Config } from './config/env';
import { createServices, startBackgroundWork } from './createServices';
import { exitOnSignals, loadConfigOrExit, SHUTDOWN_MARGIN_MS } from './entrypoint';
import { exitOnUnsupportedNode } from './nodeVersion';
import { createLogger, type LogDestination } from './logger';
import { endStreams } from './http/sse';
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

/** How long keep-alive connections that look idle, and bodies still arriving, get once a stop begins. */
const IDLE_GRACE_MS = 300;

/** The answer to a request whose body had not arrived when the stop began. */
const RESTARTING_BODY = JSON.stringify({ error: { code: ErrorCode.Unavailable, message: 'The server is restarting. Please send this again in a moment.' } });

/**
 * The address a browser opens for a server listening on `address`:`port`: `localhost` when it
 * listens on every interface (0.0.0.0, ::), else the address itself (an IPv6 one in brackets).
 */
export function listeningUrl(address: string, port: number): string {
  const host = address === '0.0.0.0' || address === '::' || address === '' ? 'localhost' : net.isIPv6(address) ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/** Starts the HTTP server on config.PORT (0 = a free port); `log` is where its log lines go (stdout by default). */
export async function startServer(config: Config = loadConfig(), opts: { log?: LogDestination } = {}): Promise<RunningServer> {
  const logger = opts.log ? createLogger(config, opts.log) : createLogger(config);
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
  const inflight = new Set<{ req: http.IncomingMessage; res: http.ServerResponse }>();
  server.on('request', (req, res) => {
    const s = req.socket;
    const entry = { req, res };
    inflight.add(entry);
    res.on('close', () => inflight.delete(entry));
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
  const url = listeningUrl(typeof addr === 'object' && addr ? addr.address : config.HOST, port);
  logger.info({ port, database: deps.db.dialect }, `Val is running on ${url}`);
  if (!config.PUBLIC_URL) {
    logger.warn(
      "PUBLIC_URL is not set: sign-in redirects and checkout return URLs take their origin from each request's Host header, which a client can choose (fine on your own machine; production refuses to start without PUBLIC_URL)",
    );
  }

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
      // Event streams end now, each with its final event; they would otherwise hold the stop.
      const streams = endStreams(app);
      if (streams) logger.info({ streams }, 'shutting down: event streams ended');
      // A body still arriving after the grace (a slow upload) is not read on: 503, send again.
      const refuseUnreadBodies = () => {
        for (const { req, res } of inflight) {
          if (req.complete || res.headersSent) continue;
          res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5', Connection: 'close' });
          res.end(RESTARTING_BODY);
        }
      };
      const closeIdle = () => {
        server.closeIdleConnections();
        for (const s of sockets) if ((busy.get(s) ?? 0) === 0) s.destroySoon();
      };
      let bodies: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        closeIdle();
        refuseUnreadBodies();
        bodies = setInterval(refuseUnreadBodies, IDLE_GRACE_MS);
      }, IDLE_GRACE_MS);
      const timer = setTimeout(() => {
        logger.warn('shutdown timeout: closing remaining connections');
        for (const s of sockets) s.destroy();
      }, config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(grace);
      clearInterval(bodies);
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
  // One plain line for the person who ran `npm start`, beside the JSON log.
  process.stdout.write(`Val is running on ${running.url}\n`);
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
