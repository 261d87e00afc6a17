import { VALIDATION_INPUTS, validateRequestSchema, type ValidateRequest } from '@val/contracts';
import { validateTask } from '../../ai/tasks/validate';
import { trimmedValidation } from '../../services/validation';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { sseEvents } from '../../../test/sse';

/*
 * An input added to the description (`VALIDATION_INPUTS`) — here an optional "substitutes", as a
 * newcomer would add it — reaches the schema, the stream route, the stored row, the permalink's
 * answer and the comparison, with no other code changed: only its column is added (a migration).
 */
jest.mock('../../../../contracts/src/validationInputs', () => {
  const actual = jest.requireActual('../../../../contracts/src/validationInputs');
  actual.VALIDATION_INPUTS.push({
    name: 'substitutes',
    label: 'Substitutes',
    listLabel: 'Substitutes',
    pdfHeading: 'Substitutes',
    max: 500,
    required: false,
    multiline: false,
    placeholder: 'e.g. Takeaways, recipe apps',
    cli: { flag: 'substitutes', help: 'what buyers use instead' },
    column: 'substitutes',
  });
  return actual;
});

const idea = {
  idea: 'A mobile app that plans a week of cheap, healthy dinners from what is already in your fridge.',
  targetCustomer: 'Busy working parents with two or more kids',
  problemSolved: 'They waste money on food that spoils and spend 30 minutes every evening deciding what to cook.',
};
/** The request with the added input (typed loosely: the types know only the real description). */
const withSubstitutes = (substitutes: string) => ({ ...idea, substitutes }) as ValidateRequest;

describe('an input added to the description', () => {
  it('is in the description the test reads (the mock took)', () => {
    expect(VALIDATION_INPUTS.map((f) => f.name).slice(0, 3)).toEqual(['idea', 'targetCustomer', 'problemSolved']);
    expect(VALIDATION_INPUTS.at(-1)?.name).toBe('substitutes');
  });

  it('the request schema keeps it, caps it at its limit and lets the optional input be left out', () => {
    expect(validateRequestSchema.parse(withSubstitutes('Takeaways'))).toEqual({ ...idea, substitutes: 'Takeaways' });
    expect(validateRequestSchema.parse(idea)).toEqual(idea);
    const long = validateRequestSchema.safeParse(withSubstitutes('x'.repeat(501)));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('substitutes must be at most 500 characters');
  });

  it('the model gets it with the other inputs in the data it analyses (and the repair note stays out)', () => {
    const data = validateTask.data({ ...withSubstitutes('Takeaways'), repair: { answer: 'x', request: 'y' } }) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['idea', 'targetCustomer', 'problemSolved', 'substitutes', 'fact_sheet']);
    expect(data.substitutes).toBe('Takeaways');
  });

  it('trimming keeps every described input (a blank optional one is left out)', () => {
    expect(trimmedValidation(withSubstitutes('  Takeaways  '))).toEqual({ ...idea, substitutes: 'Takeaways' });
    expect(trimmedValidation(withSubstitutes('   '))).toEqual(idea);
  });
});

describe.each(testDbs)('an input added to the description, through the API ($label)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { AI_PROVIDER: 'offline', VALIDATE_RATE_LIMIT_PER_MINUTE: '1000' } });
    // What the new input's migration adds: its column.
    await app.deps.db.knex.schema.alterTable('validations', (t) => {
      t.text('substitutes').nullable();
    });
  });
  afterAll(() => app.close());

  it('the stream route answers and stores it; the permalink and the comparison show it', async () => {
    const r = await app.fetch('/api/validate/stream', { method: 'POST', json: withSubstitutes('  Takeaways, recipe apps ') });
    expect(r.status).toBe(200);
    const done = (await sseEvents(r)).at(-1);
    expect(done?.event).toBe('done');
    const d = done?.data as { id: string; substitutes?: string };
    expect(d.substitutes).toBe('Takeaways, recipe apps');

    const row = await app.deps.db.knex('validations').where({ id: d.id }).first();
    expect(row.substitutes).toBe('Takeaways, recipe apps');
    expect(await json(await app.fetch(`/api/validations/${d.id}`))).toMatchObject({ ...idea, substitutes: 'Takeaways, recipe apps' });

    const before = await json(await app.fetch('/api/validate', { method: 'POST', json: idea }));
    expect(before.substitutes).toBeUndefined();
    expect((await app.deps.db.knex('validations').where({ id: before.id }).first()).substitutes).toBeNull();
    const c = await json(await app.fetch(`/api/validations/compare?base=${before.id}&head=${d.id}`));
    expect(c.inputs.substitutes).toEqual({ changed: true, parts: [{ op: 'added', text: 'Takeaways, recipe apps' }] });
    expect(c.inputs.idea.changed).toBe(false);
  });

  it('refuses it past its limit with a 400 naming it, on both routes', async () => {
    for (const path of ['/api/validate', '/api/validate/stream']) {
      const r = await app.fetch(path, { method: 'POST', json: withSubstitutes('x'.repeat(501)) });
      expect(r.status).toBe(400);
      expect((await json(r)).error.message).toMatch(/substitutes must be at most 500 characters/);
    }
  });
});
