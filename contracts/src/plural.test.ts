import { countOf, plural } from './plural';

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
