import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from './api';
import { AuthError, CliError, ExitCode } from './handleError';

/** A loopback server answering each request from a list, recording what it got. */
async function fakeServer(answers: Array<{ status: number; body: unknown }>) {
  const seen: Array<{ method: string; url: string; body: string; accept: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, accept: String(req.headers.accept ?? '') });
      const a = answers.shift() ?? { status: 500, body: {} };
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

const status = {
  processing_status: 'running',
  title: 'Idea Desirability Assessment',
  description: 'd',
  flow_execution_steps: [],
  product: 'idea-desirability-assessment',
  error: null,
  provider: 'offline',
  progress: { finished: 0, total: 1, running: ['desirability'] },
};

describe('ApiClient: operations by id from the contracts’ route table', () => {
  it('sends an operation to its method and path and checks the answer with its schema', async () => {
    const s = await fakeServer([{ status: 200, body: status }]);
    try {
      const api = new ApiClient(s.url);
      const st = await api.call('reportStatus', { body: { execution_id: 'abcdefghijklmnopqrstuv' } }, 'read report x');
      expect(st.progress.running).toEqual(['desirability']);
      expect(s.seen).toEqual([{ method: 'POST', url: '/api/reports/status', body: '{"execution_id":"abcdefghijklmnopqrstuv"}', accept: 'application/json' }]);
    } finally {
      await s.close();
    }
  });

  it('fills path parameters and passes headers (a stream)', async () => {
    const s = await fakeServer([{ status: 200, body: {} }]);
    try {
      const res = await new ApiClient(s.url).operation('reportEvents', { params: { id: 'a b' } }, 'follow', { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      expect(s.seen[0]).toMatchObject({ method: 'GET', url: '/api/reports/a%20b/events', accept: 'text/event-stream' });
    } finally {
      await s.close();
    }
  });

  it('refuses an answer of another shape (exit 1), and maps statuses to exit codes', async () => {
    const s = await fakeServer([
      { status: 200, body: { ...status, processing_status: 'done' } },
      { status: 401, body: { error: { code: 'unauthorized', message: 'Admin login required' } } },
    ]);
    try {
      const api = new ApiClient(s.url);
      const shape = await api.call('reportStatus', { body: { execution_id: 'abcdefghijklmnopqrstuv' } }, 'read report x').catch((e: unknown) => e);
      expect(shape).toBeInstanceOf(CliError);
      expect((shape as CliError).message).toMatch(/^Could not read report x: the server's answer has an unexpected shape \(processing_status: /);
      expect((shape as CliError).exitCode).toBe(ExitCode.Failure);
      const denied = await api.call('adminLinkStats', {}, 'read the links stats').catch((e: unknown) => e);
      expect(denied).toBeInstanceOf(AuthError);
    } finally {
      await s.close();
    }
  });
});
