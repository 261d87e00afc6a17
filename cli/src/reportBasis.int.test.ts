import { breakEvenLabel } from '@val/contracts';
import { testDbs } from '../../bff/test/db';
import { assertBuilt, runCli } from '../test/run';
import { ADMIN_PASSWORD, startCliTestServer, type CliTestServer } from '../test/server';

beforeAll(assertBuilt);

describe.each(testDbs)("val report with the founder's basis, against a real server on $label", (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    srv = await startCliTestServer(kind, { OFFLINE_AI_DELAY_MS: '10', REPORT_POLL_MS: '100' });
    env = { VAL_API_URL: srv.url, VAL_ADMIN_PASSWORD: ADMIN_PASSWORD };
  });
  afterAll(() => srv?.stop());

  const finished = async (extra: string[] = []) => {
    const start = await runCli(
      [
        'report',
        'start',
        '--product',
        'new-product-feasibility-study',
        '--input',
        'targetMarket=Independent gyms in the UK',
        '--input',
        'productIdea=An app that lets members book and pay for classes in two taps',
        ...extra,
      ],
      { env },
    );
    expect({ code: start.code, stderr: start.stderr }).toMatchObject({ code: 0 });
    const id = start.stdout.trim();
    const wait = await runCli(['report', 'wait', id, '--interval', '1', '--timeout', '120', '--json'], { env, timeoutMs: 130_000 });
    expect({ code: wait.code, stderr: wait.stderr }).toMatchObject({ code: 0 });
    return { id, status: JSON.parse(wait.stdout) };
  };

  it('report start takes the basis flags; report basis changes market and price, what-if assumptions, rewrites and resets', async () => {
    const started = await finished(['--place', 'Germany', '--segment', 'boutique studios']);
    expect(started.status.fact_sheet.basis).toMatchObject({ place: 'Germany', segment: 'boutique studios', setByFounder: ['segment', 'place'] });
    expect(started.status.fact_sheet.currency.code).toBe('EUR');

    const { id, status } = await finished();
    const original = status.fact_sheet;
    const r = await runCli(['report', 'basis', id, '--market', 'pets', '--price', '2'], { env });
    expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
    expect(r.stdout).toContain('Verdict:  No-go');
    expect(r.stdout).toContain('Break-even: none within 5 years');
    expect(r.stdout).toContain('Market:   pet care (changed by you)');
    expect(r.stdout).toContain('Price:    £2 a month (changed by you)');
    expect(r.stderr).toContain(`Original: ${original.verdict.word}, break-even ${breakEvenLabel(original.breakEvenMonth)} (back with --reset)`);
    expect(r.stderr).toMatch(/\d+ sections were written for the original numbers: write them again with --rewrite/);

    const w = await runCli(['report', 'basis', id, '--assume', 'price=300', '--assume', 'margin=85%', '--rewrite', '--json'], { env });
    expect({ code: w.code, stderr: w.stderr }).toMatchObject({ code: 0 });
    const answer = JSON.parse(w.stdout);
    expect(answer.fact_sheet.assumptions.filter((a: { changedByYou: boolean }) => a.changedByYou).map((a: { id: string }) => a.id)).toEqual([
      'price',
      'margin',
    ]);
    expect(answer.fact_sheet.breakEvenMonth).not.toBeNull();
    expect(answer.rewritten.length).toBeGreaterThan(5);

    // A reload (status) keeps the founder's version.
    const again = JSON.parse((await runCli(['report', 'status', id, '--json'], { env })).stdout);
    expect(again.fact_sheet).toEqual(answer.fact_sheet);
    expect(again.flow_execution_steps.every((s: { written_for: string }) => s.written_for === 'yours')).toBe(true);

    const reset = await runCli(['report', 'basis', id, '--reset', '--json'], { env });
    expect(JSON.parse(reset.stdout).fact_sheet).toEqual(original);
  });

  it('bad flags: a usage error (exit 2) naming the flag, or the server’s 400 (exit 2 too) for a place it does not know', async () => {
    const noFlag = await runCli(['report', 'basis', 'abcdefghijklmnopqrstuv'], { env });
    expect(noFlag.code).toBe(2);
    expect(noFlag.stderr).toContain('give a basis flag');
    const badAssume = await runCli(['report', 'basis', 'abcdefghijklmnopqrstuv', '--assume', 'vibes=9'], { env });
    expect(badAssume.code).toBe(2);
    expect(badAssume.stderr).toContain('--assume "vibes=9" must look like key=value with key one of buyers, price, margin');
    const badPrice = await runCli(['report', 'basis', 'abcdefghijklmnopqrstuv', '--price', '-4'], { env });
    expect(badPrice.code).toBe(2);
    expect(badPrice.stderr).toContain('--price: price must be more than 0');
    const badMarket = await runCli(['report', 'basis', 'abcdefghijklmnopqrstuv', '--market', 'dogs'], { env });
    expect(badMarket.code).not.toBe(0);
    expect(badMarket.stderr).toMatch(/--market.*dogs.*Allowed choices are food, health/s);
    const { id } = await finished();
    const place = await runCli(['report', 'basis', id, '--place', 'Atlantis'], { env });
    expect(place.code).toBe(2);
    expect(place.stderr).toContain('place "Atlantis" is not a place the analyst knows');
  });
});
