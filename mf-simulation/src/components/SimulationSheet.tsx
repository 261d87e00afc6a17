import type { SimulationFactSheet, SimulationMonthFigures } from '@val/contracts';
import { FigureTable, RiskList, ScrollBox, SourcesNoteLine } from '@val/ui/factSheet';
import { formatUsers } from '../lib/format';

/** Title of step 3's sheet. */
export const SIMULATION_SHEET_TITLE = 'The numbers behind this simulation';

/** "Launch" for month 1, "+29%" / "−5%" against the previous month, "—" when there is nothing to compare. */
export function growthText(m: Pick<SimulationMonthFigures, 'month' | 'growthPercent'>, index: number): string {
  if (index === 0) return 'Launch';
  if (m.growthPercent === null) return '—';
  return m.growthPercent > 0 ? `+${m.growthPercent}%` : m.growthPercent < 0 ? `\u2212${-m.growthPercent}%` : '0%';
}

/**
 * The content of "The numbers behind this simulation" (the disclosure around it is the step's):
 * each month's users, new and lost users and growth against the previous month; how the model
 * computed them (its figures, each with its explanation); risk flags and the sources note. Headings are h4, under the step's "Your first six months" (h3).
 */
export default function SimulationSheet({ sheet }: { sheet: SimulationFactSheet }) {
  return (
    <div data-testid="simulation-sheet">
      <h4>Month by month</h4>
      <ScrollBox aria-label="Users month by month" data-testid="simulation-sheet-months">
        <table className="compact">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Users</th>
              <th scope="col">New</th>
              <th scope="col">Lost</th>
              <th scope="col">Growth vs previous month</th>
            </tr>
          </thead>
          <tbody>
            {sheet.months.map((m, i) => (
              <tr key={m.month}>
                <th scope="row">Month {m.month}</th>
                <td className="num">{formatUsers(m.users)}</td>
                <td className="num">+{formatUsers(m.newUsers)}</td>
                <td className={`num${m.churnedUsers > 0 ? ' neg' : ''}`}>{m.churnedUsers > 0 ? `\u2212${formatUsers(m.churnedUsers)}` : '0'}</td>
                <td className={`num${(m.growthPercent ?? 0) < 0 && i > 0 ? ' neg' : ''}`}>{growthText(m, i)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <h4>How we computed these numbers</h4>
      <FigureTable figures={sheet.figures} currency={sheet.currency} label="How we computed these numbers" testId="simulation-sheet-figures" />
      {sheet.risks.length > 0 && (
        <>
          <h4>Risk flags</h4>
          <RiskList risks={sheet.risks} />
        </>
      )}
      <SourcesNoteLine sources={sheet.sources} />
    </div>
  );
}
