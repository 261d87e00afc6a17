import styled from 'styled-components';
import { countOf, EVIDENCE_USED_TITLE, SYNTHETIC_INTERVIEW_LABEL, type InterviewEvidence } from '@val/contracts';
import { t } from '@val/ui';

const Wrap = styled.section`
  margin-top: 28px;
  border: 1px solid ${t.border};
  border-radius: 14px;
  background: ${t.bgElevated};
  padding: 20px 22px 8px;
  @media (max-width: 600px) {
    padding: 16px 14px 4px;
  }
  h2 {
    margin: 0 0 6px;
    font-size: 1.2rem;
  }
`;

const Intro = styled.p`
  margin: 0 0 14px;
  font-size: 0.92rem;
  color: ${t.textMuted};
  line-height: 1.5;
`;

const Persona = styled.div`
  border-top: 1px solid ${t.border};
  padding: 14px 0;
  h3 {
    margin: 0;
    font-size: 1.02rem;
  }
  .role {
    color: ${t.textMuted};
    font-weight: 400;
  }
`;

/** The label on every persona: words, not only colour (outlined, the page's own text colours). */
const Label = styled.p`
  display: inline-block;
  margin: 6px 0 10px;
  padding: 2px 10px;
  border: 1px dashed ${t.purpleInk};
  border-radius: 10px;
  font-size: 0.8rem;
  font-weight: 600;
  color: ${t.purpleInk};
`;

const Exchanges = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    overflow-wrap: anywhere;
  }
  .q {
    margin: 0 0 4px;
    font-weight: 600;
    font-size: 0.93rem;
  }
  .q span {
    color: ${t.textMuted};
    font-weight: 400;
  }
  blockquote {
    margin: 0;
    padding: 4px 14px;
    border-left: 3px solid ${t.purpleInk};
    color: ${t.text};
    font-style: italic;
    line-height: 1.55;
  }
`;

/**
 * "Evidence used": step 3's interviews the order carried (persona, role, question, reply), each
 * labelled synthetic. Plain text only: the replies are AI output shaped by visitor input, so
 * React escapes them and nothing is parsed as markdown or HTML.
 */
export function EvidenceUsed({ evidence }: { evidence: InterviewEvidence }) {
  const replies = evidence.reduce((n, p) => n + p.exchanges.length, 0);
  return (
    <Wrap aria-labelledby="evidence-used-title" data-testid="evidence-used">
      <h2 id="evidence-used-title">{EVIDENCE_USED_TITLE}</h2>
      <Intro>
        Your step 3 interviews: {countOf(evidence.length, 'AI persona')}, {countOf(replies, 'reply', 'replies')}. The customer and market sections above quote
        them. They are synthetic: hypotheses to test with real customers, not market data.
      </Intro>
      {evidence.map((p, i) => (
        <Persona key={`${p.name}-${i}`} data-testid="evidence-persona">
          <h3>
            {p.name}
            {p.role && <span className="role"> · {p.role}</span>}
          </h3>
          <Label>{SYNTHETIC_INTERVIEW_LABEL}</Label>
          <Exchanges>
            {p.exchanges.map((x, j) => (
              <li key={j}>
                <p className="q">
                  <span>You asked: </span>
                  {x.question}
                </p>
                <blockquote data-testid="evidence-reply">“{x.reply}”</blockquote>
              </li>
            ))}
          </Exchanges>
        </Persona>
      ))}
    </Wrap>
  );
}
