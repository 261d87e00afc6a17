import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CurrencyInfo, MarketRead, ReportFactSheet, SheetScore, YearFigures } from '@val/contracts';
import { FACT_SHEET_TITLE, breakEvenLabel, formatMoney, formatWhole } from '@val/contracts/factSheet';
import { FigureTable, MarketFacts, RiskList, ScrollBox, SourcesNoteLine, VerdictBlock } from '@val/ui/factSheet';
import { t } from '@val/ui';

const Wrap = styled.section`
  margin: 0 0 24px;
  border: 1px solid ${t.border};
  border-radius: 14px;
  background: ${t.bgElevated};
  padding: 20px 22px 18px;
  min-width: 0;
  @media (max-width: 600px) {
    padding: 16px 14px;
  }
  h2 {
    margin: 0 0 4px;
    font-size: 1.3rem;
  }
  h3 {
    margin: 22px 0 6px;
    font-size: 1.02rem;
  }
`;

const Intro = styled.p`
  margin: 0 0 14px;
  font-size: 0.92rem;
  color: ${t.textMuted};
  line-height: 1.5;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(128px, 1fr));
  gap: 10px;
  margin: 14px 0 0;
  > div {
    border: 1px solid ${t.border};
    border-radius: 10px;
    padding: 10px 12px;
    background: ${t.bgSunken};
    min-width: 0;
  }
  dt {
    font-size: 0.78rem;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${t.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 4px 0 0;
    font-weight: 700;
    font-size: 1.02rem;
    overflow-wrap: anywhere;
    font-variant-numeric: tabular-nums;
  }
  dd.neg {
    color: ${t.danger};
  }
`;

const Read = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  font-size: 0.93rem;
  dt {
    font-weight: 600;
    color: ${t.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: 8px;
    }
  }
`;

/** The longer tables, one click away: the verdict, the forecast and the flags stay in view. */
const Arithmetic = styled.details`
  margin: 20px 0 0;
  border-top: 1px solid ${t.border};
  > summary {
    cursor: pointer;
    padding: 14px 0 2px;
    font-weight: 700;
    color: ${t.primaryInk};
  }
  > summary:hover {
    text-decoration: underline;
  }
`;

const Small = styled.p`
  margin: 6px 0 0;
  font-size: 0.88rem;
  color: ${t.textMuted};
  line-height: 1.5;
