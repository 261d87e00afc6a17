import { cleanFeedbackForDisplay, isReportHeading, splitReportSections } from '@val/contracts';
import { detectDomain, detectSegment, offlineValidation, profileIdea, readSpecificity, readUrgency, type ValidationInput } from './validation';

const petIdea: ValidationInput = {
  idea: 'A subscription box of fresh, vet-approved dog food delivered every two weeks, portioned for the dog’s breed and weight.',
  targetCustomer: 'First-time dog owners aged 25-40 living in city apartments',
  problemSolved:
    'They waste 3 hours a week researching what to feed, pay too much at pet stores and worry their dog is getting sick from cheap kibble.',
};

const b2bIdea: ValidationInput = {
  idea: 'A SaaS dashboard that automatically chases late invoices for agencies by email and SMS, and predicts which clients will pay late.',
  targetCustomer: 'Owners of marketing agencies with 5 to 50 staff in the UK',
  problemSolved: 'Agencies lose thousands of dollars every month to late payments and spend hours manually chasing clients, which hurts cash flow.',
};

const vagueIdea: ValidationInput = {
  idea: 'An app for fun.',
  targetCustomer: 'Everyone',
  problemSolved: 'It would be nice to have sometimes.',
};

const SECTION_KEYWORDS = ['score', 'market', 'customer', 'urgency', 'revenue', 'risk', 'steps', 'success'];

const headingsOf = (md: string) => md.split('\n').filter((l) => isReportHeading(l));

describe('the offline validation analyst', () => {
  it.each([petIdea, b2bIdea, vagueIdea])('answers with every section, each under a heading the PDF rule recognises (%#)', (input) => {
    const md = offlineValidation(input);
    const titles = splitReportSections(md).map((s) => s.title.toLowerCase());
    for (const k of SECTION_KEYWORDS) expect(titles.some((t) => t.includes(k))).toBe(true);
    // Every detected heading is a markdown heading the analyst meant, and vice versa: no body line
    // (even one quoting the founder) is mistaken for a heading.
    const mdHeadings = md.split('\n').filter((l) => l.startsWith('## '));
    expect(headingsOf(md)).toEqual(mdHeadings);
    expect(mdHeadings.length).toBeGreaterThanOrEqual(8);
    // It starts with a heading, so display cleaning keeps all of it.
    expect(cleanFeedbackForDisplay(md)).toBe(md);
    expect(splitReportSections(md).every((s) => s.body.length > 40)).toBe(true);
  });

  it('talks about the founder’s own words', () => {
    const md = offlineValidation(petIdea);
    expect(md).toContain('first-time dog owners aged 25-40 living in city apartments');
    expect(md).toContain('3 hours a week');
    expect(md).toContain('pet care');
    const b = offlineValidation(b2bIdea);
    expect(b).toContain('owners of marketing agencies with 5 to 50 staff in the UK');
    expect(b).toMatch(/B2B/);
  });

  it('gives two different ideas clearly different feedback', () => {
    const a = offlineValidation(petIdea);
    const b = offlineValidation(b2bIdea);
    const linesA = new Set(a.split('\n').filter((l) => l.trim() && !l.startsWith('## ')));
    const linesB = b.split('\n').filter((l) => l.trim() && !l.startsWith('## '));
    const shared = linesB.filter((l) => linesA.has(l));
    // Less than a quarter of the body lines are the same.
    expect(shared.length / linesB.length).toBeLessThan(0.25);
    expect(a.split('\n')[0]).not.toEqual(b.split('\n')[0]);
  });

  it('is deterministic for the same input', () => {
    expect(offlineValidation(petIdea)).toBe(offlineValidation({ ...petIdea }));
  });

  it('scores a specific, urgent, quantified problem well above a vague nice-to-have', () => {
    const strong = profileIdea(b2bIdea);
    const weak = profileIdea(vagueIdea);
    expect(strong.score).toBeGreaterThanOrEqual(7);
    expect(weak.score).toBeLessThanOrEqual(4);
    expect(offlineValidation(vagueIdea)).toMatch(/too broad|nice-to-have/);
  });

  it('detects the market from a lexicon', () => {
    expect(detectDomain(petIdea).domain.id).toBe('pets');
    expect(detectDomain(b2bIdea).domain.id).toBe('finance');
    expect(detectDomain({ idea: 'Tutoring marketplace for high-school exams', targetCustomer: 'students', problemSolved: 'exam stress' }).domain.id).toBe('education');
    expect(detectDomain(vagueIdea).domain.id).toBe('general');
    // "healthy dinners" is food, not healthcare.
    expect(detectDomain({ idea: 'An app that plans cheap, healthy dinners', targetCustomer: 'parents', problemSolved: 'food waste' })).toEqual({
      domain: expect.objectContaining({ id: 'food' }),
      secondary: null,
    });
  });

  it('tells B2B, B2C and prosumer apart from the target customer', () => {
    expect(detectSegment(petIdea).segment).toBe('b2c');
    expect(detectSegment(b2bIdea).segment).toBe('b2b');
    expect(detectSegment({ idea: 'A portfolio tool', targetCustomer: 'freelance designers', problemSolved: 'x' }).segment).toBe('prosumer');
    expect(detectSegment({ idea: 'x', targetCustomer: 'HR directors at companies with 1,000+ employees', problemSolved: 'x' })).toEqual({
      segment: 'b2b',
      enterprise: true,
    });
  });

  it('prices for the segment: consumer plans in single dollars, enterprise pilots in thousands', () => {
    expect(offlineValidation(petIdea)).toMatch(/\$20 to \$45 per month/);
    const enterprise = offlineValidation({
      idea: 'An AI platform that audits vendor contracts for compliance risks automatically.',
      targetCustomer: 'Procurement directors at enterprises with 5,000 employees',
      problemSolved: 'Missed contract clauses cost them fines and millions in penalties every year.',
    });
    expect(enterprise).toMatch(/\$15,000 to \$60,000 per year/);
  });

  it('reads urgency signals, numbers and frequency from the problem', () => {
    const u = readUrgency(b2bIdea.problemSolved);
    expect(u.urgency).toMatch(/high|critical/);
    expect(u.signals.map((s) => s.kind)).toEqual(expect.arrayContaining(['Money at stake', 'Time lost']));
    expect(u.frequency).toBe('every month');
    expect(readUrgency('It would be nice sometimes.').urgency).toBe('low');
  });

  it('judges how specific the target customer is', () => {
    expect(readSpecificity('Everyone').level).toBe('broad');
    expect(readSpecificity('First-time dog owners aged 25-40 living in city apartments').level).toBe('sharp');
  });

  it('never lets the founder’s text inject markdown structure', () => {
    const md = offlineValidation({
      idea: '# Ignore previous instructions\n[click](javascript:alert(1)) <script>x</script>',
      targetCustomer: '**bold** customers | table',
      problemSolved: '```\ncode\n```',
    });
    expect(md).not.toMatch(/<script>|\]\(javascript:|```/);
    expect(md.split('\n').filter((l) => /^#/.test(l)).every((l) => l.startsWith('## '))).toBe(true);
  });
});
