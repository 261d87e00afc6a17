import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import zlib from 'node:zlib';
import Koa from 'koa';
import type { Context } from 'koa';
import { createLogger } from '../logger';
import { bodyParsers, limitBytes, parseJsonText } from './bodyParsers';
import { errorHandler } from './errorHandler';

/**
 * The direct JSON reader against @koa/bodyparser (`direct: false`, the general path every other
 * body still takes): for every body, the same answer, parsed body and raw text, or the same error.
 */

const LIMIT = '1kb';

/** An app answering the parsed body and raw text (or the error handler's JSON error). */
function echoApp(direct: boolean): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler({ logger: createLogger({ LOG_LEVEL: 'silent' } as Parameters<typeof createLogger>[0]) }));
  app.use(bodyParsers({ limit: LIMIT, direct }));
  app.use((ctx) => {
    const r = ctx.request as Context['request'] & { body?: unknown; rawBody?: unknown };
    ctx.body = { body: r.body === undefined ? '(none)' : r.body, raw: r.rawBody === undefined ? '(none)' : r.rawBody };
  });
  return app;
}

interface Answer {
  status: number;
  body: string;
}

describe('bodyParsers: the direct JSON reader answers as @koa/bodyparser does', () => {
  const servers: http.Server[] = [];
  let direct: number;
  let general: number;
  const listen = async (app: Koa) => {
    const server = http.createServer(app.callback());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  };
  beforeAll(async () => {
    direct = await listen(echoApp(true));
    general = await listen(echoApp(false));
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  const send = (port: number, method: string, headers: Record<string, string>, body?: Buffer | string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: '/api/probe', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const both = async (method: string, headers: Record<string, string>, body?: Buffer | string) => {
    const [a, b] = await Promise.all([send(direct, method, headers, body), send(general, method, headers, body)]);
    expect(a).toEqual(b);
    return a;
  };
  const json = (body: Buffer | string, type = 'application/json') => ({ 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });

  it.each([
    ['an object', '{"company":"bubble","linkType":"button","url":"https://bubble.io/?ref=val"}'],
    ['nested values', '{"a":{"b":[1,2,{"c":null}]},"d":true,"e":-0.5e3}'],
    ['an array', '[1,"two",{"three":3}]'],
    ['leading whitespace', ' \r\n\t{"a":1}'],
    ['escapes and non-ASCII text', '{"s":"caf\\u00e9 \\"quoted\\" ☕ 𝄞","t":"naïve"}'],
    ['a byte order mark', '\uFEFF{"a":1}'],
    ['only a byte order mark', '\uFEFF'],
    ['an empty body', ''],
    ['whitespace only', '   '],
    ['a top-level string', '"text"'],
    ['a top-level number', '42'],
    ['null', 'null'],
    ['invalid JSON', '{"name": "x",'],
    ['trailing garbage', '{"a":1} x'],
    ['a __proto__ key', '{"__proto__":{"polluted":true},"a":1}'],
    ['an escaped, nested __proto__ key', '{"a":{"list":[{"\\u005f_proto__":{"admin":true}}]}}'],
    ['__proto__ as a value', '{"a":"__proto__"}'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"x":1}}}'],
    ['a body at the limit', `{"a":"${'x'.repeat(1024 - 8)}"}`],
    ['a body over the limit', `{"a":"${'x'.repeat(2000)}"}`],
  ])('%s', async (_label, text) => {
    const a = await both('POST', json(text), text);
    expect(a.status).toBeLessThan(500);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('invalid UTF-8 bytes decode alike', async () => {
    for (const bytes of [
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d],
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d],
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d],
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x22, 0x7d, 0xf0, 0x9f, 0x98],
    ]) {
      const body = Buffer.from(bytes);
      await both('POST', json(body), body);
    }
  });

  it('other types, charsets, methods and framings go the general way, alike', async () => {
    const text = '{"a":1}';
    await both('POST', json(text, 'application/json; charset=utf-8'), text);
    await both('POST', json(text, 'application/json;charset=UTF-8'), text);
    await both('POST', json(text, 'Application/JSON'), text);
    await both('POST', json(text, 'application/vnd.api+json'), text);
    await both('POST', json(text, 'text/plain'), text);
    await both('POST', { 'content-length': String(text.length) }, text);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) await both(method, json(text), text);
    await both('POST', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, text);
    const gz = zlib.gzipSync(text);
    await both('POST', { ...json(gz), 'content-encoding': 'gzip' }, gz);
    await both('POST', { ...json(text), 'content-encoding': 'identity' }, text);
  });
});

