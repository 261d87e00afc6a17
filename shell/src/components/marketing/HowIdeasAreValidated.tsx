import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { Container, Section, t } from '@val/ui';
import { Eyebrow, Intro } from './common';

const Steps = styled.ol`
  list-style: none;
  margin: 0 0 28px;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 16px;
  counter-reset: step;
  @media (max-width: 800px) {
    grid-template-columns: 1fr;
  }
  li {
    counter-increment: step;
    background: ${t.bgElevated};
    border: 1px solid ${t.border};
    border-radius: 16px;
    padding: 22px;
  }
  li::before {
    content: counter(step);
    display: inline-grid;
    place-items: center;
    width: 34px;
    height: 34px;
    border-radius: 10px;
    margin-bottom: 12px;
    background: color-mix(in srgb, ${t.primary} 20%, transparent);
    color: ${t.text};
    font-weight: 800;
  }
  h3 {
    margin: 0 0 6px;
    font-size: 1.08rem;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
  }
`;
const More = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 10px 20px;
  border-radius: 10px;
  background: ${t.primary};
  color: ${t.primaryText};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    filter: brightness(1.1);
  }
`;

/** Shown instead of testimonials, newsletter and closing CTA once a validation exists. */
export function HowIdeasAreValidated() {
  return (
    <Section id="how-ideas-are-validated" aria-labelledby="how-title" data-testid="how-ideas-are-validated">
      <Container>
        <Intro>
          <Eyebrow>You have your analysis. What now?</Eyebrow>
          <h2 id="how-title">How Ideas Are Validated</h2>
          <p className="lead">Val’s feedback is the first step, not the verdict. This is how founders turn it into evidence.</p>
        </Intro>
        <Steps>
          <li>
            <h3>Question the analysis</h3>
            <p>Pick the two riskiest assumptions in Val’s report: usually who pays, and how much the pain hurts.</p>
          </li>
          <li>
            <h3>Talk to customers</h3>
            <p>Rehearse with the three AI customers above, then have the same conversations with five real people.</p>
          </li>
          <li>
            <h3>Run a cheap test</h3>
            <p>A landing page, a waitlist or a pre-sale. Let sign-ups, not compliments, decide what you build next.</p>
          </li>
        </Steps>
        <p style={{ textAlign: 'center', margin: 0 }}>
          <More to="/validation-strategy">Read the full validation strategy →</More>
        </p>
      </Container>
    </Section>
  );
}
