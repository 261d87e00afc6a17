import { passwordVerifier } from '../../bff/src/services/adminPassword';
import { loadConfig } from '../../bff/src/config/env';
import { assertBuilt, runCli } from '../test/run';

beforeAll(assertBuilt);

describe('val admin hash-password', () => {
  it('prints a hash of the password read from stdin that the server accepts as ADMIN_PASSWORD_HASH and verifies', async () => {
    const r = await runCli(['admin', 'hash-password'], { input: 'correct horse battery\n' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const hash = r.stdout.trim();
    expect(r.stdout).toBe(`${hash}\n`);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    const config = loadConfig({ ADMIN_PASSWORD_HASH: hash });
    const verifier = passwordVerifier(config);
    expect(verifier.enabled).toBe(true);
    expect(await verifier.verify('correct horse battery')).toBe(true);
    // The trailing newline of the piped input is not part of the password; every other character is.
    expect(await verifier.verify('correct horse battery\n')).toBe(false);
    expect(await verifier.verify('correct horse')).toBe(false);
  });

  it('never takes the password from the command line, and refuses an empty one', async () => {
    const onArgv = await runCli(['admin', 'hash-password', 's3cret'], { input: '' });
    expect(onArgv.code).toBe(2);
    expect(onArgv.stdout).toBe('');
    expect(onArgv.stderr).toMatch(/never taken from the command line/);
    expect(onArgv.stderr).not.toMatch(/s3cret/);

    const empty = await runCli(['admin', 'hash-password'], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toMatch(/No password given/);
  });
});
