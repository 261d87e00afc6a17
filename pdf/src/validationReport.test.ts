import { PDFParse } from 'pdf-parse';
import { buildValidationReportPdf, printableText } from './validationReport';

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: bytes });
  try {
    const r = await parser.getText();
    return { text: r.text, pages: r.total };
  } finally {
    await parser.destroy();
  }
}

const data = {
  idea: 'AI-powered meal planner — for busy parents who “hate” deciding what to cook.',
  targetCustomer: 'Working parents with kids under 10',
  problemSolved: 'Deciding dinner every evening takes 30 minutes and food gets wasted.',
  feedback: [
    'Here is my analysis of your idea:',
    '',
    '```markdown',
    '## Validation Score: 7.2/10',
    'A **promising** idea → test it.',
    '',
    '## Market Opportunity',
    '- Families spend a lot on food.',
    '- [Source](https://example.com/report)',
    '',
    '**Next Steps**',
    '1. Talk to 10 parents.',
    '```',
  ].join('\n'),
};

describe('buildValidationReportPdf (the shared jspdf builder)', () => {
  it('writes the title, the three inputs and the analysis sections, in order', async () => {
    const pdf = buildValidationReportPdf(data, { generatedAt: new Date(Date.UTC(2026, 0, 31, 12, 0, 0, 654_321 % 1000)) });
    expect(pdf.sectionTitles).toEqual(['Idea', 'Target Customer', 'Problem Solved', 'Validation Score: 7.2/10', 'Market Opportunity', 'Next Steps']);
    expect(pdf.fileName).toMatch(/^val-report-aipowered-meal-planner-\d{6}\.pdf$/);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf.bytes);
    expect(pages).toBe(1);
    const order = [
      'Startup Idea Validation Report',
      'Idea',
      'Target Customer',
      'Working parents with kids under 10',
      'Problem Solved',
      'Validation Score: 7.2/10',
      'Market Opportunity',
      'Next Steps',
      'Page 1 of 1',
    ];
    let at = -1;
    for (const s of order) {
      const i = text.indexOf(s, at + 1);
      expect({ s, found: i > at }).toEqual({ s, found: true });
      at = i;
    }
    expect(text).toContain('A promising idea -> test it.');
    expect(text).toContain('Source (https://example.com/report)');
    expect(text).not.toContain('```');
    expect(text).not.toContain('Here is my analysis');
    expect(text).not.toContain('**');
  });

  it('wraps long text and flows a long analysis onto more pages, numbered in the footer', async () => {
    const paragraph = 'This sentence is deliberately long so that the line has to wrap across the width of the page several times. ';
    const feedback = Array.from({ length: 12 }, (_, i) => `## Risk ${i + 1}\n${paragraph.repeat(6)}`).join('\n\n');
    const pdf = buildValidationReportPdf({ ...data, feedback });
    expect(pdf.pageCount).toBeGreaterThanOrEqual(3);
    const { text, pages } = await pdfText(pdf.bytes);
    expect(pages).toBe(pdf.pageCount);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text).toContain('Risk 12');
  });

  it('puts an analysis without headings under Analysis Overview', () => {
    expect(buildValidationReportPdf({ ...data, feedback: 'Just some plain thoughts.' }).sectionTitles.slice(3)).toEqual(['Analysis Overview']);
  });
});

describe('printableText', () => {
  it('keeps WinAnsi characters, spells out common symbols and drops the rest', () => {
    expect(printableText('Café “quotes” — €5 → ≥ 2 ✓ 🚀 中')).toBe('Café “quotes” — €5 -> >= 2 -  ');
    expect(printableText('£40, ¥3,000, ₹5,000 and ₦20,000 a month')).toBe('£40, ¥3,000, INR 5,000 and NGN 20,000 a month');
  });
});
