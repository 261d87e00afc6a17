import styled from 'styled-components';
import { NEWSLETTER, TESTIMONIALS } from '@val/content';
import { ButtonLink, Card, Heading, Muted, t } from '@val/ui';
import { Catalogue } from '../catalogue/Catalogue';

const Divider = styled.hr`
  border: 0;
  height: 1px;
  margin: 56px 0;
  background: linear-gradient(90deg, transparent, ${t.border}, transparent);
`;

const Quotes = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 16px;
  margin-top: 20px;
`;

const Quote = styled(Card)`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  blockquote {
    margin: 0;
    font-size: 0.97rem;
  }
  footer {
    display: flex;
    align-items: center;
    gap: 10px;
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
  strong {
    color: ${t.text};
    display: block;
  }
`;

const Avatar = styled.span`
  width: 36px;
  height: 36px;
  flex: none;
  border-radius: 50%;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: 800;
  color: #fff;
  background: ${t.purple};
`;

const Newsletter = styled(Card)`
  margin-top: 56px;
  text-align: center;
  padding: 36px 24px;
  background: linear-gradient(135deg, color-mix(in srgb, ${t.primary} 22%, ${t.bgElevated}), ${t.bgElevated});
  p {
    max-width: 560px;
    margin: 0 auto 18px;
  }
`;

/** /products: the catalogue, a divider, testimonials and the newsletter (the shell draws header and footer). */
export function ProductsView({ apiBase = '' }: { apiBase?: string }) {
  return (
    <>
      <Catalogue apiBase={apiBase} headingLevel="h1" />
      <Divider />
      <section aria-labelledby="testimonials-heading">
        <Heading id="testimonials-heading">What founders say</Heading>
        <Quotes>
          {TESTIMONIALS.map((q) => (
            <Quote as="figure" key={q.name}>
              <blockquote>“{q.quote}”</blockquote>
              <footer>
                <Avatar aria-hidden="true">{q.initial}</Avatar>
                <span>
                  <strong>{q.name}</strong>
                  {q.place}
                </span>
              </footer>
            </Quote>
          ))}
        </Quotes>
      </section>
      <Newsletter as="section" aria-labelledby="newsletter-heading">
        <Heading id="newsletter-heading">{NEWSLETTER.name}</Heading>
        <Muted>Join {NEWSLETTER.readersLabel} founders who get one validated startup idea, one teardown and one tool every week.</Muted>
        <ButtonLink href={NEWSLETTER.url} target="_blank" rel="noopener noreferrer">
          Subscribe free
        </ButtonLink>
      </Newsletter>
    </>
  );
}
