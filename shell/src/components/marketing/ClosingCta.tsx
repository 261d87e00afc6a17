import styled from 'styled-components';
import { CLAIMS } from '@val/content';
import { Button, Container, Section, t } from '@val/ui';
import { scrollToValidation } from './common';

const Panel = styled.div`
  text-align: center;
  padding: 48px 24px;
  border-radius: 24px;
  background: linear-gradient(135deg, ${t.primary}, ${t.purple});
  color: #fff;
  h2 {
    margin: 0 0 12px;
    font-size: clamp(1.6rem, 3.6vw, 2.4rem);
    color: #fff;
  }
  p {
    margin: 0 auto 24px;
    max-width: 560px;
    opacity: 0.92;
    font-size: 1.05rem;
  }
  small {
    display: block;
    margin-top: 14px;
    opacity: 0.85;
  }
`;
const Cta = styled(Button)`
  background: #fff;
  color: #2a1a7a;
  font-size: 1.05rem;
  padding: 12px 28px;
  &:focus-visible {
    outline-color: #fff;
    outline-offset: 3px;
  }
`;

/** The closing call-to-action: back to the validation section (or the top of the page). */
export function ClosingCta() {
  return (
    <Section id="get-started" aria-labelledby="closing-title" data-testid="closing-cta">
      <Container>
        <Panel>
          <h2 id="closing-title">Your idea deserves an honest first opinion</h2>
          <p>Tell Val what you want to build, who it is for and the problem it solves. Your report arrives in {CLAIMS.reportTime.value}.</p>
          <Cta type="button" onClick={scrollToValidation}>
            Validate my idea now
          </Cta>
          <small>Free, no signup required.</small>
        </Panel>
      </Container>
    </Section>
  );
}
