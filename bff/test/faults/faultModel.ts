import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the fake model misbehaves. */
export type Fault =
  | { kind: 'hang' }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'wrong-shape' }
  | { kind: 'empty' }
  | { kind: 'not-json-content' }
  | { kind: 'cut'; after: number }
  | { kind: 'stall'; after: number };

export interface FaultModel {
  /** Base URL for OPENAI_BASE_URL. */
  baseURL: string;
  /** Applies to every following request. */
  set(fault: Fault): void;
  /** Requests seen (method, path, whether they asked to stream, their max_tokens). */
  requests: Array<{ stream: boolean; maxTokens: number | undefined }>;
  /** Model requests the app started and has not given up on yet. */
  readonly inFlight: number;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions endpoint that fails on purpose: hangs, error statuses,
 * a body that is not JSON, JSON of the wrong shape, empty or non-JSON content, and streams that
 * are cut or stall after a few chunks. Counts the requests the app leaves open.
 */
export async function startFaultModel(): Promise<FaultModel> {
  let fault: Fault = { kind: 'hang' };
  const requests: FaultModel['requests'] = [];
  const open = new Set<http.ServerResponse>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      let body: { stream?: boolean; max_tokens?: number; model?: string } = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        /* keep {} */
      }
      requests.push({ stream: !!body.stream, maxTokens: body.max_tokens });
      open.add(res);
      res.on('close', () => open.delete(res));
      const f = fault;
      const id = `chatcmpl-fault-${requests.length}`;
      const completion = (content: string) => ({
        id,
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      });
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      switch (f.kind) {
        case 'hang':
          return;
        case 'status':
          res.writeHead(f.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `fault ${f.status}`, type: 'server_error' } }));
          return;
        case 'garbage':
          res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
          res.end(body.stream ? 'data: {"choices": [ {"delta": \n\n' : '{"id": "x", "choices": [ {"message": ');
          return;
        case 'wrong-shape':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: true, result: 'not a chat completion' }));
          return;
        case 'empty':
        case 'not-json-content': {
          const content = f.kind === 'empty' ? '' : 'Sure! Here are your personas: {"customers": [ {"name": "Ana", ';
          if (body.stream) {
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.end(`${chunk(content)}data: [DONE]\n\n`);
          } else {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(completion(content)));
          }
          return;
        }
        case 'cut':
        case 'stall': {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          for (let i = 0; i < f.after; i++) res.write(chunk(`part ${i} `));
          if (f.kind === 'cut') setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    set(f) {
      fault = f;
    },
    get inFlight() {
      return open.size;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
