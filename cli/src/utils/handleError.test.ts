import { fakeContext } from '../../test/fakeContext';
import { HOSTILE_TEXT, HOSTILE_TEXT_SHOWN, TERMINAL_CONTROLS } from '../../test/hostileText';
import { closedPort } from '../../test/ports';
import { ApiClient, networkError, resolveApiUrl } from './api';
import { AuthError, CliError, ExitCode, handleError, UnreachableError, UsageError } from './handleError';

describe('handleError', () => {
  it.each([
    [new CliError('boom'), 1],
    [new UsageError('bad flag'), 2],
    [new AuthError('no'), 3],
    [new UnreachableError('down'), 4],
    [new Error('unexpected'), 1],
  ])('%s → exit %i, message on stderr only', (err, code) => {
    const ctx = fakeContext();
    expect(handleError(err, ctx)).toBe(code);
    expect(ctx.stdout.text).toBe('');
    expect(ctx.stderr.text).toContain((err as Error).message);
  });

  it('prints the hint under the message', () => {
    const ctx = fakeContext();
    handleError(new UnreachableError('Cannot reach it.', 'Is the server running at http://localhost:3000? Set --api or VAL_API_URL.'), ctx);
    expect(ctx.stderr.text).toBe('Error: Cannot reach it.\nIs the server running at http://localhost:3000? Set --api or VAL_API_URL.\n');
  });

  it('prints a server message that echoes stored text without its control sequences', () => {
    const ctx = fakeContext();
    handleError(new CliError(`Unknown product ${HOSTILE_TEXT}`, ExitCode.Failure, HOSTILE_TEXT), ctx);
    expect(ctx.stderr.text).not.toMatch(TERMINAL_CONTROLS);
    expect(ctx.stderr.text).toBe(`Error: Unknown product ${HOSTILE_TEXT_SHOWN}\n${HOSTILE_TEXT_SHOWN}\n`);
  });

  it('uses no colour codes off a terminal', () => {
    const ctx = fakeContext();
    handleError(new CliError('x'), ctx);
    expect(ctx.stderr.text).not.toContain('\u001b[');
  });
});

describe('the API client', () => {
  it('defaults to http://localhost:3000, then VAL_API_URL, then --api', () => {
    expect(resolveApiUrl(undefined, {})).toBe('http://localhost:3000');
    expect(resolveApiUrl(undefined, { VAL_API_URL: 'https://val.example.com/' })).toBe('https://val.example.com');
    expect(resolveApiUrl('http://127.0.0.1:9', { VAL_API_URL: 'https://val.example.com' })).toBe('http://127.0.0.1:9');
  });

  it('a refused connection is exit 4 with the hint of what to do', async () => {
    const port = await closedPort();
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const err = await api.request('GET', '/readyz', 'check').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreachableError);
    expect((err as CliError).exitCode).toBe(ExitCode.Unreachable);
    expect((err as CliError).message).toContain('ECONNREFUSED');
    expect((err as CliError).hint).toBe(`Is the server running at http://127.0.0.1:${port}? Set --api or VAL_API_URL.`);
  });

  it('a timeout is a failure (exit 1), not "unreachable"', () => {
    const e = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    expect(networkError(e, 'http://x', 5000).exitCode).toBe(ExitCode.Failure);
    expect(networkError(e, 'http://x', 5000).message).toContain('did not answer within 5 s');
  });
});
