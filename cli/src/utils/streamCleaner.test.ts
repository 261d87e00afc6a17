import { cleanFeedbackForDisplay } from '@val/contracts';
import { StreamCleaner } from './streamCleaner';

/** Feeds `text` in pieces of `size` characters; returns everything printed. */
function run(text: string, size: number): string {
  const c = new StreamCleaner();
  let out = '';
  for (let i = 0; i < text.length; i += size) out += c.feed(text.slice(i, i + size));
  return out + c.end();
}

const feedback = [
  'Sure! Here is what I think',
  '```markdown',
  '## Overall Score: 7/10',
  'A solid idea with a clear buyer.',
  '',
  '## Market Opportunity',
  '- Climbing gyms are growing',
  '```',
  '## Next Steps',
  'Talk to ten gym owners.',
].join('\n');

describe('StreamCleaner', () => {
  it.each([1, 2, 5, 17, 1000])('prints what the display rule keeps, in chunks of %i', (size) => {
    expect(run(feedback, size).trim()).toBe(cleanFeedbackForDisplay(feedback));
  });

  it('lets text out as soon as a heading has been seen (before the line ends)', () => {
    const c = new StreamCleaner();
    expect(c.feed('Intro line\n')).toBe('');
    expect(c.feed('## Risk Analysis\nThe main ri')).toBe('## Risk Analysis\nThe main ri');
    expect(c.feed('sk is churn')).toBe('sk is churn');
    expect(c.feed('\n``')).toBe('\n');
    expect(c.feed('`\nok')).toBe('ok');
  });

  it('keeps the whole text when there is no heading at all', () => {
    const text = 'Just one paragraph without headings.\nAnd another one.';
    expect(run(text, 3).trim()).toBe(cleanFeedbackForDisplay(text));
  });
});