/** A request whose body the test feeds by hand (to end it early, abort it or fail it). */
function fedContext(app: Koa, text: string, length: number) {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = 'POST';
  req.url = '/api/probe';
  req.headers = { 'content-type': 'application/json', 'content-length': String(length) };
  const ctx = app.createContext(req, new http.ServerResponse(req));
  return { ctx, req, chunk: Buffer.from(text) };
}

/** The fields of an error that the error handler (and Koa) read. */
const fields = (err: unknown) => {
  const e = err as Record<string, unknown>;
  return { message: e.message, status: e.status, statusCode: e.statusCode, expose: e.expose, type: e.type, code: e.code, body: e.body, received: e.received };
};

describe('bodyParsers: a body that does not arrive whole fails as with @koa/bodyparser', () => {
  const app = new Koa();
  const outcome = async (direct: boolean, feed: (req: http.IncomingMessage, chunk: Buffer) => void, text = '{"a":1}', length = 20) => {
    const { ctx, req, chunk } = fedContext(app, text, length);
    const next = jest.fn(async () => undefined);
    const done = bodyParsers({ limit: LIMIT, direct })(ctx, next).then(
      () => ({ ok: true as const, body: (ctx.request as { body?: unknown }).body }),
      (err: unknown) => ({ ok: false as const, err: fields(err) }),
    );
    await new Promise((r) => setImmediate(r));
    feed(req, chunk);
    const settled = await Promise.race([done, new Promise((r) => setTimeout(() => r('pending'), 200))]);
    return { settled, nextCalled: next.mock.calls.length, paused: req.isPaused() };
  };
  const alike = async (feed: (req: http.IncomingMessage, chunk: Buffer) => void, text?: string, length?: number) => {
    const a = await outcome(true, feed, text, length);
    const b = await outcome(false, feed, text, length);
    expect(a).toEqual(b);
    return a;
  };

  it('shorter than its Content-Length: 400 request size did not match', async () => {
    const a = await alike((req, chunk) => {
      req.push(chunk);
      req.push(null);
    });
    expect(a.settled).toMatchObject({ ok: false, err: { status: 400, type: 'request.size.invalid' } });
  });

  it('aborted: 400 request aborted', async () => {
    const a = await alike((req, chunk) => {
      req.push(chunk);
      req.emit('aborted');
    });
    expect(a.settled).toMatchObject({ ok: false, err: { status: 400, code: 'ECONNABORTED', type: 'request.aborted' } });
  });

  it('a stream error is passed on', async () => {
    const a = await alike((req) => req.emit('error', Object.assign(new Error('boom'), { code: 'ECONNRESET' })));
    expect(a.settled).toMatchObject({ ok: false, err: { message: 'boom', code: 'ECONNRESET' } });
  });

  it('closed before its end: left pending', async () => {
    const a = await alike((req, chunk) => {
      req.push(chunk);
      req.emit('close');
    });
    expect(a.settled).toBe('pending');
  });

  it('arriving in pieces: read whole', async () => {
    const text = '{"s":"caf\u00e9 ☕"}';
    const length = Buffer.byteLength(text);
    const a = await alike(
      (req, chunk) => {
        for (let i = 0; i < chunk.length; i++) req.push(chunk.subarray(i, i + 1));
        req.push(null);
      },
      text,
      length,
    );
    expect(a.settled).toEqual({ ok: true, body: { s: 'caf\u00e9 ☕' } });
    expect(a.nextCalled).toBe(1);
  });
});

describe('parseJsonText and limitBytes', () => {
  it('parse as co-body and @hapi/bourne do', () => {
    expect(parseJsonText('')).toEqual({});
    expect(parseJsonText(' [1]')).toEqual([1]);
    expect(() => parseJsonText('1')).toThrow(expect.objectContaining({ message: 'invalid JSON, only supports object and array', status: 400, body: '1' }));
    expect(() => parseJsonText('{"__proto__":{}}')).toThrow(expect.objectContaining({ message: 'Object contains forbidden prototype property', status: 400 }));
    expect(() => parseJsonText('{"a":[{"b":{"\\u005F\\u005Fproto\\u005f\\u005f":1}}]}')).toThrow(/forbidden prototype property/);
    expect(parseJsonText('{"a":{"__proto":1,"proto__":2}}')).toEqual({ a: { __proto: 1, proto__: 2 } });
  });

  it('read limits as the `bytes` package does', () => {
    expect(limitBytes('100kb')).toBe(102_400);
    expect(limitBytes('2MB')).toBe(2 * 1024 * 1024);
    expect(limitBytes(5000)).toBe(5000);
    expect(limitBytes('1.5mb')).toBeNull();
    expect(limitBytes(Number.NaN)).toBeNull();
  });
});
