import styled from 'styled-components';
import { TESTIMONIALS } from '@val/content';
import { Container, Section, t } from '@val/ui';
import { Eyebrow, Intro } from './common';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 16px;
  @media (max-width: 960px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 620px) {
    grid-template-columns: 1fr;
  }
`;
const Item = styled.li`
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 16px;
  padding: 22px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  blockquote {
    margin: 0;
    color: ${t.text};
    font-size: 0.98rem;
    flex: 1;
  }
  blockquote p {
    margin: 0;
  }
  blockquote p::before {
    content: '“';
  }
  blockquote p::after {
    content: '”';
  }
`;
const Person = styled.figcaption`
  display: flex;
  align-items: center;
  gap: 12px;
  strong {
    display: block;
    color: ${t.text};
    font-size: 0.95rem;
  }
  span.place {
    color: ${t.textMuted};
    font-size: 0.85rem;
  }
`;
const Avatar = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 42px;
  height: 42px;
  border-radius: 50%;
  background: linear-gradient(135deg, ${t.primary}, ${t.purple});
  color: #fff;
  font-weight: 800;
`;
const Stars = styled.span`
  color: #f5b301;
  letter-spacing: 2px;
  font-size: 0.9rem;
`;

/** The six testimonials (initial, name, company or location, quote). */
export function Testimonials() {
  return (
    <Section id="testimonials" aria-labelledby="testimonials-title" data-testid="testimonials">
      <Container>
        <Intro>
          <Eyebrow>Founders who tested first</Eyebrow>
          <h2 id="testimonials-title">They asked Val before they bet on it</h2>
          <p className="lead">Real ideas, honest feedback, better decisions. Here is what founders tell us.</p>
        </Intro>
        <List>
          {TESTIMONIALS.map((q) => (
            <Item key={q.name}>
              <Stars role="img" aria-label="5 out of 5 stars">
                ★★★★★
              </Stars>
              <figure style={{ margin: 0, display: 'contents' }}>
                <blockquote>
                  <p>{q.quote}</p>
                </blockquote>
                <Person>
                  <Avatar aria-hidden="true">{q.initial}</Avatar>
                  <span>
                    <strong>{q.name}</strong>
                    <span className="place">{q.place}</span>
                  </span>
                </Person>
              </figure>
            </Item>
          ))}
        </List>
      </Container>
    </Section>
  );
}
