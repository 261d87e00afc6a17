import type { StoredValidationView, ValidationComparison } from '@val/contracts';
import { buildValidationReportPdf } from '@val/contracts/dist/pdf/validationReport';
import { main } from './index';
import { formatComparison, formatValidation } from './commands/validations';
import { validateRequestFromOptions, type ValidateOptions } from './commands/validate';
import { styles } from './context';
import { fakeContext } from '../test/fakeContext';

/*
 * An input added to the description (`VALIDATION_INPUTS`), as a newcomer would add it: the CLI
 * takes its flag, sends it, lists it in `val validations show` and `compare`, and the PDF prints
 * it, with no other code changed.
 */
jest.mock('../../contracts/src/validationInputs', () => {
  const actual = jest.requireActual('../../contracts/src/validationInputs');
  actual.VALIDATION_INPUTS.push({
    name: 'competitors',
    label: 'Competitors',
    listLabel: 'Competitors',
    pdfHeading: 'Competitors',
    max: 500,
    required: false,
    multiline: false,
    placeholder: 'e.g. Mealime, HelloFresh',
    cli: { flag: 'competitors', help: 'who else solves it' },
    column: 'competitors',
  });
  return actual;
});

const inputs = { idea: 'Meal kits for climbers', targetCustomer: 'Boulderers', problemSolved: 'No quick food at the gym' };
const stored = (extra: object): StoredValidationView => ({
  id: '00000000-0000-4000-8000-000000000001',
  ...inputs,
  ...extra,
  feedback: '## Market Analysis\nSmall.',
  provider: 'offline',
  score: 6,
  createdAt: '2026-01-31T14:05:09.000Z',
});

async function parse(args: string[]) {
  const ctx = fakeContext({ env: {} });
  const calls: unknown[] = [];
  const code = await main(['node', 'val', ...args], ctx, { validate: async (o: unknown) => void calls.push(o) });
  return { code, calls, out: ctx.stdout.text, err: ctx.stderr.text };
}

describe('an input added to the description, in the CLI and the PDF', () => {
  const base = ['validate', '--idea', inputs.idea, '--customer', inputs.targetCustomer, '--problem', inputs.problemSolved];

  it('val validate takes its flag (optional, as described) and sends it as the described field', async () => {
    const r = await parse([...base, '--competitors', 'Mealime']);
    expect(r.code).toBe(0);
    expect(r.calls).toEqual([expect.objectContaining({ competitors: 'Mealime' })]);
    expect(validateRequestFromOptions(r.calls[0] as ValidateOptions)).toEqual({ ...inputs, competitors: 'Mealime' });
    expect((await parse(base)).code).toBe(0);
  });

  it('refuses it past its limit, naming the flag', async () => {
    const r = await parse([...base, '--competitors', 'x'.repeat(501)]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--competitors: competitors must be at most 500 characters');
  });

  it('val validate --help lists it with its help text', async () => {
    const r = await parse(['validate', '--help']);
    expect(r.out).toMatch(/--competitors <text>\s+who else solves it/);
  });

  it('val validations show and compare list it', () => {
    expect(formatValidation(stored({ competitors: 'Mealime' }), 'http://localhost:3000', styles(false))).toContain('Competitors:     Mealime');
    expect(formatValidation(stored({}), 'http://localhost:3000', styles(false))).not.toContain('Competitors:');
    const c: ValidationComparison = {
      base: stored({}),
      head: stored({ competitors: 'Mealime' }),
      score: { before: 6, after: 6, change: 0 },
      inputs: {
        idea: { changed: false, parts: [{ op: 'same', text: inputs.idea }] },
        targetCustomer: { changed: false, parts: [{ op: 'same', text: inputs.targetCustomer }] },
        problemSolved: { changed: false, parts: [{ op: 'same', text: inputs.problemSolved }] },
        competitors: { changed: true, parts: [{ op: 'added', text: 'Mealime' }] },
      } as ValidationComparison['inputs'],
      sections: [],
    };
    expect(formatComparison(c, styles(false))).toContain('  Competitors:     {+Mealime+}');
  });

  it('the PDF prints it after the other inputs, and leaves it out when not given', () => {
    const data = { ...inputs, competitors: 'Mealime', feedback: '## Next Steps\nTalk to gyms.' };
    expect(buildValidationReportPdf(data).sectionTitles).toEqual(['Idea', 'Target Customer', 'Problem Solved', 'Competitors', 'Next Steps']);
    expect(buildValidationReportPdf({ ...inputs, feedback: '## Next Steps\nTalk to gyms.' }).sectionTitles).toEqual([
      'Idea',
      'Target Customer',
      'Problem Solved',
      'Next Steps',
    ]);
  });
});
