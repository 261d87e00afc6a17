import { passwordVerifier } from '../../../bff/src/services/adminPassword';
import { fakeContext } from '../../test/fakeContext';
import { runHashPassword } from './admin';

/** A terminal context whose user types `lines` at the prompts (each ended by Enter). */
function terminal(lines: string[]) {
  const ctx = fakeContext({ tty: true });
  const stdin = ctx.stdin as unknown as NodeJS.ReadStream & { write(s: string): void };
  Object.assign(stdin, { isTTY: true, isRaw: false, setRawMode: () => stdin });
  let asked = 0;
  const stderrWrite = ctx.stderr.write.bind(ctx.stderr);
  ctx.stderr.write = (chunk, cb) => {
    const r = stderrWrite(chunk, cb);
    if (String(chunk).endsWith(': ') && asked < lines.length) {
      const line = lines[asked++];
      setImmediate(() => stdin.write(`${line}\r`));
    }
    return r;
  };
  return ctx;
}

describe('val admin hash-password at a terminal', () => {
  it('asks twice without echoing and prints a hash the server verifies', async () => {
    const ctx = terminal(['typed at the prompt', 'typed at the prompt']);
    await runHashPassword(ctx);
    expect(ctx.stderr.text).toBe('Admin password: \nThe same password again: \n');
    expect(ctx.stderr.text).not.toMatch(/typed/);
    const hash = ctx.stdout.text.trim();
    expect(await passwordVerifier({ ADMIN_PASSWORD_HASH: hash }).verify('typed at the prompt')).toBe(true);
  });

  it('refuses two different passwords and prints nothing', async () => {
    const ctx = terminal(['one', 'two']);
    await expect(runHashPassword(ctx)).rejects.toMatchObject({ message: 'The two passwords differ.', exitCode: 2 });
    expect(ctx.stdout.text).toBe('');
  });
});
