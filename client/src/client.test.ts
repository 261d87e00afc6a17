import path from 'node:path';
import ts from 'typescript';
import { HttpError } from '@val/contracts';
import { parseApiAnswer } from '@val/contracts/schemas';
import { createValApi, type ApiAnswer, type ApiBody } from './client';

/** A fetch that records each request and answers from a list. */
function recorder(answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers.shift() ?? { status: 200, body: {} };
    return new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

/** The type errors (1-based line, message) of `source` compiled as a file of this folder, with the package's compiler options. */
function typeErrors(source: string): Array<{ line: number; text: string }> {
  const file = path.join(__dirname, '__typecheck__.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(__dirname, '..', 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const options = { ...config.options, noEmit: true, types: [], composite: false, declaration: false, emitDeclarationOnly: false, incremental: false };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (name === file ? ts.createSourceFile(name, source, lang) : read(name, lang, ...rest));
  const program = ts.createProgram([file], options, host);
  const sf = program.getSourceFile(file)!;
  return ts
    .getPreEmitDiagnostics(program, sf)
    .map((d) => ({ line: sf.getLineAndCharacterOfPosition(d.start ?? 0).line + 1, text: ts.flattenDiagnosticMessageText(d.messageText, '\n') }))
    .sort((a, b) => a.line - b.line);
}

describe('createValApi: one typed client for every operation', () => {
  it('sends each operation to its method and path, with the body as JSON and cookies included', async () => {
    const r = recorder([{ status: 200, body: { idea: 'i', targetCustomer: 't', problemSolved: 'p', feedback: '## Score', id: 'v1', provider: 'offline' } }]);
    const api = createValApi({ baseUrl: 'http://val.test/', fetch: r.fetch });
    const body: ApiBody<'validate'> = { idea: 'i', targetCustomer: 't', problemSolved: 'p' };
    const answer: ApiAnswer<'validate'> = await api.call('validate', { body });
    expect(answer.feedback).toBe('## Score');
    expect(r.calls[0].url).toBe('http://val.test/api/validate');
    expect(r.calls[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(body) });
    expect((r.calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('fills path parameters (encoded) and appends the query, leaving out empty values', () => {
    const api = createValApi();
    expect(api.url('reportPdf', { params: { id: 'a/b c' } })).toBe('/api/reports/a%2Fb%20c/pdf');
    expect(api.url('adminLinkStats', { query: { from: '2026-01-01', to: undefined } })).toBe('/api/admin/link-stats?from=2026-01-01');
    expect(() => api.url('reportEvents')).toThrow('needs the parameter "id"');
  });

  it('turns a non-ok answer into the spec’s error message, and lets request() read any answer', async () => {
    const r = recorder([
      { status: 404, body: { error: { code: 'not_found', message: 'Report not found' } } },
      { status: 404, body: { error: { code: 'not_found', message: 'Report not found' } } },
    ]);
    const api = createValApi({ fetch: r.fetch });
    const err = await api.call('reportStatus', { body: { execution_id: 'x'.repeat(22) } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('404: {"error":{"code":"not_found","message":"Report not found"}}');
    const res = await api.request('reportStatus', { body: { execution_id: 'x'.repeat(22) } });
    expect(res.status).toBe(404);
  });

  it('checks answers with the operation’s schema when given parseApiAnswer', async () => {
    const r = recorder([{ status: 200, body: { entrepreneursValidated: 'many', trustBadges: [] } }]);
    const api = createValApi({ fetch: r.fetch, parseAnswer: parseApiAnswer });
    await expect(api.call('publicStats')).rejects.toThrow(/entrepreneursValidated/);
  });

  it('is typed by the schemas: the compiler refuses a wrong body, a missing body and a wrong field type', () => {
    // The TypeScript compiler itself reads calls against the client's types (jest only strips them).
    const lines = [
      "import { createValApi, type ApiBody } from './client';",
      'const api = createValApi();',
      "export const good: ApiBody<'validate'> = { idea: 'i', targetCustomer: 't', problemSolved: 'p' };",
      "export const ok = api.call('validate', { body: good });",
      "export const noBody = api.url('validate', { params: { id: 'x' } });",
      "export const missing = api.call('validate');",
      "export const bad: ApiBody<'validate'> = { idea: 1, targetCustomer: 't', problemSolved: 'p' };",
      "export const stats = api.call('publicStats');",
    ];
    const errors = typeErrors(lines.join('\n'));
    expect(errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(errors[0].text).toBe("Type '{ id: string; }' is not assignable to type 'undefined'.");
    expect(errors[1].text).toMatch(/Expected 2-3 arguments, but got 1/);
    expect(errors[2].text).toMatch(/Type 'number' is not assignable to type 'string'/);
  });
});
