import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, Section, t } from '@val/ui';

const Article = styled.article`
  max-width: 760px;
  h1 { font-size: clamp(1.8rem, 4vw, 2.6rem); margin: 0 0 8px; }
  h2 { margin-top: 32px; }
  p, li { color: ${t.text}; }
  .lead { color: ${t.textMuted}; font-size: 1.1rem; }
`;

/** A readable static page: title, optional lead and body. */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <Section>
      <Container>
        <Article>
          <h1>{title}</h1>
          {lead && <p className="lead">{lead}</p>}
          {children}
        </Article>
      </Container>
    </Section>
  );
}
