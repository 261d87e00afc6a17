import type { StoredValidationView, ValidationComparison } from '@val/contracts';
import { buildValidationReportPdf } from '@val/pdf';
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
    const r = await parse([...base, '--substitutes', 'Takeaways']);
    expect(r.code).toBe(0);
    expect(r.calls).toEqual([expect.objectContaining({ substitutes: 'Takeaways' })]);
    expect(validateRequestFromOptions(r.calls[0] as ValidateOptions)).toEqual({ ...inputs, substitutes: 'Takeaways' });
    expect((await parse(base)).code).toBe(0);
  });

  it('refuses it past its limit, naming the flag', async () => {
    const r = await parse([...base, '--substitutes', 'x'.repeat(501)]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--substitutes: substitutes must be at most 500 characters');
  });

  it('val validate --help lists it with its help text', async () => {
    const r = await parse(['validate', '--help']);
    expect(r.out).toMatch(/--substitutes <text>\s+what buyers use instead/);
  });

  it('val validations show and compare list it', () => {
    expect(formatValidation(stored({ substitutes: 'Takeaways' }), 'http://localhost:3000', styles(false))).toContain('Substitutes:     Takeaways');
    expect(formatValidation(stored({}), 'http://localhost:3000', styles(false))).not.toContain('Substitutes:');
    const c: ValidationComparison = {
      base: stored({}),
      head: stored({ substitutes: 'Takeaways' }),
      score: { before: 6, after: 6, change: 0 },
      inputs: {
        idea: { changed: false, parts: [{ op: 'same', text: inputs.idea }] },
        targetCustomer: { changed: false, parts: [{ op: 'same', text: inputs.targetCustomer }] },
        problemSolved: { changed: false, parts: [{ op: 'same', text: inputs.problemSolved }] },
        substitutes: { changed: true, parts: [{ op: 'added', text: 'Takeaways' }] },
      } as ValidationComparison['inputs'],
      sections: [],
    };
    expect(formatComparison(c, styles(false))).toContain('  Substitutes:     {+Takeaways+}');
  });

  it('the PDF prints it after the other inputs, and leaves it out when not given', () => {
    const data = { ...inputs, substitutes: 'Takeaways', feedback: '## Next Steps\nTalk to gyms.' };
    const titles = buildValidationReportPdf(data).sectionTitles;
    expect(titles.slice(0, 3)).toEqual(['Idea', 'Target Customer', 'Problem Solved']);
    expect(titles.slice(-2)).toEqual(['Substitutes', 'Next Steps']);
    expect(buildValidationReportPdf({ ...inputs, feedback: '## Next Steps\nTalk to gyms.' }).sectionTitles).toEqual([
      'Idea',
      'Target Customer',
      'Problem Solved',
      'Next Steps',
    ]);
  });
});
