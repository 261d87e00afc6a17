import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, Section, t } from '@val/ui';

const Article = styled.article<{ $wide?: boolean }>`
  max-width: ${(p) => (p.$wide ? '960px' : '760px')};
  margin: 0 auto;
  overflow-wrap: anywhere;
  header.page-head {
    margin-bottom: 28px;
  }
  p.eyebrow {
    margin: 0 0 8px;
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${t.accent};
  }
  h1 {
    font-size: clamp(1.9rem, 4.4vw, 2.8rem);
    margin: 0 0 10px;
    letter-spacing: -0.01em;
  }
  h2 {
    margin: 40px 0 12px;
    font-size: clamp(1.3rem, 2.6vw, 1.65rem);
    scroll-margin-top: 80px;
  }
  h3 {
    margin: 24px 0 8px;
    font-size: 1.1rem;
  }
  p {
    margin: 0 0 14px;
  }
  ul,
  ol {
    padding-left: 22px;
    margin: 0 0 16px;
    display: grid;
    gap: 6px;
  }
  .lead {
    color: ${t.textMuted};
    font-size: 1.12rem;
    margin: 0;
  }
  .meta {
    color: ${t.textMuted};
    font-size: 0.92rem;
    margin: 10px 0 0;
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.88em;
    background: ${t.bgSunken};
    border: 1px solid ${t.border};
    border-radius: 6px;
    padding: 1px 6px;
  }
  pre {
    background: ${t.bgSunken};
    border: 1px solid ${t.border};
    border-radius: 12px;
    padding: 14px 16px;
    overflow-x: auto;
    font-size: 0.86rem;
    line-height: 1.5;
    margin: 0 0 16px;
  }
  pre code {
    background: none;
    border: 0;
    padding: 0;
  }
  hr {
    border: 0;
    border-top: 1px solid ${t.border};
    margin: 36px 0;
  }
`;

/** A readable static page: optional eyebrow, title, lead, meta line and body. Sets the tab title. */
export function StaticPage({
  title,
  eyebrow,
  lead,
  meta,
  wide,
  children,
}: {
  title: string;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  meta?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <Section>
      <Container>
        <Article $wide={wide}>
          <header className="page-head">
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <h1>{title}</h1>
            {lead && <p className="lead">{lead}</p>}
            {meta && <p className="meta">{meta}</p>}
          </header>
          {children}
        </Article>
      </Container>
    </Section>
  );
}