`;

/** "−£282K": a real minus sign, so a loss reads as one (and screen readers say "minus"). */
export const signedMoney = (n: number, c: Pick<CurrencyInfo, 'symbol'>): string => formatMoney(n, c).replace(/^-/, '\u2212');

const CURRENCY_FROM: Record<CurrencyInfo['from'], (place: string | null) => string> = {
  inputs: () => 'the currency your inputs use',
  place: (place) => `the currency of ${place ?? 'the place you named'}`,
  default: () => 'no currency or place was named',
};

/** Where the amounts' currency comes from, and that conversions use fixed planning rates. */
export function currencyNote(c: CurrencyInfo, market: Pick<MarketRead, 'place'>): string {
  const rate =
    c.code === 'USD'
      ? 'Market figures are in US dollars, the analyst’s own table.'
      : `Market figures are converted from US dollars at a fixed planning rate (1 USD = ${c.perUsd} ${c.code}), not a live exchange rate.`;
  const sign = c.symbol.trim() === c.code ? c.code : `${c.code} (${c.symbol.trim()})`;
  return `${sign}, ${CURRENCY_FROM[c.from](market.place)}. ${rate}`;
}

function YearsTable({ years, currency }: { years: ReadonlyArray<YearFigures>; currency: CurrencyInfo }) {
  return (
    <ScrollBox aria-label="Five-year forecast" data-testid="sheet-years">
      <table className="compact">
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col" className="r">
              Paying customers
            </th>
            <th scope="col" className="r">
              Revenue
            </th>
            <th scope="col" className="r">
              Costs
            </th>
            <th scope="col" className="r">
              Profit / loss
            </th>
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y.year}>
              <th scope="row">Year {y.year}</th>
              <td className="num r">{formatWhole(y.customers)}</td>
              <td className="num r">{formatMoney(y.revenue, currency)}</td>
              <td className="num r">{formatMoney(y.costs, currency)}</td>
              <td className={`num r${y.profit < 0 ? ' neg' : ''}`} data-negative={y.profit < 0 || undefined}>
                {signedMoney(y.profit, currency)}
                {y.profit < 0 ? ' loss' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function ScoresTable({ scores }: { scores: ReadonlyArray<SheetScore> }) {
  return (
    <ScrollBox aria-label="Scores" data-testid="sheet-scores">
      <table>
        <thead>
          <tr>
            <th scope="col">Score</th>
            <th scope="col">Out of 10</th>
            <th scope="col">Level</th>
            <th scope="col">How it is worked out</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((s) => (
            <tr key={s.id} data-score={s.id}>
              <th scope="row">{s.label}</th>
              <td className="num">{Number(s.score.toFixed(1))}/10</td>
              <td>{s.level}</td>
              <td className="basis">{s.basis}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * "The numbers behind this report": the fact sheet every section was written around and checked
 * against — the verdict and its rule, the market read, the sizing arithmetic, unit economics, the
 * plan, five years, break-even, the 0–10 scores, the risk flags and whether live sources were
 * consulted. Plain text throughout (React escapes it).
 */
export function ReportFactSheetView({ sheet, original, children }: { sheet: ReportFactSheet; original?: ReportFactSheet; children?: ReactNode }) {
  const c = sheet.currency;
  const overall = sheet.scores.find((s) => s.id === 'overall');
  const tam = sheet.sizing.find((f) => f.id === 'tam');
  const last = sheet.years[sheet.years.length - 1];
  return (
    <Wrap aria-labelledby="fact-sheet-title" data-testid="fact-sheet" id="numbers">
      <h2 id="fact-sheet-title">{FACT_SHEET_TITLE}</h2>
      <Intro>
        Computed in code from your inputs before any agent writes a word. Every section is written around these figures and checked against them before it is
        stored.
      </Intro>
      {original && (
        <Intro data-testid="sheet-yours">
          <strong>Your version:</strong> computed from the basis and assumptions you changed (marked “changed by you”). The original said{' '}
          {original.verdict.word}, break-even {breakEvenLabel(original.breakEvenMonth)}.
        </Intro>
      )}
      <VerdictBlock verdict={sheet.verdict} />
      <Facts>
        <div>
          <dt>Break-even</dt>
          <dd data-testid="sheet-break-even">{breakEvenLabel(sheet.breakEvenMonth)}</dd>
        </div>
        {overall && (
          <div>
            <dt>Overall score</dt>
            <dd>
              {Number(overall.score.toFixed(1))}/10 · {overall.level}
            </dd>
          </div>
        )}
        {tam && (
          <div>
            <dt>Total market a year</dt>
            <dd>{formatMoney(tam.value, c)}</dd>
          </div>
        )}
        {last && (
          <div>
            <dt>Profit / loss in year {last.year}</dt>
            <dd className={last.profit < 0 ? 'neg' : undefined}>{signedMoney(last.profit, c)}</dd>
          </div>
        )}
      </Facts>

      <h3>Market read</h3>
      <Read data-testid="sheet-market">
        <dt>Market</dt>
        <dd>{sheet.market.general ? 'general (no clear market in your inputs)' : sheet.market.label}</dd>
        <dt>Place</dt>
        <dd>{sheet.market.place ?? 'not named'}</dd>
        <dt>Buyer</dt>
        <dd>{sheet.market.buyer === 'business' ? 'businesses and organisations' : 'consumers (people paying for themselves)'}</dd>
        <dt>Currency</dt>
        <dd>{currencyNote(c, sheet.market)}</dd>
        {sheet.competitors.length > 0 && (
          <>
            <dt>Examples in this market</dt>
            <dd>{sheet.competitors.join(', ')}</dd>
          </>
        )}
      </Read>
      {children}

      <h3>Five-year forecast</h3>
      <YearsTable years={sheet.years} currency={c} />
      <Small>
        Break-even: <strong>{breakEvenLabel(sheet.breakEvenMonth)}</strong>
        {sheet.breakEvenMonth ? ' (the first month whose revenue covers its costs).' : ': no month in the forecast has revenue covering its costs.'}
      </Small>

      <Arithmetic data-testid="sheet-arithmetic">
        <summary>The arithmetic: market size, unit economics, plan and scores</summary>
        <h3>Market size</h3>
        <FigureTable figures={sheet.sizing} currency={c} label="Market size" testId="sheet-sizing" />

        <h3>Unit economics</h3>
        <FigureTable figures={sheet.economics} currency={c} label="Unit economics" testId="sheet-economics" />

        {sheet.plan.length > 0 && (
          <>
            <h3>Plan</h3>
            <FigureTable figures={sheet.plan} currency={c} label="Plan" testId="sheet-plan" />
          </>
        )}

        <h3>Scores</h3>
        <ScoresTable scores={sheet.scores} />
        <Small>0–3 is Low, 4–6 Medium, 7–10 High, in every section.</Small>

        {sheet.marketFacts?.length ? (
          <>
            <h3>From the analyst’s market table</h3>
            <MarketFacts facts={sheet.marketFacts} />
          </>
        ) : null}
      </Arithmetic>

      <h3>Risk flags</h3>
      <RiskList risks={sheet.risks} />

      <h3>Sources</h3>
      <SourcesNoteLine sources={sheet.sources} />
    </Wrap>
  );
}
