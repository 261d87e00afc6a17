import styled from 'styled-components';
import { PARTNER_COMPANIES, countOf, derivePartnerRows, type DailyClicks, type LinkStat, type StatsRange } from '@val/contracts';
import { t } from '@val/ui';
import { formatDate, formatNumber } from '../format';
import { DailyChart } from './DailyChart';
import { Empty, List, Metric, Metrics, Panel, Rank, Row, StatCard, StatGrid, Who } from './parts';

const Open = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border: 1px solid ${t.border};
  border-radius: 999px;
  color: ${t.accent};
  font-size: 0.8rem;
  text-decoration: none;
  &:hover {
    border-color: ${t.accent};
  }
`;

const Arrow = () => (
  <svg
    width="12"
    height="12"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M14 4h6v6M20 4l-9 9M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />
  </svg>
);

/** The 'Partner Links' tab: three cards, clicks per day, partners ranked by total clicks. */
export function PartnerTab({ stats, daily, range, loading }: { stats: LinkStat[] | null; daily: DailyClicks[]; range: StatsRange; loading: boolean }) {
  const list = stats ?? [];
  const rows = derivePartnerRows(list);
  const total = list.reduce((n, s) => n + s.clickCount, 0);
  const active = rows.filter((r) => r.totalClicks > 0);
  const top = active[0];
  return (
    <div data-testid="partner-tab">
      <StatGrid>
        <StatCard testId="total-clicks" label="Total Clicks" value={formatNumber(total)} />
        <StatCard testId="top-partner" label="Top Partner" value={top ? top.company : 'None'} sub={top ? countOf(top.totalClicks, 'click') : undefined} />
        <StatCard testId="active-partners" label="Active Partners" value={active.length} sub={`of ${countOf(PARTNER_COMPANIES.length, 'partner')}`} />
      </StatGrid>
      {list.length > 0 && (
        <Panel>
          <DailyChart label="Partner link clicks per day" points={daily} from={range.from} to={range.to} />
        </Panel>
      )}
      <Panel>
        <h3>Partner Performance</h3>
        {stats === null && loading ? (
          <Empty>Loading partner analytics...</Empty>
        ) : list.length === 0 ? (
          <Empty>
            <p>No link clicks tracked yet.</p>
            <p>Clicks will appear here once users interact with the partner links.</p>
          </Empty>
        ) : (
          <List data-testid="partner-list">
            {rows.map((r, i) => (
              <Row key={r.company} data-testid="partner-row" data-toast-avoid={i === 0 ? '' : undefined}>
                <Rank>#{i + 1}</Rank>
                <Who>
                  <div className="name">{r.company}</div>
                  <div className="meta">
                    {r.lastClicked && <span>Last clicked: {formatDate(r.lastClicked)}</span>}
                    {r.logoUrl && (
                      <Open href={r.logoUrl} target="_blank" rel="noopener noreferrer" aria-label={`Open ${r.company} logo link in a new tab`}>
                        Logo <Arrow />
                      </Open>
                    )}
                    {r.buttonUrl && (
                      <Open href={r.buttonUrl} target="_blank" rel="noopener noreferrer" aria-label={`Open ${r.company} button link in a new tab`}>
                        Button <Arrow />
                      </Open>
                    )}
                  </div>
                </Who>
                <Metrics>
                  <Metric value={r.logoClicks} label="Logo" />
                  <Metric value={r.buttonClicks} label="Button" />
                  <Metric value={r.totalClicks} label="Total" />
                </Metrics>
              </Row>
            ))}
          </List>
        )}
      </Panel>
    </div>
  );
}
