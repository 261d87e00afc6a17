import styled from 'styled-components';
import { Fragment } from 'react';
import {
  VALIDATION_INPUTS,
  countOf,
  validationPermalink,
  type InputDiff,
  type SectionChange,
  type ValidationComparison,
  type ValidationInputName,
  type ValidationInputSpec,
} from '@val/contracts';
import { t } from '@val/ui';
import { Link } from '@val/ui/router';

/** Texts of the comparison view. */
export const COMPARE_TEXT = {
  heading: (title: string) => `Compared with “${title}”`,
  score: 'Score',
  inputs: 'What you changed',
  sections: 'What changed in Val’s analysis',
  unchanged: 'unchanged',
  noScore: 'no score',
  state: { new: 'New', gone: 'Gone', changed: 'Changed', same: 'Same' } satisfies Record<SectionChange, string>,
} as const;

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 18px;
  border-radius: 12px;
  border: 1px solid color-mix(in srgb, ${t.purple} 40%, ${t.border});
  background: ${t.bgSunken};
  h4 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
  h5 {
    margin: 0 0 8px;
    font-size: 0.95rem;
    color: ${t.textMuted};
    font-weight: 600;
  }
  @media (max-width: 600px) {
    padding: 12px;
    margin: 0 -4px;
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 6px 16px;
  a {
    color: ${t.accent};
    font-size: 0.9rem;
  }
`;
const Score = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  font-size: 1.05rem;
  strong {
    font-size: 1.5rem;
    color: ${t.text};
  }
`;
const Delta = styled.span<{ $tone: 'up' | 'down' | 'flat' }>`
  padding: 2px 10px;
  border-radius: 999px;
  font-weight: 700;
  font-size: 0.95rem;
  color: ${(p) => (p.$tone === 'up' ? t.success : p.$tone === 'down' ? t.danger : t.textMuted)};
  border: 1px solid currentColor;
`;
const Inputs = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 14px;
  dt {
    font-weight: 600;
    color: ${t.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    line-height: 1.55;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 6px;
    }
  }
`;
const Ins = styled.ins`
  text-decoration: none;
  background: color-mix(in srgb, ${t.success} 22%, transparent);
  color: ${t.text};
  border-radius: 4px;
  padding: 0 2px;
`;
const Del = styled.del`
  background: color-mix(in srgb, ${t.danger} 18%, transparent);
  color: ${t.textMuted};
  border-radius: 4px;
  padding: 0 2px;
`;
const Same = styled.span`
  color: ${t.textMuted};
  font-style: italic;
`;
const Sections = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  > li {
    padding: 10px 12px;
    @media (max-width: 600px) {
      padding: 8px 10px;
    }
    border-radius: 10px;
    background: ${t.bgElevated};
    border: 1px solid ${t.border};
  }
`;
const SectionHead = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  font-weight: 600;
  overflow-wrap: break-word;
  > span:nth-child(2) {
    flex: 1 1 auto;
    min-width: 0;
  }
  @media (max-width: 600px) {
    flex-wrap: wrap;
    gap: 6px 8px;
    > span:nth-child(2) {
      order: 3;
      flex-basis: 100%;
    }
  }
`;
const State = styled.span<{ $state: SectionChange }>`
  flex: none;
  min-width: 72px;
  text-align: center;
  font-size: 0.78rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  padding: 2px 8px;
  border-radius: 999px;
  color: ${(p) => (p.$state === 'new' ? t.success : p.$state === 'gone' ? t.danger : p.$state === 'changed' ? t.purpleInk : t.textMuted)};
  border: 1px solid currentColor;
`;
const Toggle = styled.details`
  > summary {
    list-style: none;
    cursor: pointer;
    border-radius: 8px;
  }
  > summary::-webkit-details-marker {
    display: none;
  }
  > summary:focus-visible {
    outline: 2px solid ${t.focus};
    outline-offset: 2px;
  }
  > summary > div::after {
    content: '▸';
    margin-left: 8px;
    color: ${t.textMuted};
    transition: transform 120ms ease;
  }
  &[open] > summary > div::after {
    transform: rotate(90deg);
  }
`;
const Count = styled.span`
  flex: none;
  margin-left: auto;
  font-size: 0.82rem;
  font-weight: 600;
  color: ${t.textMuted};
  white-space: nowrap;
`;
const Lines = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  font-size: 0.9rem;
  line-height: 1.5;
  li {
    padding: 2px 8px;
    border-radius: 6px;
    overflow-wrap: anywhere;
  }
  li[data-op='added'] {
    background: color-mix(in srgb, ${t.success} 14%, transparent);
  }
  li[data-op='removed'] {
    background: color-mix(in srgb, ${t.danger} 12%, transparent);
    color: ${t.textMuted};
    text-decoration: line-through;
  }
  li::before {
    display: inline-block;
    width: 1.2em;
    font-weight: 700;
  }
  li[data-op='added']::before {
    content: '+';
    color: ${t.success};
  }
  li[data-op='removed']::before {
    content: '−';
    color: ${t.danger};
  }
`;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
/** A markdown line as plain text: no list marker, no bold/italic markers. */
const plain = (l: string) => l.replace(/^(?:[-*+]|\d+\.)\s+/, '').replace(/\*\*|__|`/g, '');
const fmt = (n: number | null) => (n === null ? COMPARE_TEXT.noScore : `${n.toFixed(1)}/10`);
const MAX_LINES = 8;
const UNCHANGED: InputDiff = { changed: false, parts: [] };

function WordDiff({ diff }: { diff: InputDiff }) {
  if (!diff.changed) return <Same>{COMPARE_TEXT.unchanged}</Same>;
  return (
    <>
      {diff.parts.map((p, i) =>
        p.op === 'added' ? <Ins key={i}>{p.text}</Ins> : p.op === 'removed' ? <Del key={i}>{p.text}</Del> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

/**
 * "Compared with <previous>": the score before → after, a word-level diff of each input,
 * and each section of Val's analysis as new, gone, changed (with its changed lines) or the same.
 */
export default function Comparison({ comparison: c }: { comparison: ValidationComparison }) {
  const change = c.score.change;
  const tone = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  const order: Record<SectionChange, number> = { changed: 0, new: 1, gone: 2, same: 3 };
  const sections = [...c.sections].sort((a, b) => order[a.state] - order[b.state]);
  return (
    <Root data-testid="comparison" aria-labelledby="val-compare-heading">
      <Head>
        <h4 id="val-compare-heading">{COMPARE_TEXT.heading(clip(c.base.idea, 90))}</h4>
        <Link to={validationPermalink(c.base.id)}>
          Open the earlier version ({new Date(c.base.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })})
        </Link>
      </Head>
      <Score data-testid="comparison-score">
        <span>{COMPARE_TEXT.score}:</span>
        <span>{fmt(c.score.before)}</span>
        <span aria-label="became">→</span>
        <strong>{fmt(c.score.after)}</strong>
        {change !== null && (
          <Delta $tone={tone}>
            {change > 0 ? '+' : change < 0 ? '−' : '±'}
            {Math.abs(change).toFixed(1)}
          </Delta>
        )}
      </Score>
      <div>
        <h5>{COMPARE_TEXT.inputs}</h5>
        <Inputs data-testid="comparison-inputs">
          {(VALIDATION_INPUTS as readonly ValidationInputSpec[]).map((f) => {
            const name = f.name as ValidationInputName;
            // An optional input neither version has is not listed.
            if (!f.required && c.base[name] === undefined && c.head[name] === undefined) return null;
            return (
              <Fragment key={name}>
                <dt>{f.listLabel}</dt>
                <dd>
                  <WordDiff diff={c.inputs[name] ?? UNCHANGED} />
                </dd>
              </Fragment>
            );
          })}
        </Inputs>
      </div>
      <div>
        <h5>{COMPARE_TEXT.sections}</h5>
        <Sections data-testid="comparison-sections">
          {sections.map((s) => (
            <li key={`${s.state}-${s.title}`} data-state={s.state}>
              {s.state === 'changed' && (s.added.length > 0 || s.removed.length > 0) ? (
                <Toggle>
                  <summary>
                    <SectionHead>
                      <State $state={s.state}>{COMPARE_TEXT.state[s.state]}</State>
                      <span>{s.title}</span>
                      <Count aria-label={`${countOf(s.added.length, 'line')} added, ${s.removed.length} removed`}>
                        +{s.added.length} −{s.removed.length}
                      </Count>
                    </SectionHead>
                  </summary>
                  <Lines>
                    {s.removed.slice(0, MAX_LINES).map((l, i) => (
                      <li key={`r${i}`} data-op="removed">
                        {clip(plain(l), 220)}
                      </li>
                    ))}
                    {s.added.slice(0, MAX_LINES).map((l, i) => (
                      <li key={`a${i}`} data-op="added">
                        {clip(plain(l), 220)}
                      </li>
                    ))}
                  </Lines>
                </Toggle>
              ) : (
                <SectionHead>
                  <State $state={s.state}>{COMPARE_TEXT.state[s.state]}</State>
                  <span>{s.title}</span>
                </SectionHead>
              )}
            </li>
          ))}
        </Sections>
      </div>
    </Root>
  );
}
