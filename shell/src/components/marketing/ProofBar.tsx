import styled from 'styled-components';
import { CLAIMS, ENTREPRENEURS_VALIDATED_LABEL, RATING_BADGE, formatCount, visibleTrustBadges, type Claim } from '@val/content';
import { t } from '@val/ui';
import { usePublicStats } from '../../content/publicStats';
import { ExternalLink, VisuallyHidden } from './common';

const Wrap = styled.div`
  margin-top: 28px;
  display: grid;
  gap: 18px;
`;
const Stats = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: 12px;
  @media (max-width: 980px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  @media (max-width: 560px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 10px;
  }
`;
const Stat = styled.div<{ $live?: boolean }>`
  position: relative;
  background: ${t.bgElevated};
  border: 1px solid ${(p) => (p.$live ? t.primary : t.border)};
  border-radius: 14px;
  padding: 20px 10px 14px;
  text-align: center;
  display: flex;
  flex-direction: column-reverse;
  justify-content: flex-end;
  gap: 2px;
  dd {
    margin: 0;
    font-size: clamp(1.2rem, 2.2vw, 1.55rem);
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    letter-spacing: -0.01em;
    color: ${t.text};
    min-height: 1.3em;
  }
  dt {
    font-size: 0.82rem;
    color: ${t.textMuted};
    line-height: 1.3;
  }
`;
const Live = styled.span`
  position: absolute;
  top: 7px;
  right: 9px;
  display: inline-flex;
  align-items: center;
  gap: 5px;
  font-size: 0.62rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${t.success};
  &::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${t.success};
  }
`;
const Badges = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  li {
    display: flex;
  }
`;
const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 6px 14px;
  border-radius: 999px;
  border: 1px solid ${t.border};
  background: ${t.bgSunken};
  color: ${t.text};
  font-size: 0.88rem;
  font-weight: 600;
  svg {
    flex: none;
  }
`;
const Note = styled.span`
  font-weight: 400;
  color: ${t.textMuted};
`;
const RatingLink = styled(ExternalLink)`
  text-decoration: none;
  border-radius: 999px;
  &:hover span[data-pill] {
    border-color: ${t.primary};
  }
`;

function Shield() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </svg>
  );
}

function Star() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="#f5b301">
      <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5z" />
    </svg>
  );
}

const fixed: Claim[] = [CLAIMS.aiAgents, CLAIMS.hoursSaved, CLAIMS.runtime, CLAIMS.moneySaved, CLAIMS.reportTime];

/**
 * The proof under the hero: the live "entrepreneurs validated" count, the fixed claims, the
 * rating badge (links to the launch page) and the trust badges this deployment shows.
 */
export function ProofBar() {
  const stats = usePublicStats();
  const badges = stats.loading ? [] : visibleTrustBadges(stats.trustBadges);
  return (
    <Wrap data-testid="proof-bar">
      <Stats>
        <Stat $live>
          <dt>
            {ENTREPRENEURS_VALIDATED_LABEL} <Live>live</Live>
          </dt>
          <dd data-testid="entrepreneurs-validated" aria-busy={stats.entrepreneursValidated === null}>
            {stats.entrepreneursValidated === null ? '…' : formatCount(stats.entrepreneursValidated)}
          </dd>
        </Stat>
        {fixed.map((c) => (
          <Stat key={c.label}>
            <dt>{c.label}</dt>
            <dd>
              {c.short ? (
                <>
                  <span aria-hidden="true">{c.short}</span>
                  <VisuallyHidden>{c.value}</VisuallyHidden>
                </>
              ) : (
                c.value
              )}
            </dd>
          </Stat>
        ))}
      </Stats>
      <Badges aria-label="Ratings and trust badges">
        <li>
          <RatingLink href={RATING_BADGE.url} data-testid="rating-badge">
            <Pill data-pill>
              <Star />
              Rated {RATING_BADGE.score} / {RATING_BADGE.outOf} on {RATING_BADGE.site}
            </Pill>
          </RatingLink>
        </li>
        {badges.map((b) => (
          <li key={b.id}>
            <Pill title={b.description} data-testid={`trust-badge-${b.id}`}>
              <Shield />
              {b.label}
              <Note>{b.note}</Note>
            </Pill>
          </li>
        ))}
      </Badges>
    </Wrap>
  );
}
