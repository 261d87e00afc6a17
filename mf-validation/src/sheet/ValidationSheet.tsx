import styled from 'styled-components';
import type { ValidationFactSheet } from '@val/contracts';
import { FigureTable, RiskList, SheetHeading, SourcesNoteLine, VerdictBlock } from '@val/ui/factSheet';
import { t } from '@val/ui';
import { BasisSummary } from './BasisForm';
export { isValidationSheet } from './isValidationSheet';

/** Title of the validation's sheet. */
export const VALIDATION_SHEET_TITLE = 'The numbers behind this analysis';

const Details = styled.details`
  border: 1px solid ${t.border};
  border-radius: 12px;
  background: ${t.bgElevated};
  padding: 0 16px;
  min-width: 0;
  > summary {
    cursor: pointer;
    padding: 14px 0;
    font-weight: 700;
    color: ${t.text};
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 10px;
  }
  > summary > :is(h3, h4) {
    display: inline;
    margin: 0;
    font-size: 1rem;
    border: 0;
    padding: 0;
  }
  > summary .glance {
    font-weight: 600;
    font-size: 0.88rem;
    color: ${t.textMuted};
  }
  &[open] > summary {
    border-bottom: 1px solid ${t.border};
    margin-bottom: 14px;
  }
  > :last-child {
    margin-bottom: 16px;
  }
  h4,
  h5 {
    font-size: 1rem;
    margin: 18px 0 6px;
    padding: 0;
    border: 0;
  }
  @media (max-width: 600px) {
    padding: 0 12px;
  }
`;

const Factors = styled.ul`
  && {
    list-style: none;
    margin: 6px 0 0;
    padding: 0;
  }
  display: grid;
  gap: 4px;
  font-size: 0.93rem;
  li {
    display: flex;
    gap: 10px;
    align-items: baseline;
  }
  .d {
    flex: none;
    min-width: 3.2em;
    text-align: right;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .plus {
    color: ${t.success};
  }
  .minus {
    color: ${t.danger};
  }
  .total {
    border-top: 1px solid ${t.border};
    padding-top: 6px;
    margin-top: 2px;
    font-weight: 700;
  }
`;

/** Every validation score starts here; the factors move it up or down (then it is capped to Val's range). */
const SCORE_START = 5;
const one = (n: number) => Number(n.toFixed(1)).toString();
/** "+1", "−0.5": a factor's effect on the score, with a real minus sign. */
export const deltaText = (d: number) => (d < 0 ? `\u2212${one(-d)}` : `+${one(d)}`);

/**
 * "The numbers behind this analysis", under Val's feedback (the lab and the permalink page),
 * collapsed until opened: the verdict and its rule, the score as its starting point and each
 * factor (+/−), the figures with their basis, the risk flags and whether live sources were
 * consulted. `level` is its title's heading level under the page's outline (its parts one below).
 */
export default function ValidationSheet({ sheet, level }: { sheet: ValidationFactSheet; level: 3 | 4 }) {
  const sub = level === 3 ? 4 : 5;
  const raw = Math.round((SCORE_START + sheet.factors.reduce((a, f) => a + f.delta, 0)) * 10) / 10;
  return (
    <Details data-testid="validation-sheet">
      <summary>
        <SheetHeading level={level}>{VALIDATION_SHEET_TITLE}</SheetHeading>
        <span className="glance">
          {sheet.verdict.word} · {one(sheet.score)}/10
        </span>
      </summary>
      <VerdictBlock verdict={sheet.verdict} label="Verdict" />
      {sheet.basis && (
        <>
          <SheetHeading level={sub}>Basis</SheetHeading>
          <BasisSummary sheet={sheet} />
        </>
      )}
      <SheetHeading level={sub}>Score: {one(sheet.score)}/10</SheetHeading>
      <Factors data-testid="validation-sheet-factors">
        <li>
          <span className="d">{one(SCORE_START)}</span>
          <span>starting point</span>
        </li>
        {sheet.factors.map((f, i) => (
          <li key={i}>
            <span className={`d ${f.delta < 0 ? 'minus' : 'plus'}`}>{deltaText(f.delta)}</span>
            <span>{f.reason}</span>
          </li>
        ))}
        {raw !== sheet.score && (
          <li>
            <span className="d">{one(raw)}</span>
            <span>capped: scores stay within Val’s range</span>
          </li>
        )}
        <li className="total">
          <span className="d">{one(sheet.score)}</span>
          <span>Val’s score out of 10</span>
        </li>
      </Factors>
      {sheet.figures.length > 0 && (
        <>
          <SheetHeading level={sub}>Figures</SheetHeading>
          <FigureTable figures={sheet.figures} currency={sheet.currency} label="The figures behind this analysis" testId="validation-sheet-figures" />
        </>
      )}
      <SheetHeading level={sub}>Risk flags</SheetHeading>
      <RiskList risks={sheet.risks} />
      <SourcesNoteLine sources={sheet.sources} />
    </Details>
  );
}
