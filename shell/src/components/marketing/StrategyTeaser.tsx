import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { BUSINESS_SCHOOL_QUOTE, VALIDATION_ARTICLE } from '@val/content';
import { Container, Section, t } from '@val/ui';
import { Eyebrow } from './common';

const Panel = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 32px;
  align-items: center;
  padding: 32px;
  border-radius: 20px;
  border: 1px solid ${t.border};
  background: ${t.bgElevated};
  @media (max-width: 800px) {
    grid-template-columns: 1fr;
    padding: 24px;
    gap: 20px;
  }
  h2 {
    margin: 0 0 10px;
    font-size: clamp(1.4rem, 3vw, 1.9rem);
  }
  p {
    margin: 0 0 16px;
    color: ${t.textMuted};
  }
`;
const Quote = styled.figure`
  margin: 0;
  padding: 4px 0 4px 20px;
  border-left: 4px solid ${t.purple};
  blockquote {
    margin: 0 0 10px;
    font-size: 1.2rem;
    font-weight: 600;
    color: ${t.text};
    line-height: 1.45;
  }
  figcaption {
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
`;
const ReadLink = styled(Link)`
  font-weight: 700;
  color: ${t.accent};
  display: inline-flex;
  align-items: center;
  min-height: 44px;
`;

/** The home page's link to the validation-strategy article, with the business-school research. */
export function StrategyTeaser() {
  return (
    <Section id="strategy" aria-labelledby="strategy-title">
      <Container>
        <Panel>
          <Quote>
            <blockquote>{BUSINESS_SCHOOL_QUOTE.quote}</blockquote>
            <figcaption>{BUSINESS_SCHOOL_QUOTE.source}</figcaption>
          </Quote>
          <div>
            <Eyebrow>The validation strategy</Eyebrow>
            <h2 id="strategy-title">Don’t be one of the three</h2>
            <p>
              Most startups fail because nobody wanted what they built. Read the five-step method I use to test an idea and find its first customers before
              building it.
            </p>
            <ReadLink to="/validation-strategy">{VALIDATION_ARTICLE.title} →</ReadLink>
          </div>
        </Panel>
      </Container>
    </Section>
  );
}
