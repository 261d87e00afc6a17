import { parseValidationScore } from '@val/contracts';
import { migrationSource } from '../../../migrations';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { sseEvents } from '../../../test/sse';

const broad = {
  idea: 'A mobile app that plans a week of cheap, healthy dinners from what is already in your fridge.',
  targetCustomer: 'Everyone who cooks',
  problemSolved: 'People waste food.',
};
const narrow = {
  ...broad,
  targetCustomer: 'Busy working parents with two or more kids in city suburbs',
  problemSolved: 'They throw away $1,500 of spoiled food a year and lose 30 minutes every evening deciding what to cook.',
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(testDbs)('shareable validations: /api/validations ($label)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { AI_PROVIDER: 'offline', VALIDATE_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => app.close());

  const validate = async (input: typeof broad) => {
    const r = await app.fetch('/api/validate', { method: 'POST', json: input });
    expect(r.status).toBe(200);
    return json(r);
  };

  it('answers a new validation with its score and a delete token, and stores the score and only a hash of the token', async () => {
    const v = await validate(narrow);
    expect(v).toMatchObject({ ...narrow, provider: 'offline' });
    expect(v.score).toBe(parseValidationScore(v.feedback));
    expect(v.feedback).toContain(`## Validation Score: ${v.score.toFixed(1)}/10`);
    expect(v.deleteToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const row = await app.deps.db.knex('validations').where({ id: v.id }).first();
    expect(Number(row.score)).toBe(v.score);
    expect(row.delete_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(v.deleteToken);
  });

  it('sends the score and the delete token in the stream’s done event too', async () => {
    const r = await app.fetch('/api/validate/stream', { method: 'POST', json: broad });
    const done = (await sseEvents(r)).find((e) => e.event === 'done')!.data as { id: string; score: number; deleteToken: string };
    expect(typeof done.score).toBe('number');
    expect(done.deleteToken.length).toBeGreaterThan(40);
    const got = await json(await app.fetch(`/api/validations/${done.id}`));
    expect(got.score).toBe(done.score);
  });

  it('GET /api/validations/:id answers the stored validation, read-only, without the token', async () => {
    const v = await validate(broad);
    const r = await app.fetch(`/api/validations/${v.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const got = await json(r);
    expect(got).toEqual({
      id: v.id,
      ...broad,
      feedback: v.feedback,
      provider: 'offline',
      score: v.score,
      createdAt: expect.any(String),
      factSheet: v.factSheet,
    });
    expect(got.factSheet).toMatchObject({ kind: 'validation', score: v.score });
    expect(Math.abs(Date.parse(got.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(got)).not.toMatch(/token/i);
  });

  it('compares two versions: score before → after, word diff of the inputs, section states', async () => {
    const a = await validate(broad);
    const b = await validate(narrow);
    const r = await app.fetch(`/api/validations/compare?base=${a.id}&head=${b.id}`);
    expect(r.status).toBe(200);
    const c = await json(r);
    expect(c.base.id).toBe(a.id);
    expect(c.head.id).toBe(b.id);
    expect(c.score).toEqual({ before: a.score, after: b.score, change: Math.round((b.score - a.score) * 10) / 10 });
    expect(b.score).toBeGreaterThan(a.score);
    // The idea is unchanged; the customer's words show what was removed and added.
    expect(c.inputs.idea).toEqual({ changed: false, parts: [{ op: 'same', text: broad.idea }] });
    expect(c.inputs.targetCustomer.changed).toBe(true);
    const join = (op: string) =>
      c.inputs.targetCustomer.parts
        .filter((p: { op: string }) => p.op === op)
        .map((p: { text: string }) => p.text)
        .join('');
    expect(join('removed')).toContain('Everyone');
    expect(join('added')).toContain('parents');
    expect(c.inputs.targetCustomer.parts).toEqual([
      { op: 'removed', text: broad.targetCustomer },
      { op: 'added', text: narrow.targetCustomer },
    ]);
    // Re-assembling the diff gives back both versions.
    const rebuild = (parts: Array<{ op: string; text: string }>, skip: string) =>
      parts
        .filter((p) => p.op !== skip)
        .map((p) => p.text)
        .join('');
    for (const field of ['idea', 'targetCustomer', 'problemSolved'] as const) {
      expect(rebuild(c.inputs[field].parts, 'added')).toBe(broad[field]);
      expect(rebuild(c.inputs[field].parts, 'removed')).toBe(narrow[field]);
    }
    // The score section is matched across its changed number, and shows the changed lines.
    const scoreSection = c.sections.find((s: { title: string }) => /^Validation Score/.test(s.title));
    expect(scoreSection).toMatchObject({ title: `Validation Score: ${b.score.toFixed(1)}/10`, state: 'changed' });
    const customer = c.sections.find((s: { title: string }) => s.title === 'Target Customer Profile');
    expect(customer.state).toBe('changed');
    expect(customer.added.join('\n')).toMatch(/parents/i);
    for (const s of c.sections) expect(['new', 'gone', 'changed', 'same']).toContain(s.state);
    // The same version against itself: nothing changed.
    const same = await json(await app.fetch(`/api/validations/compare?base=${a.id}&head=${a.id}`));
    expect(same.score.change).toBe(0);
    expect(same.sections.every((s: { state: string }) => s.state === 'same')).toBe(true);
  });

  it('marks sections only one version has as new or gone', async () => {
    const repo = app.deps.repos.validations;
    const base = await repo.create({
      ...broad,
      feedback: '## Validation Score: 5/10\nMeh.\n\n## Market Analysis\nSmall.\n\n## Risks\nMany.',
      provider: 'openai',
      score: 5,
    });
    const head = await repo.create({
      ...narrow,
      feedback: '## Validation Score: 6.5/10\nBetter.\n\n## Market Analysis\nSmall.\n\n## Next Steps\n1. Talk to ten parents.',
      provider: 'openai',
      score: 6.5,
    });
    const c = await json(await app.fetch(`/api/validations/compare?base=${base.id}&head=${head.id}`));
    expect(c.sections.map((s: { title: string; state: string }) => [s.title, s.state])).toEqual([
      ['Validation Score: 6.5/10', 'changed'],
      ['Market Analysis', 'same'],
      ['Next Steps', 'new'],
      ['Risks', 'gone'],
    ]);
    expect(c.sections[0]).toMatchObject({ added: ['Better.'], removed: ['Meh.'] });
    expect(c.sections[2].added).toEqual(['1. Talk to ten parents.']);
    expect(c.sections[3].removed).toEqual(['Many.']);
    expect(c.score).toEqual({ before: 5, after: 6.5, change: 1.5 });
  });

  it.each([
    ['/api/validations/not-a-uuid', 400, /id must be a validation id/],
    ['/api/validations/compare?base=nope&head=' + UNKNOWN, 400, /base must be a validation id/],
    ['/api/validations/compare?base=' + UNKNOWN, 400, /head/],
    ['/api/validations/compare', 400, /base/],
    [`/api/validations/${UNKNOWN}`, 404, /Validation not found/],
    [`/api/validations/compare?base=${UNKNOWN}&head=${UNKNOWN}`, 404, /Validation not found/],
    [`/api/validations/${'a'.repeat(80)}`, 400, /validation id/],
  ])('GET %s → %i with a JSON error, never a 500', async (path, status, message) => {
    const r = await app.fetch(path);
    expect(r.status).toBe(status);
    const body = await json(r);
    expect(body.error.code).toBe(status === 400 ? 'bad_request' : 'not_found');
    expect(body.error.message).toMatch(message);
  });

  it('deletes for the holder of the token only; then the validation is not found', async () => {
    const v = await validate(broad);
    const other = await validate(narrow);
    const del = (id: string, token?: string) =>
      app.fetch(`/api/validations/${id}`, { method: 'DELETE', headers: token === undefined ? {} : { 'x-delete-token': token } });

    const missing = await del(v.id);
    expect(missing.status).toBe(401);
    expect((await json(missing)).error.code).toBe('unauthorized');
    const wrong = await del(v.id, other.deleteToken);
    expect(wrong.status).toBe(403);
    expect((await json(wrong)).error).toEqual({ code: 'forbidden', message: 'This delete token does not belong to this validation' });
    expect((await del(v.id, 'x'.repeat(300))).status).toBe(403);
    expect((await del('nope', v.deleteToken)).status).toBe(400);
    expect((await del('compare', v.deleteToken)).status).toBe(404); // a GET-only route, not an id
    expect((await del(UNKNOWN, v.deleteToken)).status).toBe(404);
    expect((await app.fetch(`/api/validations/${v.id}`)).status).toBe(200);

    const ok = await del(v.id, v.deleteToken);
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe('');
    expect((await app.fetch(`/api/validations/${v.id}`)).status).toBe(404);
    expect(await app.deps.repos.validations.get(v.id)).toBeNull();
    expect((await del(v.id, v.deleteToken)).status).toBe(404);
    expect((await app.fetch(`/api/validations/compare?base=${v.id}&head=${other.id}`)).status).toBe(404);
    expect((await app.fetch(`/api/validations/${other.id}`)).status).toBe(200);
  });

  it('refuses to delete a validation made before delete tokens existed', async () => {
    const old = await app.deps.repos.validations.create({ ...broad, feedback: '## Score: 7/10', provider: 'offline' });
    const r = await app.fetch(`/api/validations/${old.id}`, { method: 'DELETE', headers: { 'x-delete-token': 'anything' } });
    expect(r.status).toBe(403);
  });
});

describe.each(testDbs)('the score column migration ($label)', (kind) => {
  // Undo this migration by name: later migrations (e.g. the interview evidence) may follow it.
  const scoreMigration = { migrationSource, name: '20261128100000_validation_score_delete_token' };
  it('adds score and backfills old rows by parsing their feedback; down removes the columns', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.migrate();
      await db.knex.migrate.down(scoreMigration);
      expect(await db.knex.schema.hasColumn('validations', 'score')).toBe(false);
      const row = (id: string, feedback: string) => ({
        id,
        idea: 'i',
        target_customer: 'c',
        problem_solved: 'p',
        feedback,
        provider: 'openai',
        created_at: new Date(),
      });
      await db
        .knex('validations')
        .insert([
          row('10000000-0000-4000-8000-000000000001', '## Validation Score: 7.5/10\nGood.'),
          row('10000000-0000-4000-8000-000000000002', 'Intro\n\n**Score: 6/10**\n\n## Market\nOk.'),
          row('10000000-0000-4000-8000-000000000003', '## Overall score — 8 / 10\nStrong.'),
          row('10000000-0000-4000-8000-000000000004', '## Market\nNo number here.'),
        ]);
      await db.migrate();
      const scores = await db.knex('validations').select('id', 'score').orderBy('id');
      expect(scores.map((s: { score: unknown }) => (s.score === null ? null : Number(s.score)))).toEqual([7.5, 6, 8, null]);
      await db.knex.migrate.down(scoreMigration);
      expect(await db.knex.schema.hasColumn('validations', 'score')).toBe(false);
      expect(await db.knex.schema.hasColumn('validations', 'delete_token_hash')).toBe(false);
      expect(await db.knex('validations').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 4 }]);
    } finally {
      await drop();
    }
  });
});
