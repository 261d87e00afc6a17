import { skippedWithoutMysql, testDbs } from '../db';
import { spawnServer, type SpawnedServer } from './spawnServer';

/**
 * Many BFF processes, one truth: two real servers (the built bff) on one MySQL database, requests
 * alternating between them. The per-IP validation limit (10 a minute) allows 10 in total, not 10
 * per process, and the admin login throttle holds across both.
 */

const mysql = testDbs.find((d) => d.label === 'mysql');

(mysql ? describe : describe.skip)(`two BFF processes on one MySQL${skippedWithoutMysql}`, () => {
  it('share the validation limit and the admin login throttle', async () => {
    const created = await mysql!.create();
    const servers: SpawnedServer[] = [];
    try {
      const env = {
        DATABASE_URL: created.url!,
        TRUST_PROXY: '1',
        ADMIN_PASSWORD: 'two process password',
        VALIDATE_RATE_LIMIT_PER_MINUTE: '10',
        ADMIN_LOGIN_MAX_FAILURES: '10',
        REPORT_WORKER: 'off',
      };
      // One after the other: the first runs the migrations.
      servers.push(await spawnServer(env));
      servers.push(await spawnServer(env));
      const [a, b] = servers;
      const pick = (i: number) => (i % 2 === 0 ? a : b);

      const validations: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await fetch(`${pick(i).url}/api/validate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.80' },
          body: JSON.stringify({ idea: `Shared limit idea ${i}: meal plans for shift workers`, targetCustomer: 'Nurses', problemSolved: 'No time to cook' }),
        });
        validations.push(r.status);
        await r.text();
      }
      expect(validations).toEqual([...Array(10).fill(200), 429, 429]);

      const logins: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await fetch(`${pick(i).url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.81' },
          body: JSON.stringify({ password: `wrong ${i}` }),
        });
        logins.push(r.status);
        await r.text();
      }
      expect(logins).toEqual([...Array(10).fill(401), 429, 429]);
      // The right password from that address is refused too, on either process; another address logs in.
      for (const s of servers) {
        const r = await fetch(`${s.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.81' },
          body: JSON.stringify({ password: 'two process password' }),
        });
        expect(r.status).toBe(429);
      }
      const other = await fetch(`${b.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.81' },
        body: JSON.stringify({ password: 'two process password' }),
      });
      expect(other.status).toBe(200);
    } finally {
      for (const s of servers) {
        s.kill('SIGTERM');
        await Promise.race([s.exited, new Promise((r) => setTimeout(r, 5000))]);
        s.kill('SIGKILL');
      }
      await created.drop();
    }
  }, 90_000);
});
