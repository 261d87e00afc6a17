import styled from 'styled-components';
import type { ReactNode } from 'react';
import { Card, t } from '@val/ui';

export const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 16px;
  margin-bottom: 20px;
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
  }
`;

const StatBox = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  .label {
    color: ${t.textMuted};
    font-size: 0.9rem;
    font-weight: 600;
  }
  .value {
    font-size: 1.9rem;
    font-weight: 800;
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  .value.text {
    font-size: 1.25rem;
    line-height: 1.3;
  }
  .sub {
    color: ${t.textMuted};
    font-size: 0.85rem;
  }
`;

/** A summary card: label, big value, small caption. */
export function StatCard({ label, value, sub, testId }: { label: string; value: ReactNode; sub?: ReactNode; testId?: string }) {
  return (
    <StatBox data-testid={testId}>
      <span className="label">{label}</span>
      <span className={typeof value === 'string' && !/^[\d,.]+$/.test(value) ? 'value text' : 'value'}>{value}</span>
      {sub !== undefined && <span className="sub">{sub}</span>}
    </StatBox>
  );
}

export const Panel = styled(Card)`
  margin-bottom: 20px;
  h3 {
    margin: 0 0 14px;
    font-size: 1.15rem;
  }
`;

export const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

export const Row = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 14px;
  padding: 12px 14px;
  border: 1px solid ${t.border};
  border-radius: 12px;
  background: ${t.bgSunken};
  @media (max-width: 640px) {
    grid-template-columns: auto minmax(0, 1fr);
    .metrics {
      grid-column: 1 / -1;
      justify-content: space-between;
    }
  }
`;

export const Rank = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 40px;
  height: 32px;
  padding: 0 8px;
  border-radius: 999px;
  font-weight: 800;
  font-size: 0.9rem;
  color: ${t.primaryText};
  background: ${t.primary};
`;

export const Who = styled.div`
  min-width: 0;
  .name {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    color: ${t.textMuted};
    font-size: 0.85rem;
    margin-top: 2px;
  }
`;

export const Metrics = styled.div.attrs({ className: 'metrics' })`
  display: flex;
  gap: 18px;
  align-items: center;
`;

const MetricBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  min-width: 52px;
  .n {
    font-weight: 800;
    font-size: 1.1rem;
  }
  .l {
    color: ${t.textMuted};
    font-size: 0.75rem;
  }
`;

/** A number with its label under it ("12" / "Clicks"). */
export function Metric({ value, label }: { value: number; label: string }) {
  return (
    <MetricBox>
      <span className="n">{value.toLocaleString('en-US')}</span>
      <span className="l">{label}</span>
    </MetricBox>
  );
}

export const Empty = styled.div`
  color: ${t.textMuted};
  text-align: center;
  padding: 28px 12px;
  p {
    margin: 4px 0;
  }
`;
