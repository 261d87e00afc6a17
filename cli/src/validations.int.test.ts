import path from 'node:path';
import { cleanFeedbackForDisplay } from '@val/contracts';
import { testDbs } from '../../bff/test/db';
import { HOSTILE_TEXT, TERMINAL_CONTROLS } from '../test/hostileText';
import { assertBuilt, runCli } from '../test/run';
import { startCliTestServer, type CliTestServer } from '../test/server';

beforeAll(assertBuilt);

const broad = ['--idea', 'Meal kits for climbers, delivered to the gym', '--customer', 'Everyone who exercises', '--problem', 'People are hungry'];
const narrow = [
  '--idea',
  'Meal kits for climbers, delivered to the gym',
  '--customer',
  'Boulderers at city climbing gyms who train four evenings a week',
  '--problem',
  'They spend $12 a night on vending-machine snacks because no healthy food is open after a 9 pm session',
];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Validated {
  id: string;
  score: number;
  feedback: string;
}

describe.each(testDbs)('val validations against a real server on $label', (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  let a: Validated;
  let b: Validated;
  const count = async () => Number(((await srv.db.knex('validations').count({ n: '*' })) as Array<{ n: number | string }>)[0].n);

  beforeAll(async () => {
    srv = await startCliTestServer(kind);
    env = { VAL_API_URL: srv.url };
    const run = async (args: string[]) => {
      const r = await runCli(['validate', ...args, '--json'], { env });
      if (r.code !== 0) throw new Error(r.stderr);
      return JSON.parse(r.stdout) as Validated;
    };
    a = await run(broad);
    b = await run(narrow);
  });
  afterAll(() => srv?.stop());

  it('show prints the inputs, the score, the permalink and the feedback; --json the API answer', async () => {
    const r = await runCli(['validations', 'show', b.id], { env });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toContain(`Id:              ${b.id}`);
    expect(r.stdout).toContain(`Link:            ${srv.url}/v/${b.id}`);
    expect(r.stdout).toContain(`Score:           ${b.score.toFixed(1)}/10`);
    expect(r.stdout).toContain('Target customer: Boulderers at city climbing gyms who train four evenings a week');
    expect(r.stdout).toContain(cleanFeedbackForDisplay(b.feedback));

    const j = await runCli(['validations', 'show', b.id, '--json'], { env });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(await (await fetch(`${srv.url}/api/validations/${b.id}`)).json());
  });

  it('compare prints the score before → after, the inputs word by word and each section’s state; --json the API answer', async () => {
    const r = await runCli(['validations', 'compare', a.id, b.id], { env });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const change = Math.round((b.score - a.score) * 10) / 10;
    expect(change).toBeGreaterThan(0);
    expect(r.stdout).toContain('Compared with “Meal kits for climbers, delivered to the gym”');
    expect(r.stdout).toContain(`Score:           ${a.score.toFixed(1)}/10 → ${b.score.toFixed(1)}/10 (+${change.toFixed(1)})`);
    expect(r.stdout).toContain('  Idea:            unchanged');
    expect(r.stdout).toContain('Target customer: [-Everyone-]{+Boulderers at city climbing gyms+} who [-exercises-]{+train four evenings a week+}');
    expect(r.stdout).toMatch(/^ {2}changed {2}Target Customer Profile$/m);
    expect(r.stdout).toMatch(/^ {6}\+ /m);
    expect(r.stdout).not.toMatch(/\u001b\[/); // no colour when piped

    const j = await runCli(['validations', 'compare', a.id, b.id, '--json'], { env });
    expect(j.code).toBe(0);
    const c = JSON.parse(j.stdout);
    expect(c.score).toEqual({ before: a.score, after: b.score, change });
    expect(c.inputs.targetCustomer.changed).toBe(true);
    expect(c.sections.find((s: { title: string }) => s.title === 'Target Customer Profile').state).toBe('changed');
  });

  it('validate --compare ID prints the new feedback, then the comparison; with --json as `comparison`', async () => {
    const r = await runCli(['validate', ...narrow, '--compare', a.id], { env });
    expect(r.code).toBe(0);
    const [feedback, comparison] = r.stdout.split('\nCompared with ');
    expect(feedback).toMatch(/## Validation Score: \d\.\d\/10/);
    expect(comparison).toMatch(/^“Meal kits for climbers, delivered to the gym”\nBefore: {10}/);
    expect(comparison).toContain(`${a.score.toFixed(1)}/10 → `);
    expect(comparison).toContain('Sections');

    const j = await runCli(['validate', ...narrow, '--compare', a.id, '--json'], { env });
    expect(j.code).toBe(0);
    const body = JSON.parse(j.stdout);
    expect(body.comparison.base.id).toBe(a.id);
    expect(body.comparison.head.id).toBe(body.id);
    expect(body.comparison.score.before).toBe(a.score);
  });

  it('show and compare print what a visitor typed without the control sequences in it; --json keeps the text exactly', async () => {
    const stored = async (idea: string) => {
      const r = await fetch(`${srv.url}/api/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        body: JSON.stringify({ idea, targetCustomer: `Cooks ${HOSTILE_TEXT}`, problemSolved: `Waste ${HOSTILE_TEXT}` }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as Validated).id;
    };
    const x = await stored(`Meal kits ${HOSTILE_TEXT}`);
    const y = await stored(`Meal kits for climbers ${HOSTILE_TEXT}`);
    for (const args of [
      ['validations', 'show', x],
      ['validations', 'compare', x, y],
    ]) {
      const r = await runCli(args, { env });
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(r.stdout).toContain('Idea with red, link, clip, C1');
      expect(r.stdout).not.toMatch(TERMINAL_CONTROLS);
    }
    const j = await runCli(['validations', 'show', x, '--json'], { env });
    expect(j.stdout).not.toMatch(TERMINAL_CONTROLS);
    expect(JSON.parse(j.stdout).targetCustomer).toBe(`Cooks ${HOSTILE_TEXT}`);
  });

  it('refuses a malformed id (exit 2) and an unknown one (exit 1), and asks Val nothing for a --compare that cannot work', async () => {
    const before = await count();
    const bad = await runCli(['validations', 'show', 'not-an-id'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/must be a validation id/);
    const unknown = await runCli(['validations', 'compare', a.id, UNKNOWN], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Validation not found/);
    const v1 = await runCli(['validate', ...narrow, '--compare', 'nope'], { env });
    expect(v1.code).toBe(2);
    const v2 = await runCli(['validate', ...narrow, '--compare', UNKNOWN], { env });
    expect(v2.code).toBe(1);
    expect(v2.stderr).toMatch(/Validation not found/);
    expect(await count()).toBe(before);
  });
});

describe('val validate --compare with no server given (in-process, SQLite)', () => {
  it('compares with the earlier validation in the same database', async () => {
    const made = await testDbs[0].create();
    try {
      const env = { DATABASE_URL: '', DATA_DIR: path.dirname(made.sqliteFile as string), AI_PROVIDER: 'offline' };
      const first = await runCli(['validate', ...broad, '--json'], { env });
      expect(first.code).toBe(0);
      const a = JSON.parse(first.stdout) as Validated;
      const r = await runCli(['validate', ...narrow, '--compare', a.id], { env });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`\nCompared with “Meal kits for climbers, delivered to the gym”\n`);
      expect(r.stdout).toContain(`Score:           ${a.score.toFixed(1)}/10 → `);
      const missing = await runCli(['validate', ...narrow, '--compare', UNKNOWN], { env });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/Validation not found/);
    } finally {
      await made.drop();
    }
  });
});
