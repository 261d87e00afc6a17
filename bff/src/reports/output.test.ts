import { AiError } from '../ai/types';
import { cleanAgentOutput } from './output';

const body = 'Gyms in the UK want class booking that works on a phone.\n\n### Segments\n- Boutique studios\n- Chains';

describe('cleanAgentOutput (tolerant parsing of an agent answer)', () => {
  it('keeps clean markdown as it is', () => {
    expect(cleanAgentOutput(body, 'Target Customers')).toBe(body);
  });
  it('removes a code fence around the whole answer', () => {
    expect(cleanAgentOutput('```markdown\n' + body + '\n```', 'Target Customers')).toBe(body);
  });
  it('drops chatter before the first heading and closing offers', () => {
    const raw = `Sure! Here is the section you asked for.\n\n## Target Customers\n\n${body}\n\nLet me know if you want more detail.`;
    expect(cleanAgentOutput(raw, 'Target Customers')).toBe(body);
  });
  it('drops a first heading that repeats the section title, in any case or markup', () => {
    expect(cleanAgentOutput(`# TARGET CUSTOMERS\n${body}`, 'Target Customers')).toBe(body);
    expect(cleanAgentOutput(`**Target customers**\n\n${body}`, 'Target Customers')).toBe(body);
  });
  it('accepts JSON-shaped answers', () => {
    expect(cleanAgentOutput(JSON.stringify({ markdown: body }), 'X')).toBe(body);
    expect(cleanAgentOutput(JSON.stringify({ content: body }), 'X')).toBe(body);
    expect(cleanAgentOutput(JSON.stringify({ sections: [{ title: 'Segments', content: 'Boutique studios and chains in the UK.' }] }), 'X')).toBe(
      '### Segments\n\nBoutique studios and chains in the UK.',
    );
  });
  it('normalises line endings and blank runs, and cuts runaway answers at a paragraph', () => {
    expect(cleanAgentOutput('Line one of the answer here.\r\n\r\n\r\n\r\nLine two of the answer.', 'X')).toBe(
      'Line one of the answer here.\n\nLine two of the answer.',
    );
    const long = Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} with some words.`).join('\n\n');
    const out = cleanAgentOutput(long, 'X');
    expect(out.length).toBeLessThanOrEqual(24_000);
    expect(out.endsWith('words.')).toBe(true);
  });
  it('rejects empty or contentless answers as malformed', () => {
    expect(() => cleanAgentOutput('', 'X')).toThrow(AiError);
    expect(() => cleanAgentOutput('```\n```', 'X')).toThrow(AiError);
    expect(() => cleanAgentOutput('## Target Customers\n', 'Target Customers')).toThrow(/empty or unusable/);
  });
});
