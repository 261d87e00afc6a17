import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the loopback server does with one request. */
export type ChatReply =
  | { type: 'text'; content: string }
  | { type: 'stream'; chunks: string[]; delayMs?: number; cutAfter?: number }
  | { type: 'error'; status: number; message?: string }
  | { type: 'hang' };

export interface ChatRequestRecord {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    stream?: boolean;
    max_tokens?: number;
    response_format?: { type: string };
  };
}

export interface ChatServer {
  /** Base URL to give the SDK (…/v1). */
  baseURL: string;
  requests: ChatRequestRecord[];
  /** Sets how the next requests are answered (a function sees each request). */
  reply(r: ChatReply | ((req: ChatRequestRecord, n: number) => ChatReply)): void;
  close(): Promise<void>;
}

/**
 * A loopback server speaking the OpenAI chat-completions protocol (JSON and SSE streaming,
 * error bodies, hangs), to test the openai provider end to end without a network.
 */
export async function startChatServer(): Promise<ChatServer> {
  let decide: (req: ChatRequestRecord, n: number) => ChatReply = () => ({ type: 'text', content: 'ok' });
  const requests: ChatRequestRecord[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const rec: ChatRequestRecord = { path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') };
      requests.push(rec);
      const r = decide(rec, requests.length);
      const id = `chatcmpl-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      if (r.type === 'hang') return; // never answers
      if (r.type === 'error') {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: r.message ?? `error ${r.status}`, type: 'server_error' } }));
        return;
      }
      if (r.type === 'text') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: rec.body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: r.content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: rec.body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      // A caller that hangs up (an aborted model call, close()) ends the stream at once: no timer
      // of a slow stream outlives the connection it was writing to.
      let gone = false;
      let wake = () => {};
      res.on('close', () => {
        gone = true;
        wake();
      });
      for (let i = 0; i < r.chunks.length; i++) {
        if (r.cutAfter !== undefined && i >= r.cutAfter) {
          res.socket?.destroy();
          return;
        }
        if (r.delayMs) {
          await new Promise<void>((s) => {
            const t = setTimeout(s, r.delayMs);
            wake = () => (clearTimeout(t), s());
          });
        }
        if (gone) return;
        res.write(chunk({ content: r.chunks[i] }));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(r) {
      decide = typeof r === 'function' ? r : () => r;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
