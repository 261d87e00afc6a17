import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { countOf, type DailyClicks } from '@val/contracts';
import { t } from '@val/ui';
import { daysBetween, formatDay, formatNumber, isoDay } from '../format';

const H = 180;
/** An open range with fewer days of data still shows this many (ending on its last day). */
const MIN_DAYS = 7;
/** Widest bar, so one or two days never become one wide block. */
const MAX_BAR = 36;
const DAY_MS = 86_400_000;
const PAD = { top: 14, right: 12, bottom: 26, left: 40 };

const Figure = styled.figure`
  margin: 0;
  figcaption {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    flex-wrap: wrap;
    font-weight: 700;
    margin-bottom: 8px;
    span {
      color: ${t.textMuted};
      font-weight: 500;
      font-size: 0.9rem;
    }
  }
  svg {
    display: block;
    width: 100%;
    height: auto;
  }
  .axis {
    fill: ${t.textMuted};
    font-size: 12px;
  }
  .grid {
    stroke: ${t.border};
    stroke-width: 1;
  }
  .bar {
    fill: ${t.primary};
  }
  .bar:hover {
    fill: ${t.accent};
  }
  .area {
    fill: ${t.primary};
    fill-opacity: 0.25;
  }
  .line {
    fill: none;
    stroke: ${t.primary};
    stroke-width: 2;
  }
`;

/** A readable, even upper bound for the y axis (2, 4, 6, 8, 10 × 10^n), so the midline is whole. */
function niceMax(v: number): number {
  if (v <= 2) return 2;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [2, 4, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/**
 * Clicks per day as plain SVG: bars up to 92 days, an area line beyond. Missing days count as
 * zero. The drawing follows the container's width (text stays at its real size on a phone) and
 * its colours come from the theme variables, so it reads in dark and light.
 */
export function DailyChart({ points, from, to, label }: { points: DailyClicks[]; from?: string; to?: string; label: string }) {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [W, setW] = useState(640);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setW(Math.max(240, Math.round(entry.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  if (!points.length && !from) return null;
  const end = to ?? points[points.length - 1]?.day ?? from ?? isoDay(Date.now());
  let start = from ?? points[0]?.day ?? end;
  if (!from && daysBetween(start, end).length < MIN_DAYS) start = isoDay(Date.parse(`${end}T00:00:00Z`) - (MIN_DAYS - 1) * DAY_MS);
  const byDay = new Map(points.map((p) => [p.day, p.clicks]));
  const days = daysBetween(start, end);
  const values = days.map((d) => byDay.get(d) ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  const max = niceMax(Math.max(0, ...values));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const step = innerW / Math.max(1, days.length);
  const bars = days.length <= 92;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const summary = `${label}: ${countOf(total, 'click')} from ${formatDay(start)} to ${formatDay(end)}`;

  return (
    <Figure data-testid="daily-chart" ref={setEl}>
      <figcaption>
        {label}
        <span>
          {countOf(total, 'click')} · {formatDay(start)} – {formatDay(end)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line className="grid" x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} />
            <text className="axis" x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end">
              {formatNumber(Math.round(max * f))}
            </text>
          </g>
        ))}
        {bars ? (
          values.map((v, i) => {
            const w = Math.min(MAX_BAR, Math.max(1, step * 0.7));
            return (
              <rect key={days[i]} className="bar" x={x(i) - w / 2} y={y(v)} width={w} height={Math.max(0, PAD.top + innerH - y(v))} rx={Math.min(3, w / 3)}>
                <title>{`${formatDay(days[i])}: ${countOf(v, 'click')}`}</title>
              </rect>
            );
          })
        ) : (
          <>
            <path className="area" d={`M${x(0)},${y(0)} ${values.map((v, i) => `L${x(i)},${y(v)}`).join(' ')} L${x(values.length - 1)},${y(0)} Z`} />
            <path className="line" d={values.map((v, i) => `${i ? 'L' : 'M'}${x(i)},${y(v)}`).join(' ')} />
          </>
        )}
        {start === end ? (
          <text className="axis" x={x(0)} y={H - 6} textAnchor="middle">
            {formatDay(start)}
          </text>
        ) : (
          <>
            <text className="axis" x={PAD.left} y={H - 6} textAnchor="start">
              {formatDay(start)}
            </text>
            <text className="axis" x={W - PAD.right} y={H - 6} textAnchor="end">
              {formatDay(end)}
            </text>
          </>
        )}
      </svg>
    </Figure>
  );
}
