import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { StoredValidationView, ValidationComparison } from '@val/contracts';
import Comparison from '../compare/Comparison';
import { ValidationLab } from './ValidationLab';

/*
 * An input added to the description (`VALIDATION_INPUTS`), as a newcomer would add it, shows in
 * the lab's form and in the comparison with no other code changed; the spec's inputs keep their
 * labels, examples and limits.
 */
jest.mock('../../../contracts/src/validationInputs', () => {
  const actual = jest.requireActual('../../../contracts/src/validationInputs');
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

/** Each form control: its tag, name, maxlength and placeholder, in order. */
const controls = (html: string) =>
  [...html.matchAll(/<(input|textarea)\b([^>]*)>/g)].map(([, tag, attrs]) => {
    const attr = (n: string) => new RegExp(`${n}="([^"]*)"`).exec(attrs)?.[1];
    return { tag, name: attr('name'), maxLength: Number(attr('maxLength') ?? attr('maxlength')), placeholder: attr('placeholder') };
  });
const labels = (html: string) => [...html.matchAll(/<label[^>]*>(?:<[^>]+>)*([^<]+)</g)].map((m) => m[1]);

describe('the lab form follows the inputs description', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <ValidationLab validation={null} />
    </MemoryRouter>,
  );

  it('keeps the spec inputs as they were and adds the described one after them', () => {
    const shown = controls(html);
    expect(shown.slice(0, 3)).toEqual([
      {
        tag: 'textarea',
        name: 'idea',
        maxLength: 4000,
        placeholder: 'e.g. An app that plans a week of cheap, healthy dinners from what is already in your fridge',
      },
      { tag: 'input', name: 'targetCustomer', maxLength: 1000, placeholder: 'e.g. Busy working parents' },
      { tag: 'input', name: 'problemSolved', maxLength: 2000, placeholder: 'e.g. Dinner planning wastes time' },
    ]);
    expect(shown.at(-1)).toEqual({ tag: 'input', name: 'substitutes', maxLength: 500, placeholder: 'e.g. Takeaways, recipe apps' });
    expect(labels(html)).toEqual(expect.arrayContaining(['Your startup idea', 'Target customer', 'Problem solved', 'Substitutes']));
  });

  it('the comparison lists it when a version has it', () => {
    const v = (extra: object): StoredValidationView => ({
      id: '00000000-0000-4000-8000-000000000001',
      idea: 'Meal kits',
      targetCustomer: 'Climbers',
      problemSolved: 'No food',
      ...extra,
      feedback: '## Next Steps\nGo.',
      provider: 'offline',
      score: 6,
      createdAt: '2026-01-31T14:05:09.000Z',
    });
    const same = (text: string) => ({ changed: false, parts: [{ op: 'same' as const, text }] });
    const c: ValidationComparison = {
      base: v({}),
      head: v({ substitutes: 'Takeaways' }),
      score: { before: 6, after: 6, change: 0 },
      inputs: {
        idea: same('Meal kits'),
        targetCustomer: same('Climbers'),
        problemSolved: same('No food'),
        substitutes: { changed: true, parts: [{ op: 'added', text: 'Takeaways' }] },
      } as ValidationComparison['inputs'],
      sections: [],
    };
    const out = renderToStaticMarkup(
      <MemoryRouter>
        <Comparison comparison={c} />
      </MemoryRouter>,
    );
    expect(out).toMatch(/<dt>Substitutes<\/dt><dd><ins[^>]*>Takeaways<\/ins><\/dd>/);
    const listed = [...out.matchAll(/<dt>([^<]*)<\/dt>/g)].map((m) => m[1]);
    expect(listed.slice(0, 3)).toEqual(['Idea', 'Target customer', 'Problem solved']);
    expect(listed.at(-1)).toBe('Substitutes');
  });
});
