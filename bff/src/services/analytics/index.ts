import { createHmac } from 'node:crypto';
import type { LinkType, TrackClickRequest, TrackProductClickRequest } from '@val/contracts';
import type { Config } from '../../config/env';
import type { Logger } from '../../logger';
import type { Metrics } from '../../metrics';
import type { Repositories } from '../../repositories';
import { AppError } from '../../errors';
import { ErrorCode } from '@val/contracts';
import { BatchWriter } from './batchWriter';
import { fileSpillStore } from './spill';

/** A click as buffered by the writer (plain JSON, so it can be spilled to disk). */
export type AnalyticsEvent =
  | { kind: 'link'; company: string; linkType: LinkType; url: string; at: number }
  | { kind: 'product'; product: string; location: string; inputs: number; emailHash: string | null; at: number };

/** Accepts clicks and hands them to the batched writer. */
export interface AnalyticsService {
  /** Buffers a partner-link click; throws a 503 when the buffer is full. */
  trackLinkClick(click: TrackClickRequest, at?: Date): void;
  /** Buffers a product click (the email is kept only as a keyed hash); 503 when full. */
  trackProductClick(click: TrackProductClickRequest, at?: Date): void;
  readonly writer: BatchWriter<AnalyticsEvent>;
  /** Writes the clicks a previous run spilled to disk (a server or test app calls it once, at start). */
  start(): void;
}

/** HMAC-SHA256 (hex) of the trimmed, lower-cased email under the configured key. */
export function hashEmail(key: string, email: string): string {
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}

/** Thrown when the writer cannot take more clicks: the caller should retry later. */
export class AnalyticsBusyError extends AppError {
  constructor() {
    super(503, ErrorCode.Unavailable, 'Click tracking is busy right now. Please try again shortly.', { 'Retry-After': '5' });
  }
}

/** Batch ids are kept a day; a retry comes within seconds or minutes of the first attempt. */
const BATCH_ID_KEEP_MS = 86_400_000;
const BATCH_ID_PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Builds the service and its writer (`deps.services.analytics`, built once in `createServices`);
 * the writer is flushed (and closed) at shutdown. No I/O until `start()` or the first click.
 */
export function createAnalyticsService({
  config,
  logger,
  repos,
  lifecycle,
  metrics,
}: {
  config: Config;
  logger: Logger;
  repos: Pick<Repositories, 'analytics'>;
  /** The writer is flushed and closed by a shutdown hook. */
  lifecycle: { onShutdown(fn: () => Promise<void> | void): void };
  metrics: Pick<Metrics, 'clickFlushFailures'>;
}): AnalyticsService {
  let lastPrune = Date.now();
  const writer = new BatchWriter<AnalyticsEvent>({
    write: async (rows, batchId) => {
      const stored = await repos.analytics
        .recordBatch({
          batchId,
          links: rows.flatMap((r) => (r.kind === 'link' ? [{ company: r.company, linkType: r.linkType, url: r.url, clickedAt: new Date(r.at) }] : [])),
          products: rows.flatMap((r) =>
            r.kind === 'product' ? [{ product: r.product, location: r.location, inputs: r.inputs, emailHash: r.emailHash, clickedAt: new Date(r.at) }] : [],
          ),
        })
        .catch((err: unknown) => {
          metrics.clickFlushFailures.inc();
          throw err;
        });
      if (!stored) logger.warn({ rows: rows.length }, 'analytics: a retried click batch was already stored (its commit answer was lost); not counted twice');
      if (Date.now() - lastPrune > BATCH_ID_PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        // In the background: the batch is stored; pruning must not hold up (or time out) the write.
        void repos.analytics
          .pruneBatches(new Date(Date.now() - BATCH_ID_KEEP_MS))
          .catch((err) => logger.warn({ err }, 'analytics: could not prune old batch ids'));
      }
    },
    // A batch is a few hundred rows: seconds at worst. Past this, retry (the batch id keeps it single).
    writeTimeoutMs: 10_000,
    flushMs: config.ANALYTICS_FLUSH_MS,
    maxBatch: config.ANALYTICS_FLUSH_ROWS,
    maxBuffer: config.ANALYTICS_MAX_BUFFER,
    closeTimeoutMs: Math.max(1000, Math.floor(config.SHUTDOWN_TIMEOUT_MS / 2)),
    spill: fileSpillStore<AnalyticsEvent>(config.dataDir),
    logger,
  });
  lifecycle.onShutdown(() => writer.close());

  const accept = (e: AnalyticsEvent) => {
    if (!writer.enqueue(e)) throw new AnalyticsBusyError();
  };
  return {
    writer,
    start() {
      writer.restore().catch((err) => logger.error({ err }, 'analytics: could not restore spilled click events'));
    },
    trackLinkClick(c, at) {
      accept({ kind: 'link', company: c.company, linkType: c.linkType, url: c.url, at: at ? at.getTime() : Date.now() });
    },
    trackProductClick(c, at = new Date()) {
      accept({
        kind: 'product',
        product: c.product,
        location: c.location,
        inputs: c.inputs,
        emailHash: c.email ? hashEmail(config.ANALYTICS_HASH_KEY, c.email) : null,
        at: at.getTime(),
      });
    },
  };
}
