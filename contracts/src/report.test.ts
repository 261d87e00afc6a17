import {
  FALLBACK_SECTION_TITLE,
  cleanFeedbackForDisplay,
  headingTitle,
  isReportHeading,
  markdownToPlainLines,
  reportFileName,
  splitReportSections,
} from './report';

describe('isReportHeading', () => {
  it.each([
    '## Validation Score: 7.5/10',
    'Market Analysis',
    '**Target Customer**',
    '### Revenue Streams:',
    'Next Steps',
    'RISK ASSESSMENT',
    '# Success Metrics',
    'Suggestions for the pitch',
    'Launch timeline',
    'Simulation results',
    '__Customer Segments__',
    '1. Market Size',
    `${'x'.repeat(80)} market`,
  ])('recognises %j', (line) => expect(isReportHeading(line)).toBe(true));

  it.each([
    ['a line that ends in a full stop', 'The market is large.'],
    ['a bold line that ends in a full stop', '**Your customer will love it.**'],
    ['a line without a keyword', '## Overall Verdict'],
    ['a line of 100 characters or more', `${'x'.repeat(94)} market`],
    ['a bullet item', '- Market: growing 12% a year'],
    ['a starred bullet', '* Revenue from subscriptions'],
    ['a table row', '| Market | Size |'],
    ['a block quote', '> Customers said it best'],
    ['a code fence', '```market'],
    ['an empty line', '   '],
  ])('rejects %s', (_label, line) => expect(isReportHeading(line)).toBe(false));

  it('matches keywords case-insensitively and inside longer words', () => {
    expect(isReportHeading('CUSTOMERS')).toBe(true);
    expect(isReportHeading('Marketplace dynamics')).toBe(true);
  });
});

describe('headingTitle', () => {
  it('strips heading marks, bold markers and a trailing colon', () => {
    expect(headingTitle('## **Revenue Options:**')).toBe('Revenue Options');
    expect(headingTitle('### Next Steps ###')).toBe('Next Steps');
  });
});

describe('reportFileName', () => {
  const at = 1_732_000_123_456;
  it('is val-report, the first three words of the idea, a six-digit time suffix and .pdf', () => {
    expect(reportFileName('AI-powered Meal Planner for busy parents', at)).toBe('val-report-aipowered-meal-planner-123456.pdf');
  });
  it('keeps safe characters only, folds accents and lower-cases', () => {
    expect(reportFileName('  Café / Crème  brûlée!! delivery ', at)).toBe('val-report-cafe-creme-brulee-123456.pdf');
    expect(reportFileName('../../etc/passwd <script>', at)).toBe('val-report-etcpasswd-script-123456.pdf');
  });
  it('works with fewer than three words or none usable', () => {
    expect(reportFileName('Drones', at)).toBe('val-report-drones-123456.pdf');
    expect(reportFileName('🚀 !!!', at)).toBe('val-report-idea-123456.pdf');
  });
  it('pads the time suffix to six digits and accepts a Date', () => {
    expect(reportFileName('a b c', 1_000_000_000_042)).toBe('val-report-a-b-c-000042.pdf');
    expect(reportFileName('a b c', new Date(at))).toMatch(/-123456\.pdf$/);
    expect(reportFileName('My big idea')).toMatch(/^val-report-my-big-idea-\d{6}\.pdf$/);
  });
});

describe('cleanFeedbackForDisplay', () => {
  it('drops the text before the first heading line and every code-fence marker', () => {
    const raw = 'Sure! Here is my analysis of your idea:\n\n```markdown\n## Validation Score: 7/10\nGood.\n```\n';
    expect(cleanFeedbackForDisplay(raw)).toBe('## Validation Score: 7/10\nGood.');
  });
  it('treats a markdown heading without a keyword as the first heading too', () => {
    expect(cleanFeedbackForDisplay('Hello there.\n# Overall Verdict\nText.\n## Market\nMore.')).toBe('# Overall Verdict\nText.\n## Market\nMore.');
  });
  it('keeps text that has no heading at all', () => {
    expect(cleanFeedbackForDisplay('Just a paragraph.\nAnd another.')).toBe('Just a paragraph.\nAnd another.');
  });
  it('keeps code that was inside a fence, without the fence', () => {
    expect(cleanFeedbackForDisplay('## Next Steps\n~~~\nstep one\n~~~')).toBe('## Next Steps\nstep one');
  });
});

describe('splitReportSections', () => {
  it('splits by the heading rule and titles each section', () => {
    const md = '## Validation Score: 8/10\nStrong.\n\n**Market Analysis**\nBig market.\n- Market: growing\n\n## Next Steps\n1. Talk to users.';
    expect(splitReportSections(md)).toEqual([
      { title: 'Validation Score: 8/10', body: 'Strong.' },
      { title: 'Market Analysis', body: 'Big market.\n- Market: growing' },
      { title: 'Next Steps', body: '1. Talk to users.' },
    ]);
  });
  it(`puts text before the first heading under '${FALLBACK_SECTION_TITLE}'`, () => {
    expect(splitReportSections('Intro words.\n\n## Risks\nSome.')).toEqual([
      { title: 'Analysis Overview', body: 'Intro words.' },
      { title: 'Risks', body: 'Some.' },
    ]);
  });
  it(`uses '${FALLBACK_SECTION_TITLE}' when nothing is a heading`, () => {
    expect(splitReportSections('One.\nTwo.')).toEqual([{ title: 'Analysis Overview', body: 'One.\nTwo.' }]);
    expect(splitReportSections('')).toEqual([]);
  });
  it('ignores code fences', () => {
    expect(splitReportSections('```\n## Success Metrics\n10 users.\n```')).toEqual([{ title: 'Success Metrics', body: '10 users.' }]);
  });
});

describe('markdownToPlainLines', () => {
  it('removes markup for print and keeps link addresses visible', () => {
    expect(
      markdownToPlainLines(
        '## Title\n- **Bold** item with `code`\n  * nested _item_\n\n\n[Docs](https://example.com) and ![img](https://x/y.png)\n---\n| a | b |\n|---|---|',
      ),
    ).toEqual(['Title', '• Bold item with code', '  • nested item', '', 'Docs (https://example.com) and img', '', 'a  ·  b']);
  });
});

describe('nextMonthUsers', () => {
  it('is the entry’s own next-month number, else the next month’s users, else null', async () => {
    const { nextMonthUsers } = await import('./simulation');
    const months = [
      { month: 1, users: 120 },
      { month: 2, users: 168 },
    ];
    expect(nextMonthUsers(months, 1)).toBe(168);
    expect(nextMonthUsers(months, 2)).toBeNull();
    expect(nextMonthUsers({ month: 6, users: 400, nextMonthUsers: 455 }, 6)).toBe(455);
    expect(nextMonthUsers(undefined, 1)).toBeNull();
  });
});
