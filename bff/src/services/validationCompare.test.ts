import { VALIDATION_LIMITS, type InputDiff, type StoredValidationView } from '@val/contracts';
import { compareValidations, sectionDiff, sectionKey, wordDiff } from './validationCompare';

const show = (before: string, after: string) =>
  wordDiff(before, after)
    .parts.map((p) => (p.op === 'added' ? `{+${p.text}+}` : p.op === 'removed' ? `[-${p.text}-]` : p.text))
    .join('');

describe('wordDiff', () => {
  it.each([
    ['Everyone who cooks', 'Busy working parents with two or more kids', '[-Everyone who cooks-]{+Busy working parents with two or more kids+}'],
    [
      'Everyone who exercises',
      'Boulderers at city climbing gyms who train four evenings a week',
      '[-Everyone-]{+Boulderers at city climbing gyms+} who [-exercises-]{+train four evenings a week+}',
    ],
    ['People waste food', 'People waste $1,500 of food a year', 'People waste {+$1,500 of +}food{+ a year+}'],
    ['Same text', 'Same text', 'Same text'],
    ['', 'New', '{+New+}'],
  ])('%j → %j', (before, after, expected) => {
    expect(show(before, after)).toBe(expected);
    const d = wordDiff(before, after);
    expect(d.changed).toBe(before !== after);
    expect(
      d.parts
        .filter((p) => p.op !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      d.parts
        .filter((p) => p.op !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });
});

describe('sectionKey', () => {
  it('matches a score section across its number', () => {
    expect(sectionKey('Validation Score: 6.0/10')).toBe(sectionKey('Validation Score: 7.5 / 10'));
    expect(sectionKey('Market Opportunity')).not.toBe(sectionKey('Market Analysis'));
  });
});

/** A text of `length` characters made of 1–3-letter words (a seeded generator, so runs repeat). */
function shortWords(length: number, seed: number, letters = 'abcdefghij'): string {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) & 0x7fffffff);
  let out = '';
  while (out.length < length) {
    let w = '';
    for (let i = 0, n = 1 + (next() % 3); i < n; i++) w += letters[next() % letters.length];
    out += (out ? ' ' : '') + w;
  }
  return out.slice(0, length);
}

const reconstructs = (d: InputDiff, before: string, after: string) => {
  expect(
    d.parts
      .filter((p) => p.op !== 'added')
      .map((p) => p.text)
      .join(''),
  ).toBe(before);
  expect(
    d.parts
      .filter((p) => p.op !== 'removed')
      .map((p) => p.text)
      .join(''),
  ).toBe(after);
};

const view = (over: Partial<StoredValidationView>): StoredValidationView => ({
  id: '00000000-0000-4000-8000-000000000001',
  idea: 'An app',
  targetCustomer: 'Cooks',
  problemSolved: 'Waste',
  feedback: '## Market Analysis\nBig market.',
  provider: 'offline',
  score: 6,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('wordDiff on inputs no edit script fits', () => {
  it('two maximum-length texts of 1–3-letter words: a readable change (start and end kept, the rest replaced), both texts intact', () => {
    const before = shortWords(VALIDATION_LIMITS.idea, 1);
    const after = `${before.slice(0, 30)}${shortWords(VALIDATION_LIMITS.idea - 60, 2)}${before.slice(-30)}`;
    const d = wordDiff(before, after);
    reconstructs(d, before, after);
    expect(d.changed).toBe(true);
    expect(d.parts.map((p) => p.op)).toEqual(['same', 'removed', 'added', 'same']);
    expect(d.parts[0].text.length).toBeGreaterThanOrEqual(25);
    expect(d.parts[3].text.length).toBeGreaterThanOrEqual(25);
  });

  it('a long text rewritten sentence by sentence shows the sentences that changed, the others as the same', () => {
    const sentence = (i: number) => `Sentence ${i} says ${shortWords(60, i)}.`;
    const base = Array.from({ length: 40 }, (_, i) => sentence(i));
    const head = base.map((s, i) => (i % 8 === 3 ? `Rewritten ${i}: ${shortWords(60, 1000 + i)}.` : s));
    const before = base.join(' ');
    const after = head.join(' ');
    const d = wordDiff(before, after);
    reconstructs(d, before, after);
    const removed = d.parts.filter((p) => p.op === 'removed').map((p) => p.text.trim());
    expect(removed).toEqual(base.filter((_, i) => i % 8 === 3));
    expect(
      d.parts
        .filter((p) => p.op === 'same')
        .map((p) => p.text)
        .join(''),
    ).toContain(base[10]);
  });

  it('a few words changed in a maximum-length text still get a word-level diff', () => {
    const before = shortWords(VALIDATION_LIMITS.idea, 3);
    const words = before.split(' ');
    const after = words.map((w, i) => (i % 200 === 100 ? 'CHANGED' : w)).join(' ');
    const d = wordDiff(before, after);
    reconstructs(d, before, after);
    expect(d.parts.filter((p) => p.op === 'added').map((p) => p.text)).toEqual(words.filter((_, i) => i % 200 === 100).map(() => 'CHANGED'));
  });
});

describe('compareValidations', () => {
  it('gives way to other work while it runs (a /healthz waiting on the same process is answered in between)', async () => {
    const base = view({ idea: shortWords(VALIDATION_LIMITS.idea, 5), targetCustomer: shortWords(VALIDATION_LIMITS.targetCustomer, 6) });
    const head = view({
      id: '00000000-0000-4000-8000-000000000002',
      idea: shortWords(VALIDATION_LIMITS.idea, 7),
      targetCustomer: shortWords(VALIDATION_LIMITS.targetCustomer, 8),
    });
    const order: string[] = [];
    const done = Promise.resolve(compareValidations(base, head)).then((c) => {
      order.push('compare');
      return c;
    });
    setImmediate(() => order.push('other work'));
    const c = await done;
    expect(order[0]).toBe('other work');
    reconstructs(c.inputs.idea, base.idea, head.idea);
    expect(c.score).toEqual({ before: 6, after: 6, change: 0 });
  });

  it('answers the same pair twice alike, and each answer carries its own views', async () => {
    const base = view({ idea: 'Meal kits for everyone' });
    const head = view({
      id: '00000000-0000-4000-8000-000000000003',
      idea: 'Meal kits for busy parents',
      score: 7.5,
      feedback: '## Market Analysis\nBigger market.',
    });
    const first = await compareValidations(base, head);
    const second = await compareValidations(base, { ...head, createdAt: '2025-02-01T00:00:00.000Z' });
    expect(second.inputs).toEqual(first.inputs);
    expect(second.sections).toEqual([{ title: 'Market Analysis', state: 'changed', added: ['Bigger market.'], removed: ['Big market.'] }]);
    expect(second.head.createdAt).toBe('2025-02-01T00:00:00.000Z');
    expect(second.score.change).toBe(1.5);
  });
});

describe('sectionDiff on sections no edit script fits', () => {
  it('thousands of one-letter lines: the lines kept at the start and end stay, the rest is removed and added', () => {
    const lines = (seed: number) => shortWords(6000, seed, 'ab').split(' ');
    const a = lines(11);
    const b = [...a.slice(0, 5), ...lines(12), ...a.slice(-5)];
    const [s] = sectionDiff(`## Market Analysis\n${a.join('\n')}`, `## Market Analysis\n${b.join('\n')}`);
    expect(s.state).toBe('changed');
    expect(s.removed).toEqual(a.slice(5, -5));
    expect(s.added).toEqual(b.slice(5, -5));
  });
});
