import styled from 'styled-components';
import { NEWSLETTER } from '@val/content';
import { ButtonLink, Container, Section, t } from '@val/ui';
import { Eyebrow, VisuallyHidden } from './common';

const Panel = styled.div`
  display: grid;
  grid-template-columns: 1.4fr 1fr;
  gap: 28px;
  align-items: center;
  padding: 36px;
  border-radius: 20px;
  border: 1px solid ${t.border};
  background: radial-gradient(circle at 100% 0%, color-mix(in srgb, ${t.accent} 22%, transparent), transparent 55%), ${t.bgElevated};
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
    padding: 24px;
  }
  h2 {
    margin: 0 0 10px;
    font-size: clamp(1.5rem, 3vw, 2rem);
  }
  p {
    margin: 0;
    color: ${t.textMuted};
  }
  ul {
    margin: 14px 0 0;
    padding-left: 20px;
    color: ${t.text};
    display: grid;
    gap: 4px;
  }
`;
const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 10px;
  strong.readers {
    font-size: 2.2rem;
    line-height: 1;
    color: ${t.text};
  }
  span.caption {
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
`;

/** The newsletter call-to-action: an external page, opened in a new tab. */
export function NewsletterCta() {
  return (
    <Section id="newsletter" aria-labelledby="newsletter-title" data-testid="newsletter-cta">
      <Container>
        <Panel>
          <div>
            <Eyebrow>Free weekly newsletter</Eyebrow>
            <h2 id="newsletter-title">Get one validated idea in your inbox every week</h2>
            <p>
              {NEWSLETTER.name} breaks down a real startup idea each week: who buys, what they pay, and how it was tested before a line of code was written.
            </p>
            <ul>
              <li>Five-minute reads, no fluff</li>
              <li>Validation playbooks you can copy</li>
              <li>Unsubscribe with one click</li>
            </ul>
          </div>
          <Side>
            <strong className="readers">{NEWSLETTER.readersLabel}</strong>
            <span className="caption">founders already read it</span>
            <ButtonLink href={NEWSLETTER.url} target="_blank" rel="noopener noreferrer" data-testid="newsletter-link">
              Join the newsletter
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              <span aria-hidden="true">↗</span>
            </ButtonLink>
          </Side>
        </Panel>
      </Container>
    </Section>
  );
}
