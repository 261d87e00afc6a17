#!/usr/bin/env node
/**
 * How long a restart takes with slow clients attached. On the real, built server (SQLite, the
 * default SHUTDOWN_TIMEOUT_MS of 10 s), the time from SIGTERM to the process's exit:
 *  1. idle (the baseline of the same run);
 *  2. with 30 slow uploads attached (each declares 10,000 bytes and sends one every 200 ms);
 *  3. with one validation stream open (a loopback model server writing one word a second).
 * Target: ≤ 3 s with slow clients (the attack run saw 11.2 s: the whole timeout). Also checks
 * what the clients got: a 503 per upload, a final `error` event on the stream.
 *   node bench/shutdown/run.js        (build first: node scripts/ensure-built.js)
 * Prints the figures and a JSON line `BENCH {...}` for `npm run bench`.
 */
const http = require('node:http');
const net = require('node:net');
const { performance } = require('node:perf_hooks');
const { startServer } = require('../lib/server');

const UPLOADS = 30;
const TARGET_MS = 3000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (n) => `${Math.round(n)} ms`;

/** A loopback OpenAI-compatible server whose streamed answers write one word a second. */
async function slowModel() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 120 && !res.destroyed; i++) {
        const chunk = {
          id: 'c',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'm',
          choices: [{ index: 0, delta: { content: `word${i} ` }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        await sleep(1000);
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/** SIGTERM, then the time until the process has exited. */
async function timeStop(server) {
  const exited = new Promise((r) => server.proc.once('exit', r));
  const t0 = performance.now();
  server.proc.kill('SIGTERM');
  await exited;
  const took = performance.now() - t0;
  await server.stop();
  return took;
}

function slowUpload(port) {
  const sock = net.connect(port, '127.0.0.1');
  let text = '';
  sock.on('data', (d) => (text += d.toString('latin1')));
  sock.on('error', () => undefined);
  sock.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"name":"');
  const drip = setInterval(() => !sock.destroyed && sock.write('a'), 200);
  return {
    status: () => (/^HTTP\/1\.1 (\d+)/.exec(text) ?? [])[1] ?? 'none',
    stop: () => {
      clearInterval(drip);
      sock.destroy();
    },
  };
}

async function main() {
  const model = await slowModel();
  const env = {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: model.url,
    AI_MAX_RETRIES: '0',
    REPORT_WORKER: 'off',
    ANALYTICS_HASH_KEY: 'bench-only-analytics-hash-key-0123456789',
  };
  try {
    const idle = await timeStop(await startServer(env));

    const a = await startServer(env);
    const uploads = Array.from({ length: UPLOADS }, () => slowUpload(a.port));
    await sleep(500);
    const withUploads = await timeStop(a);
    const statuses = uploads.map((u) => u.status());
    for (const u of uploads) u.stop();

    const b = await startServer(env);
    const res = await fetch(`${b.url}/api/validate/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idea: 'Meal kits for climbers', targetCustomer: 'Boulderers', problemSolved: 'Hungry after training' }),
    });
    let streamText = '';
    const reading = (async () => {
      const reader = res.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) streamText += new TextDecoder().decode(r.value);
    })().catch(() => undefined);
    while (!streamText.includes('event: delta')) await sleep(20);
    const withStream = await timeStop(b);
    await reading;
    const lastEvent = [...streamText.matchAll(/event: (\w+)/g)].pop()?.[1] ?? 'none';

    const count = (s) => statuses.filter((x) => x === s).length;
    console.log(`SIGTERM → exit, idle: ${ms(idle)} (baseline)`);
    console.log(
      `SIGTERM → exit, ${UPLOADS} slow uploads attached: ${ms(withUploads)}; uploads answered ${count('503')}×503, ${UPLOADS - count('503')} other (${[...new Set(statuses)].join(', ')})`,
    );
    console.log(`SIGTERM → exit, one validation stream open: ${ms(withStream)}; the stream's last event: ${lastEvent}`);
    const results = [
      {
        name: `SIGTERM to exit with ${UPLOADS} slow uploads`,
        value: ms(withUploads),
        target: `<= ${TARGET_MS} ms (idle ${ms(idle)})`,
        pass: withUploads <= TARGET_MS && count('503') === UPLOADS,
      },
      {
        name: 'SIGTERM to exit with a validation stream open',
        value: ms(withStream),
        target: `<= ${TARGET_MS} ms (idle ${ms(idle)})`,
        pass: withStream <= TARGET_MS && lastEvent === 'error',
      },
    ];
    console.log(`BENCH ${JSON.stringify({ bench: 'shutdown', results })}`);
  } finally {
    await model.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
