import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { cleanFeedbackForDisplay } from '@val/contracts';
import { t } from '@val/ui';

const MarkdownView = lazy(() => import(/* webpackChunkName: "markdown" */ '@val/ui/markdown'));

/** Starts loading the markdown renderer early (e.g. when a validation is submitted). */
export function preloadMarkdown(): void {
  void import(/* webpackChunkName: "markdown" */ '@val/ui/markdown');
}

export const Prose = styled.div`
  overflow-wrap: anywhere;
  line-height: 1.65;
  h1,
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: 1.4em 0 0.5em;
    line-height: 1.3;
    color: ${t.text};
  }
  /* The text's top headings are h4 (under the result's h3; h3 under the permalink's h2), the ones below them one level down. */
  h3,
  h4 {
    font-size: 1.2rem;
    padding-bottom: 6px;
    border-bottom: 1px solid ${t.border};
  }
  h5,
  h6 {
    font-size: 1.05rem;
  }
  > :first-child {
    margin-top: 0;
  }
  p {
    margin: 0 0 0.8em;
  }
  ul,
  ol {
    margin: 0 0 0.9em;
    padding-left: 1.4em;
  }
  li {
    margin: 0.25em 0;
  }
  li > p {
    margin: 0;
  }
  strong {
    color: ${t.text};
  }
  .link-host {
    color: ${t.textMuted};
    font-size: 0.9em;
  }
  blockquote {
    margin: 0 0 0.9em;
    padding: 4px 14px;
    border-left: 3px solid ${t.primary};
    color: ${t.textMuted};
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    background: ${t.bgSunken};
    padding: 1px 5px;
    border-radius: 5px;
  }
  pre {
    background: ${t.bgSunken};
    padding: 12px;
    border-radius: 10px;
    overflow-x: auto;
  }
  pre code {
    padding: 0;
    background: none;
  }
  table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
    border-collapse: collapse;
    margin: 0 0 1em;
  }
  th,
  td {
    border: 1px solid ${t.border};
    padding: 6px 10px;
    text-align: left;
  }
  th {
    background: ${t.bgSunken};
  }
  hr {
    border: 0;
    border-top: 1px solid ${t.border};
    margin: 1.2em 0;
  }
  .img-alt {
    color: ${t.textMuted};
    font-style: italic;
  }
`;

const Plain = styled.div`
  white-space: pre-wrap;
`;

/**
 * The feedback as displayed: cleaned by the spec's display rule, then rendered as markdown whose
 * sections sit one level under the result's h3 heading ('Val's Analysis is Ready!').
 */
export function Feedback({ text, testId, headingLevel = 4 }: { text: string; testId?: string; headingLevel?: 3 | 4 | 5 }) {
  const shown = cleanFeedbackForDisplay(text);
  return (
    <Prose data-testid={testId}>
      <Suspense fallback={<Plain>{shown}</Plain>}>
        <MarkdownView text={shown} headingLevel={headingLevel} />
      </Suspense>
    </Prose>
  );
}
