import { countInWords, countOf, listInWords, plural } from './plural';

describe('plural and countOf', () => {
  it('use the singular for exactly one and the plural for every other count', () => {
    expect(countOf(1, 'click')).toBe('1 click');
    expect(countOf(0, 'click')).toBe('0 clicks');
    expect(countOf(2, 'validation')).toBe('2 validations');
    expect(countOf(1234, 'click')).toBe('1,234 clicks');
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
    expect(plural(1, 'form submission')).toBe('form submission');
    expect(plural(7, 'form submission')).toBe('form submissions');
  });
});

describe('countInWords and listInWords', () => {
  it('write small counts in words and larger ones in grouped digits', () => {
    expect(countInWords(7)).toBe('seven');
    expect(countInWords(8, { capital: true })).toBe('Eight');
    expect(countInWords(0)).toBe('zero');
    expect(countInWords(12)).toBe('twelve');
    expect(countInWords(13)).toBe('13');
    expect(countInWords(1234, { capital: true })).toBe('1,234');
    expect(countInWords(2.5)).toBe('2.5');
  });

  it('join a list with commas and a final "and"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['plan'])).toBe('plan');
    expect(listInWords(['plan', 'pitch'])).toBe('plan and pitch');
    expect(listInWords(['build', 'plan', 'learn'])).toBe('build, plan and learn');
  });
});
