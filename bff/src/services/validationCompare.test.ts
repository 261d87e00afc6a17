import { sectionKey, wordDiff } from './validationCompare';

const show = (before: string, after: string) =>
  wordDiff(before, after)
    .parts.map((p) => (p.op === 'added' ? `{+${p.text}+}` : p.op === 'removed' ? `[-${p.text}-]` : p.text))
    .join('');

describe('wordDiff', () => {
  it.each([
    ['Everyone who cooks', 'Busy working parents with two or more kids', '[-Everyone who cooks-]{+Busy working parents with two or more kids+}'],
    ['Everyone who exercises', 'Boulderers at city climbing gyms who train four evenings a week', '[-Everyone-]{+Boulderers at city climbing gyms+} who [-exercises-]{+train four evenings a week+}'],
    ['People waste food', 'People waste $1,500 of food a year', 'People waste {+$1,500 of +}food{+ a year+}'],
    ['Same text', 'Same text', 'Same text'],
    ['', 'New', '{+New+}'],
  ])('%j → %j', (before, after, expected) => {
    expect(show(before, after)).toBe(expected);
    const d = wordDiff(before, after);
    expect(d.changed).toBe(before !== after);
    expect(d.parts.filter((p) => p.op !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(d.parts.filter((p) => p.op !== 'removed').map((p) => p.text).join('')).toBe(after);
  });
});

describe('sectionKey', () => {
  it('matches a score section across its number', () => {
    expect(sectionKey('Validation Score: 6.0/10')).toBe(sectionKey('Validation Score: 7.5 / 10'));
    expect(sectionKey('Market Opportunity')).not.toBe(sectionKey('Market Analysis'));
  });
});
