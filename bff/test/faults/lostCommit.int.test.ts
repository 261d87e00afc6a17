import pino from 'pino';
import { createDb } from '../../src/db/knex';
import { knexAnalyticsRepository, type LinkClickEvent } from '../../src/repositories/analytics';
import { BatchWriter } from '../../src/services/analytics/batchWriter';
import { skippedWithoutMysql, testDbs } from '../db';
import { startTcpProxy } from './tcpProxy';

/**
 * The rarest way to count a click twice: MySQL commits a batch, but the connection dies before
 * its answer reaches the BFF. The writer must retry (it cannot know), and the retry must not
 * store the batch again. A TCP proxy of our own lets the COMMIT through and drops its answer.
 */
const mysql = testDbs.find((d) => d.label === 'mysql');

(mysql ? describe : describe.skip)(`a batch whose COMMIT answer is lost (MySQL behind a TCP proxy)${skippedWithoutMysql}`, () => {
  it('is retried with its id and stored exactly once: raw events, rollups and consistency agree', async () => {
    const { db, url, drop } = await mysql!.create();
    const target = new URL(url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 3306) });
    const viaProxy = new URL(url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const app = createDb({ url: viaProxy.toString() });
    try {
      await db.migrate();
      const repo = knexAnalyticsRepository(app.knex);
      const outcomes: boolean[] = [];
      const writer = new BatchWriter<LinkClickEvent>({
        write: async (rows, batchId) => {
          outcomes.push(await repo.recordBatch({ links: rows, products: [], batchId }));
        },
        flushMs: 10_000,
        maxBatch: 100,
        maxBuffer: 1000,
        retryBaseMs: 50,
        retryMaxMs: 200,
        logger: pino({ level: 'silent' }),
      });
      const lost = proxy.loseAnswerTo('COMMIT');
      const at = new Date();
      for (let i = 0; i < 40; i++) writer.enqueue({ company: 'Stripe', linkType: i % 2 ? 'logo' : 'button', url: 'https://stripe.com', clickedAt: at });

      // First attempt: the server commits, the answer is lost, the write fails.
      await expect(writer.flush()).rejects.toThrow();
      await lost;
      expect(await db.knex('link_click_events').count({ n: '*' })).toEqual([{ n: 40 }]);
      expect(writer.pending).toBe(40);

      // The retry finds its batch id and stores nothing more.
      await writer.flush();
      expect(outcomes).toEqual([false]);
      expect(writer.pending).toBe(0);
      expect(await db.knex('link_click_events').count({ n: '*' })).toEqual([{ n: 40 }]);
      const stats = await knexAnalyticsRepository(db.knex).linkStats();
      expect(stats.map((s) => [s.linkType, s.clickCount]).sort()).toEqual([
        ['button', 20],
        ['logo', 20],
      ]);
      expect((await knexAnalyticsRepository(db.knex).checkConsistency()).differences).toEqual([]);
      await writer.close();
    } finally {
      await app.close().catch(() => undefined);
      await proxy.close();
      await drop();
    }
  }, 30_000);
});
