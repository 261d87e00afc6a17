import { main } from './index';
import { ExitCode } from './utils/handleError';
import { fakeContext } from '../test/fakeContext';

const argv = (...args: string[]) => ['node', 'val', ...args];

/** Runs the CLI with every command's work replaced by a recorder; returns what it saw. */
async function parse(args: string[], env: NodeJS.ProcessEnv = {}) {
  const ctx = fakeContext({ env });
  const calls: Array<{ cmd: string; opts: unknown }> = [];
  const rec = (cmd: string) => async (opts: unknown) => {
    calls.push({ cmd, opts });
  };
  const code = await main(argv(...args), ctx, {
    validate: rec('validate'),
    stats: rec('stats'),
    db: rec('db'),
    worker: rec('worker'),
    report: { start: rec('report start'), status: rec('report status'), wait: rec('report wait') },
  });
  return { code, calls, out: ctx.stdout.text, err: ctx.stderr.text };
}

describe('val (program)', () => {
  it('prints the version and exits 0', async () => {
    const r = await parse(['--version']);
    expect(r.code).toBe(ExitCode.Ok);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('shows help with examples and exit codes on stdout, exit 0', async () => {
    const r = await parse(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: val');
    for (const c of ['validate', 'stats', 'report', 'worker', 'db']) expect(r.out).toContain(c);
    expect(r.out).toContain('Examples:');
    expect(r.out).toContain('Exit codes: 0 ok · 1 failure · 2 usage error · 3 not authorised · 4 server unreachable');
  });

  it.each([
    'validate',
    'stats',
    'report',
    'report start',
    'report status',
    'report wait',
    'worker',
    'db',
    'db migrate',
    'db status',
    'db rollback',
    'db check-stats',
  ])('val %s --help: its usage and examples', async (cmd) => {
    const r = await parse([...cmd.split(' '), '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Usage: val ${cmd} `);
    expect(r.out).toContain('Examples:');
    expect(r.out).toMatch(new RegExp(`\\$ (\\S+=\\S+ )?val ${cmd.split(' ')[0]}`));
  });

  it('without a command: help on stderr, exit 2', async () => {
    const r = await parse([]);
    expect(r.code).toBe(ExitCode.Usage);
    expect(r.err).toContain('Usage: val');
    expect(r.out).toBe('');
  });

  it('unknown command or option: exit 2 with the reason on stderr', async () => {
    const a = await parse(['frobnicate']);
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/unknown command 'frobnicate'/);
    const b = await parse(['db', 'status', '--bogus']);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/unknown option '--bogus'/);
    expect(b.calls).toHaveLength(0);
  });
});

describe('val validate (options)', () => {
  it('parses the three texts and the flags', async () => {
    const r = await parse([
      'validate',
      '--idea',
      'Meal kits',
      '--customer',
      'Climbers',
      '--problem',
      'No food',
      '--stream',
      '--json',
      '--pdf',
      'out/',
      '--api',
      'http://x:1',
    ]);
    expect(r.code).toBe(0);
    expect(r.calls).toEqual([
      {
        cmd: 'validate',
        opts: { idea: 'Meal kits', customer: 'Climbers', problem: 'No food', stream: true, json: true, pdf: 'out/', api: 'http://x:1', assume: [] },
      },
    ]);
  });

  it('a missing required option is a usage error (exit 2)', async () => {
    const r = await parse(['validate', '--idea', 'x', '--customer', 'y']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/required option '--problem <text>' not specified/);
    expect(r.calls).toHaveLength(0);
  });

  it('a blank or too long text is a usage error naming the flag', async () => {
    const blank = await parse(['validate', '--idea', '   ', '--customer', 'y', '--problem', 'z']);
    expect(blank.code).toBe(2);
    expect(blank.err).toContain('--idea: idea is required');
    const long = await parse(['validate', '--idea', 'x', '--customer', 'y'.repeat(1001), '--problem', 'z']);
    expect(long.code).toBe(2);
    expect(long.err).toContain('--customer: targetCustomer must be at most 1000 characters');
    expect(long.calls).toHaveLength(0);
  });
});

describe('val stats (options)', () => {
  it('defaults to a table of all time', async () => {
    const r = await parse(['stats', 'links']);
    expect(r.calls).toEqual([{ cmd: 'stats', opts: { kind: 'links', format: 'table' } }]);
  });

  it('takes a date range, a format and a file', async () => {
    const r = await parse(['stats', 'products', '--from', '2026-01-01', '--to', '2026-01-31', '--format', 'csv', '--out', 'p.csv']);
    expect(r.calls[0].opts).toEqual({ kind: 'products', from: '2026-01-01', to: '2026-01-31', format: 'csv', out: 'p.csv' });
  });

  it.each([
    [['stats', 'clicks'], "kind: must be 'links' or 'products'"],
    [['stats', 'links', '--format', 'xml'], "--format: must be 'table', 'json' or 'csv'"],
    [['stats', 'links', '--from', '2026-02-30'], '--from: must be a real calendar date'],
    [['stats', 'links', '--to', '31/01/2026'], '--to: must be a date like 2026-01-31'],
    [['stats', 'links', '--from', '2026-02-01', '--to', '2026-01-01'], '--from: must not be after --to'],
  ])('%j → exit 2: %s', async (args, message) => {
    const r = await parse(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain('val stats --help');
    expect(r.calls).toHaveLength(0);
  });

  it('a bad --api URL is a usage error; VAL_API_URL is named when it is the culprit', async () => {
    const ctxRun = await main(argv('stats', 'links', '--api', 'localhost:3000'), fakeContext({ env: { VAL_ADMIN_PASSWORD: 'x' } }));
    expect(ctxRun).toBe(2);
    const ctx = fakeContext({ env: { VAL_API_URL: 'ftp://nope', VAL_ADMIN_PASSWORD: 'x' } });
    expect(await main(argv('stats', 'links'), ctx)).toBe(2);
    expect(ctx.stderr.text).toContain('VAL_API_URL must be an absolute http(s) URL');
  });
});

describe('val report (options)', () => {
  it('collects repeated --input key=value pairs (values may hold "=")', async () => {
    const r = await parse([
      'report',
      'start',
      '--product',
      'business-idea-evaluation',
      '--input',
      'company=Acme',
      '--input',
      'idea=a=b',
      '--email',
      ' Me@Acme.com ',
    ]);
    expect(r.code).toBe(0);
    expect(r.calls).toEqual([
      {
        cmd: 'report start',
        opts: { product: 'business-idea-evaluation', inputs: { company: 'Acme', idea: 'a=b' }, email: 'me@acme.com', json: false, api: undefined },
      },
    ]);
  });

  it('takes an internationalised --email by the one email rule', async () => {
    const r = await parse(['report', 'start', '--product', 'idea-desirability-assessment', '--input', 'idea=x', '--email', 'Zoë.Tester@Example.org']);
    expect(r.code).toBe(0);
    expect((r.calls[0] as { opts: { email: string } }).opts.email).toBe('zoë.tester@example.org');
  });

  it.each([
    [['report', 'start', '--product', 'nope', '--input', 'idea=x'], '--product: must be one of'],
    [['report', 'start', '--product', 'idea-desirability-assessment', '--input', 'idea'], '--input: "idea" must look like key=value'],
    [['report', 'start', '--product', 'idea-desirability-assessment', '--input', 'idea=a', '--input', 'idea=b'], '--input: idea is given twice'],
    [
      ['report', 'start', '--product', 'idea-desirability-assessment'],
      '--input: idea: Please fill in all required fields — idea-desirability-assessment needs idea',
    ],
    [['report', 'start', '--product', 'idea-desirability-assessment', '--input', 'color=red'], 'unknown field color'],
    [['report', 'start', '--product', 'idea-desirability-assessment', '--input', 'idea=x', '--email', 'not-an-email'], '--email: must be an email address'],
    [['report', 'status', 'short'], 'ID: must be a report id'],
    [['report', 'wait', 'abcdefghijklmnop1234', '--timeout', 'soon'], '--timeout: must be a number of seconds'],
  ])('%j → exit 2: %s', async (args, message) => {
    const r = await parse(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.calls).toHaveLength(0);
  });

  it('status and wait take the id and their flags', async () => {
    const a = await parse(['report', 'status', 'abcdefghijklmnop1234', '--json']);
    expect(a.calls[0]).toEqual({ cmd: 'report status', opts: { id: 'abcdefghijklmnop1234', json: true, timeout: 0, interval: 2 } });
    const b = await parse(['report', 'wait', 'abcdefghijklmnop1234', '--timeout', '90', '--interval', '0.5']);
    expect(b.calls[0]).toEqual({ cmd: 'report wait', opts: { id: 'abcdefghijklmnop1234', json: false, timeout: 90, interval: 0.5 } });
  });

  it('takes an id that starts with "-" as the id, not as an option, with flags before or after it', async () => {
    const a = await parse(['report', 'status', '-J63SrPgMjtKZ0R8VXHxBg', '--json']);
    expect(a.calls[0]).toEqual({ cmd: 'report status', opts: { id: '-J63SrPgMjtKZ0R8VXHxBg', json: true, timeout: 0, interval: 2 } });
    const b = await parse(['report', 'wait', '--interval', '1', '-_abcdefghijklmnopqrst']);
    expect(b.calls[0]).toEqual({ cmd: 'report wait', opts: { id: '-_abcdefghijklmnopqrst', json: false, timeout: 0, interval: 1 } });
    // A real unknown option is still a usage error.
    const c = await parse(['report', 'status', 'abcdefghijklmnop1234', '-x']);
    expect(c.code).toBe(2);
  });
});

describe('val worker (options)', () => {
  it('takes --concurrency as a whole number from 1 to 64', async () => {
    expect((await parse(['worker'])).calls).toEqual([{ cmd: 'worker', opts: {} }]);
    expect((await parse(['worker', '--concurrency', '3'])).calls).toEqual([{ cmd: 'worker', opts: { concurrency: 3 } }]);
    for (const [v, msg] of [
      ['0', 'must be at least 1'],
      ['65', 'must be at most 64'],
      ['1.5', 'must be a whole number'],
      ['many', 'must be a number'],
    ]) {
      const r = await parse(['worker', '--concurrency', v]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`--concurrency: ${msg}`);
      expect(r.calls).toHaveLength(0);
    }
  });
});

describe('val db (options)', () => {
  it.each([
    [['db', 'migrate'], { action: 'migrate' }],
    [['db', 'rollback'], { action: 'rollback', all: false }],
    [['db', 'rollback', '--all'], { action: 'rollback', all: true }],
    [['db', 'status', '--json'], { action: 'status', json: true }],
    [['db', 'check-stats'], { action: 'check-stats', repair: false, json: false }],
    [['db', 'check-stats', '--repair', '--json'], { action: 'check-stats', repair: true, json: true }],
  ])('%j', async (args, expected) => {
    const r = await parse(args);
    expect(r.code).toBe(0);
    expect(r.calls).toEqual([{ cmd: 'db', opts: expected }]);
  });

  it('an unknown db subcommand is a usage error', async () => {
    const r = await parse(['db', 'seed']);
    expect(r.code).toBe(2);
  });
});
